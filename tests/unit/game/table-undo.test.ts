/**
 * Undo of marker, custom counter and clock entries from the story: each entry records what it
 * replaced, `undoStep` turns it into a whole-game change, and `applyGameUpdate` (the rules the
 * app and the server share) puts the table back — only while the entry's value still stands for
 * a value that is set, like a counter's change for a step. An undo is offered once, never for an
 * undo, a roll or an entry logged before it carried its record.
 */
import { describe, expect, it } from 'vitest';
import { updateGameBody, type Game, type GameEvent } from '../../../src/contract/game';
import { isClockPaused } from '../../../src/game/clocks';
import { customCountersOf } from '../../../src/game/custom-counters';
import { dayNightOf, hasCityBlessing, markerHolder, ringLevel } from '../../../src/game/markers';
import { storyText } from '../../../src/game/story-text';
import { tableOf } from '../../../src/game/table';
import { undoableIds, undoStep } from '../../../src/game/undo';
import { applyGameUpdate } from '../../../src/game/update';
import { fourPlayerGame, uid } from './helpers';

const AT = '2025-05-01T19:00:00.000Z';

/** A whole-game change as the app sends it (checked by the contract), under event id uid(n). */
function change(game: Game, n: number, body: Record<string, unknown>): Game {
  const next = applyGameUpdate(game, updateGameBody.parse({ ...body, eventId: uid(n) }), { at: AT });
  expect(next, `change ${n} changed something`).not.toBe(game);
  return next;
}

function entry(game: Game, n: number, story: readonly GameEvent[] = []): GameEvent {
  const found = [...game.events, ...story].find((event) => event.id === uid(n));
  if (!found) throw new Error(`no entry ${n}`);
  return found;
}

/** Undoes entry uid(n) with the change the story's Undo queues, under id uid(undoId). */
function undo(game: Game, n: number, undoId: number, story: readonly GameEvent[] = []): Game {
  const step = undoStep(entry(game, n, story), uid(undoId));
  if (step?.kind !== 'table') throw new Error(`entry ${n} has no table undo`);
  return applyGameUpdate(game, updateGameBody.parse(step.update), { at: AT });
}

const offered = (game: Game, story: readonly GameEvent[] = []) => [...undoableIds(game, [...game.events, ...story])].sort();
/** The table as a player sees it: the state without the clocks' bookkeeping or the log. */
const table = (game: Game) => ({ ...tableOf(game), clock: undefined, turnStartedAt: undefined });

describe('the monarch and the initiative', () => {
  it.each(['monarch', 'initiative'] as const)('the %s goes back to who held it, only while the entry still stands', (kind) => {
    const field = kind === 'monarch' ? 'monarchSeat' : 'initiativeSeat';
    const start = fourPlayerGame();
    let game = change(start, 1, { [field]: 0 });
    const anaHolds = game;
    game = change(game, 2, { [field]: 1 });
    expect(entry(game, 2).change).toEqual({ kind, seat: 1, before: 0 });
    // Ana's entry no longer stands (Bo holds it): not offered, and an undo of it changes nothing.
    expect(offered(game)).toEqual([uid(2)]);
    expect(undo(game, 1, 10)).toBe(game);

    game = undo(game, 2, 11);
    expect(markerHolder(game, kind)).toBe(0);
    expect(table(game)).toEqual(table(anaHolds));
    expect(offered(game)).toEqual([uid(1)]);
    game = undo(game, 1, 12);
    expect(markerHolder(game, kind)).toBeNull();
    expect(table(game)).toEqual(table(start));
    expect(offered(game)).toEqual([]);
  });

  it('reads "Undo: Ana became the monarch", is undone once whichever phone asks, and is not undone itself', () => {
    let game = change(fourPlayerGame(), 1, { monarchSeat: 0 });
    game = change(game, 2, { monarchSeat: 1 });
    const undone = undo(game, 2, 20);
    expect(undone.events[0]).toMatchObject({ id: uid(20), kind: 'undo', undoes: uid(2) });
    expect(storyText(undone.events[0]!, undone)).toBe('Undo: Bo became the monarch');
    expect(undone.events[0]!.change).toBeUndefined();
    // Another phone's undo of the same entry (its own id), and the same undo again: nothing.
    expect(undo(undone, 2, 21)).toBe(undone);
    expect(applyGameUpdate(undone, updateGameBody.parse({ eventId: uid(20), undoes: uid(2), undo: entry(game, 2).change }))).toBe(undone);
    expect(undoStep(undone.events[0]!)).toBeNull();
    // The server says the entry was undone beyond the log: nothing either.
    const body = updateGameBody.parse({ eventId: uid(22), undoes: uid(2), undo: entry(game, 2).change });
    expect(applyGameUpdate(game, body, { undoneAlready: true })).toBe(game);
  });
});

