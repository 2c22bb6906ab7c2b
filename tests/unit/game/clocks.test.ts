/** The clocks: pause and resume, each player's chess clock, the capped turn list, the end and a resume of the game. */
import { describe, expect, it } from 'vitest';
import { gameSchema, updateGameBody, type Game } from '../../../src/contract/game';
import { TURN_LOG_MAX } from '../../../src/contract/game-clock';
import { closeTurnClock, IDLE_CLOCK } from '../../../src/game/clock-state';
import { clockOf, gameClockMs, isClockPaused, longestTurns, pauseClock, resumeClock, seatClockMs, turnClockMs } from '../../../src/game/clocks';
import { endGame } from '../../../src/game/ending';
import { setStatus } from '../../../src/game/status';
import { gameSummary } from '../../../src/game/summary';
import { applyTurnChange, passTurn } from '../../../src/game/turns';
import { undoLast } from '../../../src/game/undo';
import { applyGameUpdate } from '../../../src/game/update';
import { fourPlayerGame, T0, uid } from './helpers';

const min = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString();
const ms = (n: number) => Date.parse(min(n));
const MIN = 60_000;

describe('pause and resume', () => {
  it('stop both clocks while paused, and leave the pause out of both once resumed', () => {
    let game = passTurn(fourPlayerGame(), { at: min(10) }); // Bo's turn from minute 10
    expect([gameClockMs(game, ms(15)), turnClockMs(game, ms(15))]).toEqual([15 * MIN, 5 * MIN]);

    game = pauseClock(game, { at: min(15), eventId: uid(800) });
    expect(isClockPaused(game)).toBe(true);
    expect(game.events[0]).toEqual({ id: uid(800), at: min(15), kind: 'status', change: { kind: 'clock', action: 'pause' }, text: 'Clock paused' });
    // Paused: whatever the time, both clocks read as at minute 15.
    for (const now of [15, 16, 40]) expect([gameClockMs(game, ms(now)), turnClockMs(game, ms(now)), seatClockMs(game, 1, ms(now))]).toEqual([15 * MIN, 5 * MIN, 5 * MIN]);
    expect(pauseClock(game, { at: min(20) })).toBe(game);

    game = resumeClock(game, { at: min(25) });
    expect(isClockPaused(game)).toBe(false);
    expect(game.events[0]!.text).toBe('Clock resumed');
    expect([gameClockMs(game, ms(27)), turnClockMs(game, ms(27))]).toEqual([17 * MIN, 7 * MIN]);
    expect(resumeClock(game, { at: min(26) })).toBe(game);

    // The pause is not Bo's time: his turn is booked as 7 minutes when it passes at minute 27.
    game = passTurn(game, { at: min(27) });
    expect(clockOf(game).turnMs).toEqual({ 0: 10 * MIN, 1: 7 * MIN });
    expect(clockOf(game).turnLog).toEqual([
      { turnNumber: 1, seat: 0, durationMs: 10 * MIN },
      { turnNumber: 2, seat: 1, durationMs: 7 * MIN },
    ]);
    expect(gameSchema.safeParse(game).success).toBe(true);
  });

  it('a pass while paused keeps the clocks paused, and the new turn starts at 0', () => {
    let game = pauseClock(fourPlayerGame(), { at: min(4) });
    game = passTurn(game, { at: min(9) });
    expect(isClockPaused(game)).toBe(true);
    expect(clockOf(game).turnMs).toEqual({ 0: 4 * MIN });
    expect([gameClockMs(game, ms(30)), turnClockMs(game, ms(30)), seatClockMs(game, 1, ms(30))]).toEqual([4 * MIN, 0, 0]);
    game = resumeClock(game, { at: min(12) });
    expect([gameClockMs(game, ms(13)), turnClockMs(game, ms(13)), seatClockMs(game, 1, ms(13))]).toEqual([5 * MIN, MIN, MIN]);
  });

  it('goes through game.update once per event id, and is refused once the game has ended', () => {
    const body = updateGameBody.parse({ eventId: uid(810), clock: { action: 'pause' } });
    const paused = applyGameUpdate(fourPlayerGame(), body, { at: min(3) });
    expect(isClockPaused(paused)).toBe(true);
    expect(applyGameUpdate(paused, body, { at: min(5) })).toBe(paused);
    expect(applyGameUpdate(paused, updateGameBody.parse({ eventId: uid(811), clock: { action: 'pause' } }))).toBe(paused);
    expect(updateGameBody.safeParse({ eventId: uid(812), clock: { action: 'stop' } }).success).toBe(false);
    const ended = endGame(fourPlayerGame(), { winnerSeat: 0 }, { at: min(6) });
    expect(() => applyGameUpdate(ended, updateGameBody.parse({ eventId: uid(813), clock: { action: 'pause' } }))).toThrow('This game has ended.');
  });
});

