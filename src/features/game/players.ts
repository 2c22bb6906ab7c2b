/**
 * From people in the mirror to wizard players, and from the wizard draft to the body of
 * actions.createGame. Pure (no React, no database).
 */
import { commanderLabel, type Deck } from '../../contract/decks';
import type { CreateGameInput, ParticipantRole } from '../../contract/game';
import type { PublicUser } from '../../contract/users';
import { layoutFor } from '../../game/layouts';
import type { PlayerDraft } from '../../game/wizard';
import { nameOf } from '../../contract/names';
import { firstPlayerIndex, newPlayerKey, type WizardDraft, type WizardPlayer } from '../../stores/wizard';

export const ROLE_LABEL: Record<ParticipantRole, string> = { self: 'You', friend: 'Friend', pod: 'Pod member', guest: 'Guest' };

export const START_FAILED = 'We could not start the game. Please try again.';

/** The name a player goes by at the table. */
export function playerName(player: PlayerDraft): string {
  return player.displayName?.trim() || player.guestName?.trim() || 'Player';
}

/** A deck's fields as a player's (choosing a deck sets its commanders too). */
export function deckFields(deck: Pick<Deck, 'id' | 'name' | 'commander' | 'hasPartner' | 'partnerCommander'>) {
  return {
    deckId: deck.id,
    deckName: deck.name,
    commanderName: deck.commander ?? '',
    partnerCommanderName: deck.hasPartner ? deck.partnerCommander : null,
  };
}

export function accountPlayer(user: PublicUser, role: Exclude<ParticipantRole, 'guest'>): WizardPlayer {
  return { key: newPlayerKey(), role, userId: user.id, displayName: nameOf(user) };
}

/**
 * The signed-in user, with a deck already chosen: the default deck when the mirror has it, else
 * the only deck when there is exactly one (a player who built one deck plays it; with two or
 * more and no default, the choice is left to them).
 */
export function selfPlayer(user: PublicUser & { defaultDeckId?: string | null }, decks: readonly Deck[] = []): WizardPlayer {
  const player = accountPlayer(user, 'self');
  const defaultDeck = user.defaultDeckId ? decks.find((d) => d.id === user.defaultDeckId) : undefined;
  const deck = defaultDeck ?? (decks.length === 1 ? decks[0] : undefined);
  return deck ? { ...player, ...deckFields(deck) } : player;
}

export interface GuestForm {
  guestName: string;
  deckName: string;
  commanderName: string;
  partnerCommanderName: string;
  accountEmail: string;
}

/** A guest from the guest form. A partner typed without a commander leads as the commander. */
export function guestPlayer(form: GuestForm): WizardPlayer {
  const name = form.guestName.trim();
  const commander = form.commanderName.trim();
  const partner = form.partnerCommanderName.trim();
  return {
    key: newPlayerKey(),
    role: 'guest',
    userId: null,
    displayName: name,
    guestName: name,
    commanderName: commander || partner,
    partnerCommanderName: commander && partner ? partner : null,
    deckName: form.deckName.trim() || null,
    accountEmail: form.accountEmail.trim() || null,
  };
}

/** 'Atraxa' or 'Tymna // Thrasios'; null when no commander is named yet. */
export function commandersOf(player: Pick<PlayerDraft, 'commanderName' | 'partnerCommanderName'>): string | null {
  return commanderLabel({
    commander: player.commanderName ?? null,
    hasPartner: true,
    partnerCommander: player.partnerCommanderName ?? null,
  });
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The body of actions.createGame for a complete draft (validate with validateGameStart first). */
export function createGameInput(draft: WizardDraft): Omit<CreateGameInput, 'id'> {
  const layout = layoutFor(draft.players.length, draft.layoutPreset ?? undefined);
  return {
    podId: draft.kind === 'pod' ? draft.podId : null,
    requiresVerification: false,
    status: 'ACTIVE',
    layoutPreset: layout.name,
    seats: layout.seats,
    activeSeat: firstPlayerIndex(draft),
    participants: draft.players.map((player, seatNumber) => ({
      seatNumber,
      role: player.role,
      displayName: playerName(player),
      userId: player.role === 'guest' ? null : (player.userId ?? null),
      accountEmail: player.role === 'guest' ? blankToNull(player.accountEmail) : null,
      deckId: player.deckId ?? null,
      deckName: blankToNull(player.deckName),
      commanderName: player.commanderName?.trim() ?? '',
      partnerCommanderName: blankToNull(player.partnerCommanderName),
      guestName: player.role === 'guest' ? blankToNull(player.guestName) ?? playerName(player) : null,
    })),
  };
}

/** What to show when a game could not start: a validation issue, the error's message, else ours. */
export function startErrorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const issues = (error as { issues?: unknown }).issues;
    if (Array.isArray(issues)) {
      const first = issues[0] as { message?: unknown } | undefined;
      if (typeof first?.message === 'string' && first.message) return first.message;
    }
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return START_FAILED;
}
