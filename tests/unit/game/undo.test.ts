import { describe, expect, it } from 'vitest';
import { gameIncrement, type Game } from '../../../src/contract/game';
import { applyIncrement } from '../../../src/game/counters';
import { applyTurnChange, passTurn } from '../../../src/game/turns';
import { undoLast, undoTarget } from '../../../src/game/undo';
import { damageState, fourPlayerGame, inc, player, uid } from './helpers';

function apply(game: Game, step: ReturnType<typeof undoLast>): Game {
  if (!step) throw new Error('nothing to undo');
  return step.kind === 'increment' ? applyIncrement(game, step.increment) : applyTurnChange(game, step.change);
}

describe('undoLast', () => {
  it('has nothing to undo in a new game', () => {
    expect(undoLast(fourPlayerGame())).toBeNull();
    expect(undoTarget(fourPlayerGame())).toBeNull();
  });

  it('reverses the latest counter change with a new, syncable increment', () => {
    const game = applyIncrement(fourPlayerGame(), inc(0, 'life', -5, { id: uid(1) }));
    const step = undoLast(game, uid(2));
    expect(step).toEqual({
      kind: 'increment',
      undoes: game.events[0],
      increment: { id: uid(2), seat: 0, counter: 'life', delta: 5, undoes: uid(1) },
    });
    expect(step?.kind === 'increment' && gameIncrement.safeParse(step.increment).success).toBe(true);

    const undone = apply(game, step);
    expect(player(undone, 0).lifeTotal).toBe(40);
    expect(undone.events[0]).toMatchObject({ id: uid(2), kind: 'undo', undoes: uid(1), delta: 5, text: 'Undo: Ana: life +5 (40)' });
  });

  it('walks back one change at a time, newest first, and never undoes an undo', () => {
    let game = applyIncrement(fourPlayerGame(), inc(0, 'life', -1, { id: uid(1) }));
    game = applyIncrement(game, inc(1, 'poison', 2, { id: uid(2) }));
    game = apply(game, undoLast(game));
    expect(player(game, 1).poisonCounters).toBe(0);
    expect(undoTarget(game)?.id).toBe(uid(1));
    game = apply(game, undoLast(game));
    expect(player(game, 0).lifeTotal).toBe(40);
    expect(undoLast(game)).toBeNull();
  });

  it('un-marks a player knocked out by life, and marks them again if the change is redone', () => {
    let game = applyIncrement(fourPlayerGame(), inc(0, 'life', -40));
    expect(player(game, 0).out).toBe(true);
    game = apply(game, undoLast(game));
    expect(player(game, 0)).toMatchObject({ lifeTotal: 40, out: false });
    expect(game.events[0]!.text).toBe('Undo: Ana: life +40 (40) \u2014 back in the game');
  });

  it('un-marks a player knocked out by 21 commander damage and gives the life back', () => {
    const tymna = { seat: 1, which: 'commander' } as const;
    let game = applyIncrement(fourPlayerGame(), inc(0, 'commanderDamage', 21, { source: tymna }));
    expect(player(game, 0)).toMatchObject({ lifeTotal: 19, out: true });
    const step = undoLast(game);
    expect(step?.kind === 'increment' && step.increment).toMatchObject({ counter: 'commanderDamage', delta: -21, source: tymna });
    game = apply(game, step);
    expect(damageState(game, 0)).toEqual({ lifeTotal: 40, commanderDamage: {}, out: false });
  });

  it('restores exactly what a clamped change removed, and skips changes that moved nothing', () => {
    let game = applyIncrement(fourPlayerGame(), inc(2, 'poison', 2, { id: uid(1) }));
    game = applyIncrement(game, inc(2, 'poison', -5, { id: uid(2) })); // applied −2
    game = applyIncrement(game, inc(2, 'poison', -1, { id: uid(3) })); // applied 0
    expect(undoTarget(game)?.id).toBe(uid(2));
    game = apply(game, undoLast(game));
    expect(player(game, 2).poisonCounters).toBe(2);
  });

  it('reverses a turn pass as a turn change back to the player who had it', () => {
    const knocked = applyIncrement(fourPlayerGame(), inc(1, 'poison', 10));
    const passed = passTurn(knocked, { eventId: uid(40) }); // Bo is out: Ana → Cy
    expect(passed).toMatchObject({ activeSeat: 2, turnNumber: 2 });
    const step = undoLast(passed, uid(41));
    expect(step).toMatchObject({ kind: 'turn', change: { eventId: uid(41), activeSeat: 0, turnNumber: 1, undoes: uid(40) } });
    const back = apply(passed, step);
    expect(back).toMatchObject({ activeSeat: 0, turnNumber: 1 });
    expect(back.events[0]).toMatchObject({ kind: 'undo', undoes: uid(40), text: 'Undo: turn back to Ana' });
    // Next undo reaches past the turn to Bo's poison.
    expect(undoTarget(back)).toMatchObject({ counter: 'poison', seat: 1 });
  });

  it('undoes an event once even when two devices both press Undo', () => {
    const game = applyIncrement(fourPlayerGame(), inc(0, 'life', -5));
    const onPhone = undoLast(game, uid(21));
    const onTablet = undoLast(game, uid(22));
    const once = apply(game, onPhone);
    expect(apply(once, onTablet)).toBe(once);
    expect(player(once, 0).lifeTotal).toBe(40);
  });

  it('offers nothing to undo once the game has ended', () => {
    const game = applyIncrement(fourPlayerGame(), inc(0, 'life', -5));
    expect(undoLast({ ...game, status: 'FINISHED' })).toBeNull();
  });
});
