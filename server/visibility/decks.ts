/**
 * Who may see a deck: its owner only. The one rule for the REST reads (GET /api/decks and
 * /api/decks/:id through server/decks/repo.ts), the pull (server/sync/reads.ts `listDecks`, the
 * `deck` loader of server/sync/changes.ts) and the live fan-out (`audienceOfDeck`).
 */
import { eq, type SQL } from 'drizzle-orm';
import { decks } from '../db/schema';

/** SQL over `decks`: the rows `userId` may see. */
export function decksVisibleTo(userId: string): SQL {
  return eq(decks.ownerId, userId);
}

/** The users who hear of a change to this deck (its owner's devices). */
export function audienceOfDeck(deck: { ownerId: string }): string[] {
  return [deck.ownerId];
}