describe('chess clocks and the turn list', () => {
  it('book each turn to its player; the active one runs; an undone pass goes back to the turn it undid', () => {
    let game = passTurn(fourPlayerGame(), { at: min(3) }); // Ana 3 min
    game = passTurn(game, { at: min(5) }); // Bo 2 min
    // Cy's turn was passed by mistake at minute 6 and taken back at minute 7: the minute is Cy's turn 3.
    game = passTurn(game, { at: min(6) });
    const undo = undoLast(game, uid(820))!;
    expect(undo.kind).toBe('turn');
    game = applyTurnChange(game, (undo as Extract<typeof undo, { kind: 'turn' }>).change, { at: min(7) });
    game = passTurn(game, { at: min(9) }); // Cy's turn 3 ends: 1 + 1 + 2 minutes
    expect(clockOf(game).turnMs).toEqual({ 0: 3 * MIN, 1: 2 * MIN, 2: 4 * MIN });
    expect(longestTurns(game)).toEqual(new Map([[0, 3 * MIN], [1, 2 * MIN], [2, 4 * MIN]]));
    // Dee is on turn now: her clock runs.
    expect([seatClockMs(game, 3, ms(10)), seatClockMs(game, 2, ms(10))]).toEqual([MIN, 4 * MIN]);
  });

  it(`keep the latest ${TURN_LOG_MAX} turns in the list, and every turn in the totals`, () => {
    let clock = IDLE_CLOCK;
    for (let turn = 1; turn <= TURN_LOG_MAX + 20; turn += 1) clock = closeTurnClock(clock, min(turn - 1), min(turn), { seat: turn % 2, turnNumber: turn });
    expect(clock.turnLog).toHaveLength(TURN_LOG_MAX);
    expect(clock.turnLog[0]).toEqual({ turnNumber: 21, seat: 1, durationMs: MIN });
    expect(clock.turnLog.at(-1)).toEqual({ turnNumber: TURN_LOG_MAX + 20, seat: 0, durationMs: MIN });
    expect(clock.turnMs).toEqual({ 0: 260 * MIN, 1: 260 * MIN });
  });

  it('a time that runs backwards (two clocks disagree) counts as 0', () => {
    const game = passTurn(fourPlayerGame(), { at: '2025-05-01T17:59:00.000Z' });
    expect(clockOf(game).turnMs).toEqual({ 0: 0 });
    expect(turnClockMs(game, Date.parse('2025-05-01T17:58:00.000Z'))).toBe(0);
  });
});

describe('the end of the game', () => {
  it('closes the last turn, stops the clocks (paused or not), and the summary reads them', () => {
    let game = passTurn(fourPlayerGame(), { at: min(10) });
    game = pauseClock(game, { at: min(20) });
    game = endGame(game, { winnerSeat: 1 }, { at: min(50) });
    expect(isClockPaused(game)).toBe(false);
    expect(clockOf(game).pausedAt).toBe(min(50));
    expect([gameClockMs(game, ms(90)), turnClockMs(game, ms(90))]).toEqual([20 * MIN, 0]);
    expect(clockOf(game).turnMs).toEqual({ 0: 10 * MIN, 1: 10 * MIN });
    const summary = gameSummary(game, ms(90));
    expect(summary.durationMs).toBe(20 * MIN);
    expect(summary.turnsTimed).toBe(true);
    expect(summary.lines.map((line) => [line.player.displayName, line.turnMs, line.longestTurnMs])).toEqual([
      ['Bo', 10 * MIN, 10 * MIN],
      ['Dee', 0, null],
      ['Cy', 0, null],
      ['Ana', 10 * MIN, 10 * MIN],
    ]);
  });

  it('resuming the game starts the clocks again without the time it stood ended', () => {
    const ended = endGame(fourPlayerGame(), { winnerSeat: 1 }, { at: min(30) });
    const resumed = setStatus(ended, 'ACTIVE', { at: min(40) });
    expect(isClockPaused(resumed)).toBe(false);
    expect([gameClockMs(resumed, ms(45)), turnClockMs(resumed, ms(45))]).toEqual([35 * MIN, 5 * MIN]);
  });

  it('games stored before the clocks existed read as running, and as they ended', () => {
    const old: Game = { ...fourPlayerGame(), table: undefined };
    delete old.table;
    expect(clockOf(old)).toEqual(IDLE_CLOCK);
    expect(gameClockMs(old, ms(12))).toBe(12 * MIN);
    const oldEnded: Game = { ...old, status: 'FINISHED', result: { winnerSeat: 0, draw: false, outOrder: [1, 2, 3], endedAt: min(44) } };
    expect([gameClockMs(oldEnded, ms(99)), seatClockMs(oldEnded, 0, ms(99))]).toEqual([44 * MIN, 0]);
    expect(gameSummary(oldEnded).turnsTimed).toBe(false);
    expect(gameSchema.parse(oldEnded).table).toBeUndefined();
  });
});
