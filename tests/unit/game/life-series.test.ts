/** The life series: a point at the start of every turn and at the end, booked by pass and End game, taken back by undoing a pass. */
import { describe, expect, it } from 'vitest';
import { gameSchema, updateGameBody, type Game } from '../../../src/contract/game';
import { LIFE_BY_TURN_MAX } from '../../../src/contract/game-table';
import { applyIncrement } from '../../../src/game/counters';
import { endGame } from '../../../src/game/ending';
import { lifeByTurnOf, lifeChartSummary, lifeLines } from '../../../src/game/life-series';
import { setStatus } from '../../../src/game/status';
import { applyTurnChange, passTurn } from '../../../src/game/turns';
import { undoLast } from '../../../src/game/undo';
import { applyGameUpdate } from '../../../src/game/update';
import { fourPlayerGame, inc, uid } from './helpers';

const life = (a: number, b: number, c: number, d: number) => ({ 0: a, 1: b, 2: c, 3: d });

function hit(game: Game, seat: number, delta: number): Game {
  return applyIncrement(game, inc(seat, 'life', delta));
}

function undoPass(game: Game): Game {
  const step = undoLast(game, uid(990))!;
  if (step.kind !== 'turn') throw new Error('expected a turn to undo');
  return applyTurnChange(game, step.change);
}

describe('the life series', () => {
  it('keeps each player’s life at the start of every turn and at the end, and the stored game still parses', () => {
    let game = fourPlayerGame();
    expect(lifeByTurnOf(game)).toEqual([]);
    game = hit(game, 1, -7);
    game = passTurn(game); // turn 2
    game = hit(game, 0, -5);
    game = hit(game, 3, 3);
    game = passTurn(game); // turn 3
    game = hit(game, 1, -33);
    game = endGame(game, { winnerSeat: 0 });
    expect(lifeByTurnOf(game)).toEqual([
      { turn: 1, life: life(40, 40, 40, 40) },
      { turn: 2, life: life(40, 33, 40, 40) },
      { turn: 3, life: life(35, 33, 40, 43) },
      { turn: 3, life: life(35, 0, 40, 43), end: true },
    ]);
    expect(gameSchema.safeParse(game).success).toBe(true);
  });

  it('a game ended on its first turn has its start and its end', () => {
    const game = endGame(hit(fourPlayerGame(), 2, -40), { winnerSeat: 0 });
    expect(lifeByTurnOf(game)).toEqual([
      { turn: 1, life: life(40, 40, 40, 40) },
      { turn: 1, life: life(40, 40, 0, 40), end: true },
    ]);
  });

  it('undoing a pass removes its point; passing again books the life of then', () => {
    let game = passTurn(fourPlayerGame()); // turn 2
    game = passTurn(game); // turn 3
    expect(lifeByTurnOf(game).map((p) => p.turn)).toEqual([1, 2, 3]);
    game = undoPass(game);
    expect(game.turnNumber).toBe(2);
    expect(lifeByTurnOf(game).map((p) => p.turn)).toEqual([1, 2]);
    game = hit(game, 0, -2);
    game = passTurn(game);
    expect(lifeByTurnOf(game).at(-1)).toEqual({ turn: 3, life: life(38, 40, 40, 40) });
  });

  it('two passes to the same turn (two phones, last writer wins) keep one point for it', () => {
    const game = passTurn(fourPlayerGame());
    const again = applyTurnChange(hit(game, 1, -1), { eventId: uid(991), activeSeat: 1, turnNumber: 2 });
    expect(lifeByTurnOf(again)).toEqual([
      { turn: 1, life: life(40, 40, 40, 40) },
      { turn: 2, life: life(40, 39, 40, 40) },
    ]);
  });

  it('goes through game.update (the server’s path) and is applied once per event id', () => {
    const body = updateGameBody.parse({ eventId: uid(992), activeSeat: 1, turnNumber: 2 });
    const passed = applyGameUpdate(fourPlayerGame(), body);
    expect(lifeByTurnOf(passed)).toHaveLength(2);
    expect(applyGameUpdate(passed, body)).toBe(passed);
  });

  it('a game begun before the series existed starts its series at the turn in progress', () => {
    let game = passTurn(passTurn(fourPlayerGame()));
    game = hit(game, 3, -4);
    const older: Game = { ...game, table: { ...game.table!, lifeByTurn: undefined } };
    delete older.table!.lifeByTurn;
    expect(lifeLines(older)).toEqual([]);
    expect(lifeByTurnOf(passTurn(older)).map((p) => [p.turn, p.life[3]])).toEqual([
      [3, 40],
      [4, 36],
    ]);
    // Undoing a pass in a game without a series leaves it without one.
    const undone = undoPass({ ...older, events: passTurn(older).events });
    expect(undone.table?.lifeByTurn).toBeUndefined();
  });

  it('a resumed game drops its end point at the next pass, and a second end closes it again', () => {
    let game = endGame(passTurn(fourPlayerGame()), undefined);
    game = setStatus(game, 'ACTIVE');
    game = passTurn(hit(game, 0, -10));
    expect(lifeByTurnOf(game)).toEqual([
      { turn: 1, life: life(40, 40, 40, 40) },
      { turn: 2, life: life(40, 40, 40, 40) },
      { turn: 3, life: life(30, 40, 40, 40) },
    ]);
    game = endGame(game, { winnerSeat: 1 });
    expect(lifeByTurnOf(game).filter((p) => p.end)).toHaveLength(1);
  });

  it(`keeps the latest ${LIFE_BY_TURN_MAX} points`, () => {
    let game = fourPlayerGame();
    for (let i = 0; i < LIFE_BY_TURN_MAX + 5; i += 1) game = passTurn(game);
    const series = lifeByTurnOf(endGame(game, undefined));
    expect(series).toHaveLength(LIFE_BY_TURN_MAX);
    expect(series[0]!.turn).toBe(8);
    expect(series.at(-1)).toMatchObject({ turn: LIFE_BY_TURN_MAX + 6, end: true });
  });

  it('gives one line per player and a one-sentence summary', () => {
    let game = passTurn(fourPlayerGame());
    game = hit(game, 0, -45);
    game = endGame(game, { winnerSeat: 1 });
    const lines = lifeLines(game);
    expect(lines.map((l) => [l.name, l.points.map((p) => p.x), l.first, l.last])).toEqual([
      ['Ana', [1, 2, 3], 40, -5],
      ['Bo', [1, 2, 3], 40, 40],
      ['Cy', [1, 2, 3], 40, 40],
      ['Dee', [1, 2, 3], 40, 40],
    ]);
    expect(lifeChartSummary(lines)).toBe('Life by turn: Ana 40 → −5, Bo 40 → 40, Cy 40 → 40, Dee 40 → 40.');
  });
});
