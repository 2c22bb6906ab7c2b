import { describe, expect, it, vi } from 'vitest';
import type { CardSummary } from '../../../src/contract/cards';
import { parseDeckList } from '../../../src/features/decks/import/parse-deck-list';
import { importedDeckInput, recogniseCommanders, RecogniseText, type CommanderSearch } from '../../../src/features/decks/import/recognise-commanders';

const card = (name: string): CardSummary => ({ name, typeLine: 'Legendary Creature', imageUrl: null });

/** A card search that knows these commanders (partner: these partners/backgrounds). */
function searchKnowing(commanders: string[], partners: string[] = []): CommanderSearch & ReturnType<typeof vi.fn> {
  return vi.fn(async (query: string, partner = false) => {
    const pool = partner ? partners : commanders;
    return { cards: pool.filter((name) => name.toLowerCase().includes(query.toLowerCase())).map(card), offline: false };
  });
}

describe('recogniseCommanders', () => {
  it("takes the card's own spelling for a marked commander the search finds", async () => {
    const search = searchKnowing(["Atraxa, Praetors' Voice"]);
    const result = await recogniseCommanders(parseDeckList("Commander\n1 atraxa, praetors' voice\n\nDeck\n1 Sol Ring\n"), search);
    expect(result.commander).toBe("Atraxa, Praetors' Voice");
    expect(result.partnerCommander).toBeNull();
    expect(result.notes).toEqual([]);
    expect(search).toHaveBeenCalledWith("atraxa, praetors' voice", false);
  });

  it('looks the second commander up among partners and backgrounds first', async () => {
    const search = searchKnowing(['Wilson, Refined Grizzly'], ['Guild Artisan']);
    const result = await recogniseCommanders(parseDeckList('Commander\n1 Wilson, Refined Grizzly\n1 Guild Artisan\n'), search);
    expect([result.commander, result.partnerCommander]).toEqual(['Wilson, Refined Grizzly', 'Guild Artisan']);
    expect(search).toHaveBeenCalledWith('Guild Artisan', true);
  });

  it('falls back to plain commanders for a second one that is not a partner (Doctor and companion)', async () => {
    const search = searchKnowing(['The Thirteenth Doctor', 'Yasmin Khan']);
    const result = await recogniseCommanders(parseDeckList('Commander\n1 The Thirteenth Doctor\n1 Yasmin Khan\n'), search);
    expect(result.partnerCommander).toBe('Yasmin Khan');
    expect(result.notes).toEqual([]);
  });

  it('matches a double-faced commander named by its front face', async () => {
    const search = searchKnowing(['Esika, God of the Tree // The Prismatic Bridge']);
    const result = await recogniseCommanders(parseDeckList('1x Esika, God of the Tree *CMDR*\n'), search);
    expect(result.commander).toBe('Esika, God of the Tree // The Prismatic Bridge');
  });

  it('keeps a marked commander the search does not know as typed, with a note', async () => {
    const result = await recogniseCommanders(parseDeckList('1 Homebrew Hero *CMDR*\n'), searchKnowing([]));
    expect(result.commander).toBe('Homebrew Hero');
    expect(result.notes).toEqual([RecogniseText.notACommander('Homebrew Hero')]);
  });

  it('keeps a guessed commander the search confirms, and moves a wrong guess back into the deck', async () => {
    const confirmed = await recogniseCommanders(parseDeckList("1 Sol Ring\n\n1 K'rrik, Son of Yawgmoth\n"), searchKnowing(["K'rrik, Son of Yawgmoth"]));
    expect(confirmed.commander).toBe("K'rrik, Son of Yawgmoth");
    expect(confirmed.cards).toEqual([{ quantity: 1, name: 'Sol Ring' }]);

    const wrong = await recogniseCommanders(parseDeckList('1 Sol Ring\n1 Mana Crypt\n\n1 Lightning Bolt\n'), searchKnowing([]));
    expect(wrong.commander).toBeNull();
    expect(wrong.cards.map((entry) => entry.name)).toEqual(['Sol Ring', 'Mana Crypt', 'Lightning Bolt']);
    expect(wrong.notes).toEqual([RecogniseText.guessNotACommander('Lightning Bolt'), RecogniseText.noCommander]);
  });

  it('offline (or with the service down) keeps marked and guessed commanders as typed', async () => {
    const offline: CommanderSearch = async () => ({ cards: [], offline: true });
    const failing: CommanderSearch = async () => {
      throw new Error('502');
    };
    for (const search of [offline, failing]) {
      const result = await recogniseCommanders(parseDeckList("1 Sol Ring\n\n1 K'rrik, Son of Yawgmoth\n"), search);
      expect(result.commander).toBe("K'rrik, Son of Yawgmoth");
      expect(result.notes).toEqual([RecogniseText.unchecked]);
    }
  });

  it('offline, a commander seen before takes its stored spelling', async () => {
    const seenBefore: CommanderSearch = async () => ({ cards: [card("Atraxa, Praetors' Voice")], offline: true });
    const result = await recogniseCommanders(parseDeckList("Commander\n1 ATRAXA, PRAETORS' VOICE\n"), seenBefore);
    expect(result.commander).toBe("Atraxa, Praetors' Voice");
    expect(result.notes).toEqual([]);
  });

  it('importedDeckInput carries links and cards, and ticks Has partner only with a partner', async () => {
    const parsed = parseDeckList('https://www.moxfield.com/decks/abc\nCommander\n1 Atraxa\n\nDeck\n1 Sol Ring\n');
    const input = importedDeckInput('Mine', parsed, await recogniseCommanders(parsed, searchKnowing(['Atraxa'])));
    expect(input).toEqual({
      name: 'Mine',
      description: null,
      commander: 'Atraxa',
      hasPartner: false,
      partnerCommander: null,
      externalLinks: ['https://www.moxfield.com/decks/abc'],
      cards: [{ quantity: 1, name: 'Sol Ring' }],
    });
  });
});
