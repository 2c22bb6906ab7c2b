/**
 * Taps paint first: a tap on the playmat is drawn in the same frame from this small
 * in-memory overlay, and recorded to the mirror and the outbox after the frame is painted.
 *
 * Invariant: the playmat shows `rebase(mirror game, overlay taps of that game)`. An overlay tap
 * carries the id its increment is recorded under, and rebase applies an id the mirror's game
 * already holds only once, so a tap is never counted twice. A tap leaves the overlay
 * - when the mirror's game shows it (its id is in the log: the usual case, one mirror read after
 *   the write, a few ms), or
 * - RECORDED_GRACE_MS after its write was recorded (by then the mirror has been read again; this
 *   covers a log that moved past the tap's id), or
 * - at once when its write was refused (the playmat says why).
 * Nothing else reads it: the overlay never reaches the network, the mirror stays the record.
 */
import { create } from 'zustand';
import type { Game, GameIncrement } from '../contract/game';
import { applyIncrement, GameRuleError } from '../game/counters';
import { isApplied } from '../game/events';

/** A recorded tap waits this long at most for the mirror to show it (tuned: a mirror read is ~5–30 ms). */
export const RECORDED_GRACE_MS = 1000;

export interface OverlayTap {
  gameId: string;
  increment: GameIncrement;
  /** performance.now() when the write was recorded; null while it waits for the frame. */
  recordedAt: number | null;
}

interface TapsState {
  taps: OverlayTap[];
  add(gameId: string, increment: GameIncrement): void;
  recorded(id: string, at: number): void;
  drop(id: string): void;
  /** Drops the taps of `game` its mirror copy shows, and recorded ones older than the grace. */
  prune(game: Game, now: number): void;
}

export const useTaps = create<TapsState>()((set, get) => ({
  taps: [],
  add(gameId, increment) {
    set({ taps: [...get().taps, { gameId, increment, recordedAt: null }] });
  },
  recorded(id, at) {
    set({ taps: get().taps.map((tap) => (tap.increment.id === id ? { ...tap, recordedAt: at } : tap)) });
  },
  drop(id) {
    const taps = get().taps.filter((tap) => tap.increment.id !== id);
    if (taps.length !== get().taps.length) set({ taps });
  },
  prune(game, now) {
    const taps = get().taps;
    const kept = taps.filter(
      (tap) =>
        tap.gameId !== game.id ||
        (!isApplied(game, tap.increment.id) && (tap.recordedAt === null || now - tap.recordedAt < RECORDED_GRACE_MS)),
    );
    if (kept.length !== taps.length) set({ taps: kept });
  },
}));

const NONE: GameIncrement[] = [];

/** The overlay taps of one game, oldest first (a stable empty list when there are none). */
export function pendingTaps(taps: readonly OverlayTap[], gameId: string): GameIncrement[] {
  const mine = taps.filter((tap) => tap.gameId === gameId).map((tap) => tap.increment);
  return mine.length === 0 ? NONE : mine;
}

/**
 * What the playmat shows: the mirror's game with the overlay's taps on top (see the invariant):
 * a tap the mirror already holds, or that the game refuses by now, is left out.
 */
export function shownGame<G extends Game>(mirror: G, taps: readonly GameIncrement[]): G {
  if (taps.length === 0) return mirror;
  let game: Game = mirror;
  for (const tap of taps) {
    if (isApplied(game, tap.id)) continue;
    try {
      game = applyIncrement(game, tap);
    } catch (error) {
      if (!(error instanceof GameRuleError)) throw error;
    }
  }
  return { ...mirror, ...game };
}
