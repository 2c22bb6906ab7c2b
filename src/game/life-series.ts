/**
 * The life series (`table.lifeByTurn`): each player's life at the start of every turn and when the
 * game ended, for the summary's life chart. Booked by the pure functions that pass a turn
 * (turns.ts) and end the game (ending.ts), so the app and the server keep the same series.
 *
 * Invariants: points are in ascending turn order, one per turn, at most one `end` point and only
 * last; at most LIFE_BY_TURN_MAX points (the oldest leave). A pass to turn T drops any point of T
 * or later first (two phones' passes to the same turn keep one point); undoing a pass to turn T
 * drops the points after T (the pass's own point). The start of the turn in progress is added from
 * `turnStartLife` when the series lacks it: the first turn, and games begun before the series
 * existed (their chart starts at the turn the series began). A resumed game's end point leaves
 * with its next pass or end. A turn gone back to by an undo keeps the life it started with (while
 * `turnStartLife`, for the biggest swing, restarts at the undo).
 */
import type { Game } from '../contract/game';
import { LIFE_BY_TURN_MAX, type LifePoint } from '../contract/game-table';
import { seatName, total } from './events';
import { tableOf } from './table';

/** The series as stored; none in games stored before it existed. */
export function lifeByTurnOf(game: Game): readonly LifePoint[] {
  return tableOf(game).lifeByTurn ?? [];
}

function lifeNow(game: Game): Record<string, number> {
  return Object.fromEntries(game.participants.map((p) => [String(p.seatNumber), p.lifeTotal]));
}

/** The series up to the start of the turn in progress (no end point, nothing after it), that start added when missing. */
function throughCurrentTurn(game: Game): LifePoint[] {
  const table = tableOf(game);
  const kept = lifeByTurnOf(game).filter((point) => !point.end && point.turn <= game.turnNumber);
  if (kept.at(-1)?.turn === game.turnNumber) return kept;
  return [...kept, { turn: game.turnNumber, life: { ...table.turnStartLife } }];
}

/** The series once `game`'s turn in progress passes to `nextTurn`: everyone's life now starts it. */
export function lifeAfterPass(game: Game, nextTurn: number): LifePoint[] {
  const kept = throughCurrentTurn(game).filter((point) => point.turn < nextTurn);
  return [...kept, { turn: nextTurn, life: lifeNow(game) }].slice(-LIFE_BY_TURN_MAX);
}

/** The series once a pass is undone back to turn `backTo`: the points after it leave (absent stays absent). */
export function lifeAfterUndo(game: Game, backTo: number): LifePoint[] | undefined {
  const series = tableOf(game).lifeByTurn;
  return series?.filter((point) => !point.end && point.turn <= backTo);
}

/** The series once the game ends on the turn in progress: everyone's final life closes it. */
export function lifeAtEnd(game: Game): LifePoint[] {
  return [...throughCurrentTurn(game), { turn: game.turnNumber, life: lifeNow(game), end: true as const }].slice(-LIFE_BY_TURN_MAX);
}

/** One player's line for the chart: `x` is the turn a point starts (the end point: the turn after the last). */
export interface LifeLine {
  seat: number;
  name: string;
  points: { x: number; turn: number; end: boolean; life: number }[];
  first: number;
  last: number;
}

/**
 * Every player's line, in seat order, from the stored series; empty when it has fewer than two
 * points (nothing to draw: older games, or a game ended before any turn was booked).
 */
export function lifeLines(game: Game): LifeLine[] {
  const series = lifeByTurnOf(game);
  if (series.length < 2) return [];
  const seats = game.participants.map((p) => p.seatNumber).sort((a, b) => a - b);
  return seats.flatMap((seat) => {
    const points = series.flatMap((point) => {
      const life = point.life[String(seat)];
      return life === undefined ? [] : [{ x: point.end ? point.turn + 1 : point.turn, turn: point.turn, end: point.end === true, life }];
    });
    if (points.length === 0) return [];
    return [{ seat, name: seatName(game, seat), points, first: points[0]!.life, last: points.at(-1)!.life }];
  });
}

/** 'Life by turn: Ana 40 → 0, Bo 40 → 12.' */
export function lifeChartSummary(lines: readonly LifeLine[]): string {
  return `Life by turn: ${lines.map((line) => `${line.name} ${total(line.first)} → ${total(line.last)}`).join(', ')}.`;
}