describe('day and night', () => {
  it('go back to what they were, the newest first', () => {
    const start = fourPlayerGame();
    let game = change(start, 1, { dayNight: 'day' });
    game = change(game, 2, { dayNight: 'night' });
    expect(offered(game)).toEqual([uid(2)]);
    expect(undo(game, 1, 10)).toBe(game);
    game = undo(game, 2, 11);
    expect(dayNightOf(game)).toBe('day');
    expect(storyText(game.events[0]!, game)).toBe('Undo: It became night');
    game = undo(game, 1, 12);
    expect(dayNightOf(game)).toBe('none');
    expect(table(game)).toEqual({ ...table(start), dayNight: 'none' });
  });
});

describe("the city's blessing", () => {
  it('a blessing gained is taken back, and a blessing taken back is given again', () => {
    const start = fourPlayerGame();
    let game = change(start, 1, { cityBlessing: { seat: 1, blessed: true } });
    game = undo(game, 1, 10);
    expect(hasCityBlessing(game, 1)).toBe(false);
    expect(table(game)).toEqual({ ...table(start), cityBlessing: [] });
    expect(storyText(game.events[0]!, game)).toBe("Undo: Bo got the city's blessing");

    game = change(game, 2, { cityBlessing: { seat: 1, blessed: true } });
    game = change(game, 3, { cityBlessing: { seat: 1, blessed: false } });
    // The gain no longer stands; the taking back does.
    expect(offered(game)).toEqual([uid(3)]);
    game = undo(game, 3, 11);
    expect(hasCityBlessing(game, 1)).toBe(true);
  });
});

describe('the Ring', () => {
  it('a temptation is taken back like a counter step, whatever came after it', () => {
    let game = fourPlayerGame();
    for (const n of [1, 2, 3]) game = change(game, n, { ring: { seat: 2, step: 1 } });
    game = change(game, 4, { monarchSeat: 2 });
    expect(ringLevel(game, 2)).toBe(3);
    // Every temptation may be undone: each took the level one step.
    expect(offered(game)).toEqual([uid(1), uid(2), uid(3), uid(4)]);
    game = undo(game, 1, 10);
    expect(ringLevel(game, 2)).toBe(2);
    expect(storyText(game.events[0]!, game)).toBe('Undo: The Ring tempted Cy (level 1)');
    expect(markerHolder(game, 'monarch')).toBe(2);
    game = undo(game, 2, 11);
    game = undo(game, 3, 12);
    expect(ringLevel(game, 2)).toBe(0);
    expect(tableOf(game).ringLevel).toEqual({});
  });

  it('a temptation at the top level moved nothing and offers no undo', () => {
    let game = fourPlayerGame();
    for (const n of [1, 2, 3, 4, 5]) game = change(game, n, { ring: { seat: 0, step: 1 } });
    expect(entry(game, 5).change).toEqual({ kind: 'ring', seat: 0, step: 1, before: 4, after: 4 });
    expect(offered(game)).toEqual([uid(1), uid(2), uid(3), uid(4)]);
  });
});

