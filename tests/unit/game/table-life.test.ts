/** The table's rules: commander tax, who went out when, markers, table tools, life swings, End game. */
import { describe, expect, it } from 'vitest';
import { gameIncrement, updateGameBody, type Game } from '../../../src/contract/game';
import { applyIncrement, GameRuleError } from '../../../src/game/counters';
import { endGame, lastStanding, proposedOutOrder } from '../../../src/game/ending';
import { markerHolder, setMarker } from '../../../src/game/markers';
import { setStatus } from '../../../src/game/status';
import { biggestSwing, tableOf } from '../../../src/game/table';
import { flipCoin, randomPlayer, recordRoll, rollDie } from '../../../src/game/tools';
import { passTurn } from '../../../src/game/turns';
import { undoLast } from '../../../src/game/undo';
import { applyGameUpdate } from '../../../src/game/update';
import { fourPlayerGame, inc, player, seeded, T0, uid } from './helpers';

const AT = '2025-05-01T19:00:00.000Z';
const tax = (seat: number, which: 'commander' | 'partner', delta: number, id?: string) =>
  inc(seat, 'commanderTax', delta, { source: { seat, which }, ...(id ? { id } : {}) });

/** Takes a player out by life. */
const knockOut = (game: Game, seat: number) => applyIncrement(game, inc(seat, 'life', -40));

describe('commander tax', () => {
  it('is kept per own commander and partner, logged, clamped at 0, and changes no life', () => {
    let game = applyIncrement(fourPlayerGame(), tax(1, 'commander', 2));
    game = applyIncrement(game, tax(1, 'partner', 2));
    game = applyIncrement(game, tax(1, 'partner', 2));
    expect(player(game, 1).commanderTax).toEqual({ commander: 2, partner: 4 });
    expect(player(game, 1).lifeTotal).toBe(40);
    expect(game.events.map((e) => e.text).slice(0, 3)).toEqual(['Bo: Thrasios tax +2 (4)', 'Bo: Thrasios tax +2 (2)', 'Bo: Tymna tax +2 (2)']);

    game = applyIncrement(game, tax(1, 'commander', -4));
    expect(player(game, 1).commanderTax).toEqual({ partner: 4 });
    expect(game.events[0]).toMatchObject({ counter: 'commanderTax', delta: -2, source: { seat: 1, which: 'commander' } });
  });

  it('is undone like any counter', () => {
    const game = applyIncrement(fourPlayerGame(), tax(0, 'commander', 2));
    const step = undoLast(game, uid(500));
    expect(step?.kind).toBe('increment');
    const undone = applyIncrement(game, step!.kind === 'increment' ? step!.increment : (undefined as never));
    expect(player(undone, 0).commanderTax).toBeUndefined();
    expect(undone.events[0]!.text).toBe('Undo: Ana: Atraxa tax -2 (0)'.replace('-', '\u2212'));
  });

  it('refuses a partner tax without a partner and a tax on someone else\u2019s commander', () => {
    expect(() => applyIncrement(fourPlayerGame(), tax(0, 'partner', 2))).toThrow('This player has no partner commander.');
    expect(gameIncrement.safeParse({ ...inc(0, 'commanderTax', 2), source: { seat: 1, which: 'commander' } }).success).toBe(false);
    expect(gameIncrement.safeParse(tax(0, 'commander', 2)).success).toBe(true);
  });
});

describe('the order players go out', () => {
  it('follows play: appended when out, taken out when back in (undo)', () => {
    let game = knockOut(fourPlayerGame(), 2);
    game = applyIncrement(game, inc(0, 'poison', 10));
    expect(tableOf(game).outOrder).toEqual([2, 0]);
    game = applyIncrement(game, inc(2, 'life', 5));
    expect(tableOf(game).outOrder).toEqual([0]);
    game = knockOut(game, 2);
    expect(tableOf(game).outOrder).toEqual([0, 2]);
  });

  it('proposes the last one standing as the winner, and everyone else first out first', () => {
    let game = knockOut(fourPlayerGame(), 3);
    expect(lastStanding(game)).toBeNull();
    game = knockOut(knockOut(game, 0), 2);
    expect(lastStanding(game)?.displayName).toBe('Bo');
    expect(proposedOutOrder(game, 1)).toEqual([3, 0, 2]);
    // Ending early: players still standing lasted longest, in seat order.
    expect(proposedOutOrder(knockOut(fourPlayerGame(), 3), 0)).toEqual([3, 1, 2]);
    expect(proposedOutOrder(fourPlayerGame(), null)).toEqual([0, 1, 2, 3]);
  });
});

