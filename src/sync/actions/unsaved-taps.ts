/**
 * Counter taps the playmat showed whose write (mirror + outbox) had not been made when the page
 * was hidden or left. A tap is written after its frame is painted (at most 100 ms later,
 * src/features/game/playmat/tap-writes.ts); a page closed, reloaded or left within that time took the waiting
 * write with it, and the tap was lost (two taps, then a full navigation at once, kept only
 * one). localStorage is written synchronously, so what the page
 * hands over here while it is being hidden or torn down is kept; the next start writes it,
 * before anything is sent.
 *
 * Exactly once: a kept tap is written only when neither the outbox nor the mirror's game holds
 * its id (its write may have finished after the page was hidden). The write goes out under the
 * tap's id, which the server claims once, so even a tap whose first write was already sent and
 * answered (and whose id the mirror's recent events no longer list) is not counted twice there.
 */
import * as z from 'zod/mini';
import { gameIncrement } from '../../contract/game';
import type { SyncContext } from '../engine/context';
import { isApplied } from '../../game/events';
import { localStore as storage } from '../engine/local-storage';
import { changeCounter } from './games';

export const UNSAVED_TAPS_KEY = 'podtable.unsavedTaps';

const unsavedTap = z.object({ gameId: z.string(), increment: gameIncrement });
const unsavedTaps = z.array(unsavedTap);
export type UnsavedTap = z.infer<typeof unsavedTap>;

/** Keeps `taps` for the next start (replacing what was kept); none: forgets what was kept. */
export function keepUnsavedTaps(taps: readonly UnsavedTap[]): void {
  const store = storage();
  if (!store) return;
  if (taps.length === 0) store.removeItem(UNSAVED_TAPS_KEY);
  else store.setItem(UNSAVED_TAPS_KEY, JSON.stringify(taps));
}

/** Writes the kept taps that were not written, in the order they were tapped; returns how many. */
export async function writeUnsavedTaps(ctx: SyncContext): Promise<number> {
  const store = storage();
  const raw = store?.getItem(UNSAVED_TAPS_KEY);
  if (!store || !raw) return 0;
  let taps: UnsavedTap[] = [];
  try {
    taps = unsavedTaps.parse(JSON.parse(raw));
  } catch (error) {
    console.warn('Kept taps could not be read; they are dropped.', error);
  }
  let written = 0;
  for (const { gameId, increment } of taps) {
    if ((await ctx.db.outbox.where('id').equals(increment.id).count()) > 0) continue;
    const game = await ctx.db.games.get(gameId);
    if (!game || isApplied(game, increment.id)) continue;
    try {
      await changeCounter(ctx, gameId, increment);
      written += 1;
    } catch (error) {
      // The game ended or was left meanwhile (the write is refused): nothing to keep it for.
      console.warn('A kept tap could not be written.', error);
    }
  }
  store.removeItem(UNSAVED_TAPS_KEY);
  return written;
}
