/**
 * A deck as text, in the layout Moxfield, Archidekt and MTG Arena all import ("Commander" and
 * "Deck" sections of "quantity name" lines), and that parseDeckList reads back unchanged.
 */
import type { Deck } from '../../../contract/decks';

export function formatDeckList(deck: Pick<Deck, 'commander' | 'hasPartner' | 'partnerCommander' | 'cards'>): string {
  const commanders = [deck.commander, deck.hasPartner ? deck.partnerCommander : null].filter((name): name is string => Boolean(name?.trim()));
  const cards = deck.cards ?? [];
  const parts: string[] = [];
  if (commanders.length > 0) parts.push(['Commander', ...commanders.map((name) => `1 ${name}`)].join('\n'));
  if (cards.length > 0) parts.push(['Deck', ...cards.map((card) => `${card.quantity} ${card.name}`)].join('\n'));
  return parts.length > 0 ? `${parts.join('\n\n')}\n` : '';
}

/** "Atraxa Superfriends!" → "atraxa-superfriends.txt"; never empty, never a path. */
export function deckFileName(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'deck'}.txt`;
}
