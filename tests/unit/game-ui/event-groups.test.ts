/** The Recent events sheet's lines (src/game/event-groups.ts): runs grouped, each with its turn; the log itself untouched. */
import { describe, expect, it } from 'vitest';
import { RECENT_EVENTS_MAX, type GameEvent } from '../../../src/contract/game';
import { eventTurns, groupEvents } from '../../../src/game/event-groups';

const M = '\u2212';
let n = 0;
const at = '2026-11-27T20:00:00.000Z';
function life(seat: number, name: string, delta: number, after: number, extra: Partial<GameEvent> = {}): GameEvent {
  n += 1;
  const sign = delta > 0 ? `+${delta}` : `${M}${-delta}`;
  return { id: `e${n}`, at, kind: 'counter', seat, counter: 'life', delta, text: `${name}: life ${sign} (${after})`, ...extra };
}
function pass(seat: number, turnNumber: number, name: string): GameEvent {
  n += 1;
  return { id: `e${n}`, at, kind: 'turn', seat, fromSeat: seat - 1, turnNumber, text: `Turn passed to ${name}` };
}

describe('eventTurns', () => {
  it('counts back from the current turn, or from the newest turn change in the log', () => {
    // Newest first: two changes in turn 3, the pass to turn 3, a change in turn 2, the pass to 2, one in turn 1.
    const log = [life(1, 'Ben', -1, 39), life(0, 'Ana', -2, 38), pass(1, 3, 'Ben'), life(0, 'Ana', 1, 40), pass(0, 2, 'Ana'), life(1, 'Ben', -1, 40)];
    expect(eventTurns(log, 3)).toEqual([3, 3, 3, 2, 2, 1]);
    expect(eventTurns(log)).toEqual([3, 3, 3, 2, 2, 1]);
  });

  it('counts an undone pass as taking the turn back', () => {
    const undo: GameEvent = { id: 'u1', at, kind: 'undo', seat: 0, fromSeat: 1, turnNumber: 1, undoes: 'p', text: 'Undo: turn back to Ana' };
    const log = [life(0, 'Ana', -1, 39), undo, pass(1, 2, 'Ben'), life(1, 'Ben', -1, 39)];
    expect(eventTurns(log, 1)).toEqual([1, 1, 2, 1]);
  });

  it('is turn 1 for a short log without a pass, and unknown for a full one without the current turn', () => {
    expect(eventTurns([life(0, 'Ana', -1, 39)])).toEqual([1]);
    const full = Array.from({ length: RECENT_EVENTS_MAX }, (_, i) => life(0, 'Ana', -1, 39 - i));
    expect(eventTurns(full).every((turn) => turn === null)).toBe(true);
    expect(eventTurns(full, 7).every((turn) => turn === 7)).toBe(true);
  });
});

describe('groupEvents', () => {
  it('reads five "Ben −1" in a row in one turn as one "Ben −5" of 5 changes', () => {
    const run = [35, 36, 37, 38, 39].map((after) => life(1, 'Ben', -1, after));
    const log = [...run, pass(1, 2, 'Ben'), life(1, 'Ben', -1, 40)];
    const groups = groupEvents(log, 2);
    expect(groups.map((g) => [g.text, g.events.length, g.turn])).toEqual([
      [`Ben: life ${M}5 (35)`, 5, 2],
      ['Turn passed to Ben', 1, 2],
      [`Ben: life ${M}1 (40)`, 1, 1],
    ]);
    // Display only: the log is untouched, and the newest group's key is the newest event (the one Undo takes back).
    expect(log).toHaveLength(7);
    expect(groups[0]!.id).toBe(run[0]!.id);
    expect(groups[0]!.events.map((e) => e.id)).toEqual(run.map((e) => e.id));
  });

  it('keeps apart other players, other counters, other sources, the other direction, undos and the moment a player goes out', () => {
    const damage = (source: 0 | 2, amount: number): GameEvent => ({
      ...life(1, 'Ben', amount, 0),
      counter: 'commanderDamage',
      source: { seat: source, which: 'commander' },
      text: `Ben took ${amount} commander damage from ${source === 0 ? 'Ana' : 'Cy'}\u2019s commander`,
    });
    const log = [
      life(1, 'Ben', -1, 0, { text: `Ben: life ${M}1 (0) \u2014 out of the game` }),
      life(1, 'Ben', -1, 1),
      life(1, 'Ben', 1, 2),
      life(0, 'Ana', 1, 1),
      { ...life(0, 'Ana', 1, 40), kind: 'undo' as const, undoes: 'x', text: 'Undo: Ana: life +1 (40)' },
      damage(0, 3),
      damage(0, 2),
      damage(2, 2),
      { ...life(1, 'Ben', 1, 5), counter: 'poison' as const, text: 'Ben: poison +1 (5)' },
      { ...life(1, 'Ben', 1, 4), counter: 'poison' as const, text: 'Ben: poison +1 (4)' },
    ];
    expect(groupEvents(log, 1).map((g) => [g.text, g.events.length])).toEqual([
      [`Ben: life ${M}1 (0) \u2014 out of the game`, 1],
      [`Ben: life ${M}1 (1)`, 1],
      ['Ben: life +1 (2)', 1],
      ['Ana: life +1 (1)', 1],
      ['Undo: Ana: life +1 (40)', 1],
      ['Ben took 5 commander damage from Ana\u2019s commander', 2],
      ['Ben took 2 commander damage from Cy\u2019s commander', 1],
      ['Ben: poison +2 (5)', 2],
    ]);
  });

  it('does not group across a turn', () => {
    const log = [life(1, 'Ben', -1, 38), pass(1, 2, 'Ben'), life(1, 'Ben', -1, 39)];
    expect(groupEvents(log, 2).map((g) => [g.events.length, g.turn])).toEqual([
      [1, 2],
      [1, 2],
      [1, 1],
    ]);
  });
});