describe('markers', () => {
  it('the monarch and the initiative each have one holder, and a change of hands is logged', () => {
    let game = setMarker(fourPlayerGame(), 'monarch', 2, { eventId: uid(600), at: AT });
    expect(markerHolder(game, 'monarch')).toBe(2);
    expect(game.events[0]).toEqual({ id: uid(600), at: AT, kind: 'marker', seat: 2, change: { kind: 'monarch', seat: 2, before: null }, text: 'Cy became the monarch' });
    expect(setMarker(game, 'monarch', 2)).toBe(game);
    game = setMarker(game, 'initiative', 3);
    game = setMarker(game, 'monarch', null);
    expect([markerHolder(game, 'monarch'), markerHolder(game, 'initiative')]).toEqual([null, 3]);
    expect(game.events.map((e) => e.text).slice(0, 2)).toEqual(['Nobody is the monarch', 'Dee took the initiative']);
  });

  it('refuses an unknown seat and an ended game', () => {
    expect(() => setMarker(fourPlayerGame(), 'monarch', 6)).toThrow('There is no such player in this game.');
    expect(() => setMarker(setStatus(fourPlayerGame(), 'FINISHED'), 'monarch', 1)).toThrow('This game has ended.');
  });
});

describe('table tools', () => {
  it('roll dice of any size within 1..sides, flip coins, and pick players still in the game', () => {
    const random = seeded(8);
    const rolls = Array.from({ length: 2000 }, () => rollDie(20, random).result as number);
    expect(Math.min(...rolls)).toBe(1);
    expect(Math.max(...rolls)).toBe(20);
    expect(rollDie(6, () => 0.999999)).toEqual({ tool: 'die', sides: 6, result: 6 });
    expect(rollDie(6, () => 1)).toEqual({ tool: 'die', sides: 6, result: 6 });
    expect(() => rollDie(1)).toThrow(RangeError);
    expect(() => rollDie(1001)).toThrow(RangeError);
    expect([flipCoin(() => 0.1).result, flipCoin(() => 0.9).result]).toEqual(['heads', 'tails']);

    const game = knockOut(knockOut(fourPlayerGame(), 0), 2);
    const picked = new Set(Array.from({ length: 200 }, () => randomPlayer(game, random).result));
    expect([...picked].sort()).toEqual([1, 3]);
  });

  it('logs each outcome with its text, for every phone to see', () => {
    let game = recordRoll(fourPlayerGame(), { tool: 'die', sides: 20, result: 17 }, { eventId: uid(610), at: AT });
    game = recordRoll(game, { tool: 'coin', result: 'tails' });
    game = recordRoll(game, { tool: 'player', result: 1 });
    expect(game.events.map((e) => e.text)).toEqual(['Random player: Bo', 'Flipped a coin: tails', 'Rolled a d20: 17']);
    expect(game.events[2]).toMatchObject({ id: uid(610), kind: 'roll', roll: { tool: 'die', sides: 20, result: 17 } });
    expect(() => recordRoll(game, { tool: 'player', result: 7 })).toThrow(GameRuleError);
    expect(updateGameBody.safeParse({ roll: { tool: 'die', sides: 6, result: 7 } }).success).toBe(false);
  });
});

describe('the biggest life swing', () => {
  it('is the largest net change of one player within one turn; a change undone in the turn does not count', () => {
    let game = applyIncrement(fourPlayerGame(), inc(1, 'life', -20, { id: uid(620) }));
    game = applyIncrement(game, inc(1, 'life', 20, { undoes: uid(620) }));
    game = applyIncrement(game, inc(2, 'life', -3));
    expect(biggestSwing(game)).toEqual({ seat: 2, from: 40, to: 37, turnNumber: 1 });

    game = passTurn(game);
    game = applyIncrement(game, inc(3, 'life', -7));
    game = applyIncrement(game, inc(3, 'life', -2));
    game = applyIncrement(game, inc(0, 'life', 4));
    expect(biggestSwing(game)).toEqual({ seat: 3, from: 40, to: 31, turnNumber: 2 });
    game = passTurn(game);
    expect(tableOf(game).biggestSwing).toEqual({ seat: 3, from: 40, to: 31, turnNumber: 2 });
    expect(tableOf(game).turnStartLife).toEqual({ 0: 44, 1: 40, 2: 37, 3: 31 });
  });

  it('counts commander damage as the life it takes', () => {
    const game = applyIncrement(fourPlayerGame(), inc(0, 'commanderDamage', 6, { source: { seat: 2, which: 'commander' } }));
    expect(biggestSwing(game)).toMatchObject({ seat: 0, from: 40, to: 34 });
  });
});