describe('custom counters', () => {
  const storm = uid(500);

  it('a creation is undone while the counter is at 0; a step is taken back', () => {
    const start = fourPlayerGame();
    let game = change(start, 1, { customCounter: { action: 'create', id: storm, name: 'Storm', seat: 0 } });
    game = change(game, 2, { customCounter: { action: 'step', id: storm, step: 1 } });
    game = change(game, 3, { customCounter: { action: 'step', id: storm, step: 1 } });
    // At 2, the creation is not offered (its steps would go with it).
    expect(offered(game)).toEqual([uid(2), uid(3)]);
    expect(undo(game, 1, 10)).toBe(game);

    game = undo(game, 2, 11);
    expect(customCountersOf(game)).toEqual([{ id: storm, name: 'Storm', seat: 0, value: 1 }]);
    expect(storyText(game.events[0]!, game)).toBe('Undo: Ana: Storm +1');
    game = undo(game, 3, 12);
    expect(offered(game)).toEqual([uid(1)]);
    game = undo(game, 1, 13);
    expect(customCountersOf(game)).toEqual([]);
    expect(storyText(game.events[0]!, game)).toBe('Undo: Ana: Storm created');
    expect(table(game)).toEqual({ ...table(start), customCounters: [] });
    // Its steps have nothing left to undo.
    expect(offered(game)).toEqual([]);
  });

  it('a removal is undone with the value and the id, so later steps land on it', () => {
    let game = change(fourPlayerGame(), 1, { customCounter: { action: 'create', id: storm, name: 'Treasure', seat: null } });
    for (const n of [2, 3, 4]) game = change(game, n, { customCounter: { action: 'step', id: storm, step: 1 } });
    const before = customCountersOf(game);
    game = change(game, 5, { customCounter: { action: 'remove', id: storm } });
    expect(offered(game)).toEqual([uid(5)]);
    game = undo(game, 5, 10);
    expect(customCountersOf(game)).toEqual(before);
    expect(storyText(game.events[0]!, game)).toBe("Undo: The table's Treasure counter removed (it was 3)");
    game = change(game, 6, { customCounter: { action: 'step', id: storm, step: -1 } });
    expect(customCountersOf(game)[0]!.value).toBe(2);
  });

  it('a removal is not undone once the owner has a counter of that name again', () => {
    let game = change(fourPlayerGame(), 1, { customCounter: { action: 'create', id: storm, name: 'Rad', seat: 1 } });
    game = change(game, 2, { customCounter: { action: 'remove', id: storm } });
    game = change(game, 3, { customCounter: { action: 'create', id: uid(501), name: 'rad', seat: 1 } });
    expect(offered(game)).toEqual([uid(3)]);
    expect(undo(game, 2, 10)).toBe(game);
  });
});

describe('the clocks', () => {
  it('a pause is undone by starting the clocks, a resume by pausing them', () => {
    let game = change(fourPlayerGame(), 1, { clock: { action: 'pause' } });
    expect(entry(game, 1)).toMatchObject({ kind: 'status', text: 'Clock paused', change: { kind: 'clock', action: 'pause' } });
    game = undo(game, 1, 10);
    expect(isClockPaused(game)).toBe(false);
    expect(storyText(game.events[0]!, game)).toBe('Undo: Clock paused');
    game = change(game, 2, { clock: { action: 'pause' } });
    game = change(game, 3, { clock: { action: 'resume' } });
    expect(offered(game)).toEqual([uid(3)]);
    game = undo(game, 3, 11);
    expect(isClockPaused(game)).toBe(true);
  });
});

describe('what is not undone', () => {
  it('a roll, an entry logged before it carried its record, and anything once the game has ended', () => {
    let game = change(fourPlayerGame(), 1, { roll: { tool: 'die', sides: 20, result: 7 } });
    game = change(game, 2, { monarchSeat: 3 });
    const old: GameEvent = { id: uid(3), at: AT, kind: 'marker', seat: 3, text: 'Dee took the initiative' };
    expect(offered(game, [old])).toEqual([uid(2)]);
    expect(undoStep(entry(game, 1))).toBeNull();
    expect(undoStep(old)).toBeNull();
    expect(undoableIds({ ...game, status: 'FINISHED' }, game.events).size).toBe(0);
  });

  it('the contract takes an undo only alone and naming its entry', () => {
    const undoPart = { kind: 'monarch', seat: 0, before: null };
    expect(updateGameBody.safeParse({ eventId: uid(1), undoes: uid(2), undo: undoPart }).success).toBe(true);
    expect(updateGameBody.safeParse({ eventId: uid(1), undo: undoPart }).success).toBe(false);
    expect(updateGameBody.safeParse({ eventId: uid(1), undoes: uid(2), undo: undoPart, monarchSeat: 1 }).success).toBe(false);
  });
});
