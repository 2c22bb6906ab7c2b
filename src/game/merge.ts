/**
 * Merging counter changes made on several devices, some of them offline (design.md: counters
 * are sent as increments so that edits add up instead of overwriting each other).
 *
 * Guarantees:
 * - Exactly once: the union of the lists is applied, each increment id once, however many lists
 *   carry it and however long they are (ids are tracked here, not only in the 25-event log).
 * - Totals commute: away from the 0 clamp, the final life, counters and commander damage do not
 *   depend on the order of application, because every change is an addition.
 * - Event ORDER follows application order (the log shows what was applied when); the totals do not.
 *
 * The clamp caveat: poison, energy, experience and commander damage stop at 0, and a clamped
 * addition no longer commutes. Poison 0, device A +1, device B −1: A then B ends at 0, B then A
 * ends at 1 (B's −1 found nothing to remove). So one order must win, and the rule is:
 * - the SERVER applies increments in arrival order and clamps; its game is the truth;
 * - a CLIENT shows `rebase(serverGame, pending)`: the server's latest game with its own
 *   not-yet-acknowledged increments applied on top, in the order they were made. When the
 *   server's answer arrives the pending increment leaves the list and the server's game, which
 *   clamped it its own way, replaces the guess. All devices converge on the server's state.
 * Turn and status changes are not increments: they are last-writer-wins (see turns.ts).
 */
import type { Game, GameIncrement } from '../contract/game';
import { applyIncrement, incrementProblem } from './counters';
import { isApplied, type ChangeMeta } from './events';

export interface ApplyAllResult {
  game: Game;
  /** Ids applied now, in order. */
  applied: string[];
  /** Ids skipped because they were already applied (in the game, in `appliedIds`, or earlier in the list). */
  duplicates: string[];
  /** Increments the game refuses (ended game, unknown seat): the server will answer them 4xx. */
  rejected: Array<{ id: string; reason: string }>;
}

/** Applies `increments` in order, each id at most once, skipping the ones the game refuses. */
export function applyAll(game: Game, increments: readonly GameIncrement[], meta: ChangeMeta = {}): ApplyAllResult {
  const seen = new Set<string>(meta.appliedIds);
  const undone = new Set<string>();
  const result: ApplyAllResult = { game, applied: [], duplicates: [], rejected: [] };
  for (const increment of increments) {
    const repeatedUndo = increment.undoes !== undefined && undone.has(increment.undoes);
    if (repeatedUndo || isApplied(result.game, increment.id, seen)) {
      result.duplicates.push(increment.id);
      continue;
    }
    const reason = incrementProblem(result.game, increment);
    if (reason) {
      result.rejected.push({ id: increment.id, reason });
      continue;
    }
    const next = applyIncrement(result.game, increment, { at: meta.at, appliedIds: seen });
    seen.add(increment.id);
    if (increment.undoes !== undefined) undone.add(increment.undoes);
    if (next === result.game) result.duplicates.push(increment.id);
    else result.applied.push(increment.id);
    result.game = next;
  }
  return result;
}

/**
 * Two devices' offline increments on one base game: device A's list, then device B's, each
 * increment once. Totals are the same for any interleaving that does not hit the 0 clamp.
 */
export function mergeIncrements(
  base: Game,
  deviceA: readonly GameIncrement[],
  deviceB: readonly GameIncrement[],
  meta: ChangeMeta = {},
): Game {
  return applyAll(base, [...deviceA, ...deviceB], meta).game;
}

/**
 * What a client shows: the server's game with this device's pending increments (oldest first)
 * applied on top. Increments the server already applied (their id is in its log, or in
 * `appliedIds`, e.g. the outbox's acknowledged ids) are not applied twice; increments the server
 * will refuse are left out.
 */
export function rebase(serverGame: Game, pendingIncrements: readonly GameIncrement[], meta: ChangeMeta = {}): Game {
  return applyAll(serverGame, pendingIncrements, meta).game;
}