describe('End game', () => {
  it('records the winner, the order players went out and the end time, closes the turn, and takes no more changes', () => {
    let game = knockOut(fourPlayerGame(), 3);
    game = applyIncrement(applyIncrement(game, inc(0, 'poison', 10)), inc(1, 'life', -12));
    const ended = endGame(game, { winnerSeat: 2, outOrder: [3, 0, 1] }, { eventId: uid(630), at: AT });
    expect(ended.status).toBe('FINISHED');
    expect(ended.result).toEqual({ winnerSeat: 2, draw: false, outOrder: [3, 0, 1], endedAt: AT });
    expect(ended.events[0]).toEqual({ id: uid(630), at: AT, kind: 'status', seat: 2, text: 'Game over: Cy wins' });
    expect(tableOf(ended).biggestSwing).toMatchObject({ seat: 3, from: 40, to: 0 });
    expect(endGame(ended, { winnerSeat: 1 })).toBe(ended);
    expect(() => applyIncrement(ended, inc(0, 'life', 1))).toThrow('This game has ended.');
  });

  it('records a draw, proposes the order tracked in play, and refuses a result that does not fit', () => {
    const game = knockOut(fourPlayerGame(), 1);
    const draw = endGame(game, { winnerSeat: null }, { at: AT });
    expect(draw.result).toEqual({ winnerSeat: null, draw: true, outOrder: [1, 0, 2, 3], endedAt: AT });
    expect(draw.events[0]!.text).toBe('Game over: a draw');
    expect(() => endGame(game, { winnerSeat: 5 })).toThrow('The winner must be a player in this game.');
    expect(() => endGame(game, { winnerSeat: 0, outOrder: [1, 2] })).toThrow('The order players went out must name each other player once.');
    expect(() => endGame(game, { winnerSeat: 0, outOrder: [0, 1, 2] })).toThrow(GameRuleError);
  });

  it('without a result (an older app) ends with no winner recorded; resuming clears the result', () => {
    const ended = setStatus(fourPlayerGame(), 'FINISHED', { at: AT });
    expect(ended.result).toEqual({ winnerSeat: null, draw: false, outOrder: [0, 1, 2, 3], endedAt: AT });
    expect(ended.events[0]!.text).toBe('Game ended');
    expect(setStatus(ended, 'ACTIVE').result).toBeNull();
  });
});

describe('applyGameUpdate with table parts (markers, tools, tax, ending)', () => {
  it('names every event alike on every device: the first part takes eventId, the others eventId:part', () => {
    const body = updateGameBody.parse({ eventId: uid(640), monarchSeat: 1, roll: { tool: 'coin', result: 'heads' } });
    const once = applyGameUpdate(fourPlayerGame(), body, { at: AT });
    expect(once.events.map((e) => [e.id, e.text])).toEqual([
      [`${uid(640)}:roll`, 'Flipped a coin: heads'],
      [uid(640), 'Bo became the monarch'],
    ]);
    expect(applyGameUpdate(fourPlayerGame(), body, { at: AT })).toEqual(once);
    // A repeat changes nothing, also when the log no longer shows it (appliedIds).
    expect(applyGameUpdate(once, body)).toBe(once);
    expect(applyGameUpdate(fourPlayerGame(), body, { appliedIds: new Set([uid(640)]) })).toEqual(fourPlayerGame());
  });

  it('a turn change keeps eventId; pass-and-end ends after the pass with the result', () => {
    const game = fourPlayerGame();
    const body = updateGameBody.parse({ eventId: uid(641), activeSeat: 1, turnNumber: 2, status: 'FINISHED', result: { winnerSeat: 1 } });
    const next = applyGameUpdate(game, body, { at: AT });
    expect(next.events.map((e) => [e.id, e.kind])).toEqual([
      [`${uid(641)}:end`, 'status'],
      [uid(641), 'turn'],
    ]);
    expect(next).toMatchObject({ status: 'FINISHED', turnNumber: 2, result: { winnerSeat: 1, draw: false } });
  });

  it('a marker that does not change hands leaves the primary id to the next part', () => {
    const game = setMarker(fourPlayerGame(), 'monarch', 1);
    const body = updateGameBody.parse({ eventId: uid(642), monarchSeat: 1, initiativeSeat: 0 });
    expect(applyGameUpdate(game, body).events[0]).toMatchObject({ id: uid(642), text: 'Ana took the initiative' });
  });

  it('refuses a result without the end, and markers on an ended game', () => {
    expect(updateGameBody.safeParse({ status: 'ACTIVE', result: { winnerSeat: 1 } }).error?.issues[0]?.message).toBe('A result is given only when the game ends.');
    const ended = setStatus(fourPlayerGame(), 'FINISHED');
    expect(() => applyGameUpdate(ended, updateGameBody.parse({ initiativeSeat: 1 }))).toThrow('This game has ended.');
  });
});

describe('games stored before the table state existed', () => {
  it('get a table from what is known: nobody holds a marker, players already out in seat order', () => {
    const old = knockOut(knockOut(fourPlayerGame(), 3), 1);
    delete old.table;
    delete old.result;
    expect(tableOf(old)).toMatchObject({ monarchSeat: null, initiativeSeat: null, outOrder: [1, 3], biggestSwing: null, turnStartedAt: old.updatedAt });
    expect(setMarker(old, 'monarch', 0).table?.monarchSeat).toBe(0);
    expect(fourPlayerGame().table?.turnStartedAt).toBe(T0);
  });
});
