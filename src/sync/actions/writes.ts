/**
 * The writes screens make, as mutations (src/mutations): each shows at once on the mirror and
 * waits in the outbox until the server has it. `mutateAndSend` is the one way a screen writes
 * (as `actions.mutate` in src/sync/app.ts); the helpers here and in src/sync/actions/games.ts
 * exist only where a write needs more than its arguments.
 */
import type { DeckInput } from '../../contract/decks';
import type { MutationInput, MutationName } from '../../contract/mutations';
import type { SyncContext } from '../engine/context';
import { mutate, newId } from '../engine/mutate';

/** Records the write, shows it, and wakes the sender; answers the mutation id (a created record's id). */
export async function mutateAndSend<N extends MutationName>(ctx: SyncContext, name: N, input: MutationInput<N>): Promise<string> {
  const entry = await mutate(ctx.db, name, input);
  ctx.kick();
  return entry.id;
}

/** Creates a deck (a new client-chosen id) or replaces one; returns its id. */
export async function saveDeck(ctx: SyncContext, input: DeckInput, existingId?: string): Promise<string> {
  const id = existingId ?? newId();
  await mutateAndSend(ctx, 'deck.save', { ...input, id, create: existingId === undefined });
  return id;
}
