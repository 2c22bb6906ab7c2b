/**
 * Guests' contact e-mails. The creator types a guest's address so a claim link can be mailed to
 * it; from then on:
 * - the full address is stored only in the guest's claim row (game_claims.email); the game row
 *   keeps the masked form (`a•••@example.com`, src/contract/masked-email.ts), so no read, log
 *   entry or stored answer can carry the full address;
 * - the game's creator reads the masked form; every other reader (players, pod members of an
 *   ended pod game) reads `accountEmail: null` — in REST answers, the pull and live events.
 * Invariant: every place a Game leaves the server passes it through `gameForViewer`, and every
 * write of a game row through `storedParticipants` (server/games/repo.ts).
 */
import type { Game, GameParticipant } from '../../src/contract/game';
import type { LoggedEvent } from '../../src/contract/live';
import { maskEmail } from '../../src/contract/masked-email';

function hasEmail(game: Pick<Game, 'participants'>): boolean {
  return game.participants.some((p) => p.accountEmail !== null);
}

/** The participants as the game row stores them: guest addresses masked. */
export function storedParticipants(participants: GameParticipant[]): GameParticipant[] {
  return participants.map((p) => (p.accountEmail === null ? p : { ...p, accountEmail: maskEmail(p.accountEmail) }));
}

/** The game as `viewerId` may see its guests' e-mails: masked for its creator, absent for anyone else. */
export function gameForViewer(game: Game, viewerId: string): Game {
  return viewed(game, game.createdById === viewerId);
}

function viewed(game: Game, mine: boolean): Game {
  if (!hasEmail(game)) return game;
  return {
    ...game,
    participants: game.participants.map((p) =>
      p.accountEmail === null ? p : { ...p, accountEmail: mine ? maskEmail(p.accountEmail) : null },
    ),
  };
}

/**
 * A live event for its recipients, split where they must see different things: a GAME_UPDATED
 * whose game has guest e-mails goes once to its creator (masked) and once to everyone else
 * (none). Any other event goes to all of them unchanged.
 */
export function eventForViewers(userIds: string[], event: LoggedEvent): Array<{ userIds: string[]; event: LoggedEvent }> {
  if (event.type !== 'GAME_UPDATED' || !hasEmail(event.payload)) return [{ userIds, event }];
  const creator = event.payload.createdById;
  const others = userIds.filter((id) => id !== creator);
  const groups: Array<{ userIds: string[]; event: LoggedEvent }> = [];
  if (others.length < userIds.length) groups.push({ userIds: [creator], event: { ...event, payload: viewed(event.payload, true) } });
  if (others.length > 0) groups.push({ userIds: others, event: { ...event, payload: viewed(event.payload, false) } });
  return groups;
}
