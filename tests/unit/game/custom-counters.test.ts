/** Custom named counters: the pure rules, their whole-game change, limits, and the rebase of two phones' changes. */
import { describe, expect, it } from 'vitest';
import { CUSTOM_COUNTER_VALUE_MAX, customCountersSchema } from '../../../src/contract/custom-counters';
import { gameSchema, updateGameBody, type Game } from '../../../src/contract/game';
import type { OutboxEntry } from '../../../src/db/schema';
import {
  countersOf,
  createCustomCounter,
  customCountersOf,
  newCounterProblem,
  removeCustomCounter,
  stepCustomCounter,
} from '../../../src/game/custom-counters';
import { setStatus } from '../../../src/game/status';
import { applyGameUpdate } from '../../../src/game/update';
import { planEntry } from '../../../src/sync/engine/plan';
import { rebase, type PlannedWrite } from '../../../src/sync/engine/rebase';
import { fourPlayerGame, uid } from './helpers';

const AT = '2025-05-01T19:00:00.000Z';
const texts = (game: Game) => game.events.map((e) => e.text);
const update = (body: unknown) => updateGameBody.parse(body);
const valueOf = (game: Game, id: string) => customCountersOf(game).find((c) => c.id === id)?.value;
const create = (game: Game, n: number, name: string, seat: number | null) => createCustomCounter(game, { id: uid(n), name, seat });

describe('creating a custom counter', () => {
  it('for a player or for the table, at 0, logged with its owner', () => {
    let game = createCustomCounter(fourPlayerGame(), { id: uid(800), name: 'Storm', seat: 0 }, { eventId: uid(801), at: AT });
    expect(customCountersOf(game)).toEqual([{ id: uid(800), name: 'Storm', seat: 0, value: 0 }]);
    expect(game.events[0]).toEqual({
      id: uid(801),
      at: AT,
      kind: 'marker',
      seat: 0,
      change: { kind: 'counterCreate', id: uid(800), name: 'Storm', seat: 0 },
      text: 'Ana: Storm created',
    });
    game = create(game, 802, 'Treasure', null);
    expect(game.events[0]).toMatchObject({ kind: 'marker', text: 'Table: Treasure created' });
    expect(game.events[0]!.seat).toBeUndefined();
    expect([countersOf(game, 0).map((c) => c.name), countersOf(game, null).map((c) => c.name), countersOf(game, 1)]).toEqual([['Storm'], ['Treasure'], []]);
    // The same id again (a repeat under another event id) changes nothing.
    expect(create(game, 800, 'Storm', 0)).toBe(game);
  });

  it('names are trimmed, 1 to 24 characters, and checked by the contract', () => {
    const ok = update({ customCounter: { action: 'create', id: uid(1), name: '  Saga chapter ', seat: null } });
    expect(ok.customCounter).toMatchObject({ name: 'Saga chapter' });
    // The parsed change parses again unchanged (a queued write is re-read).
    expect(updateGameBody.parse(ok)).toEqual(ok);
    const refused = (name: string) => updateGameBody.safeParse({ customCounter: { action: 'create', id: uid(1), name, seat: 0 } }).error?.issues[0]?.message;
    expect(refused('   ')).toBe('Give the counter a name.');
    expect(refused('x'.repeat(25))).toBe('A counter name is at most 24 characters.');
    expect(refused('x'.repeat(24))).toBeUndefined();
    expect(refused('Sto\u202erm')).toBe('Text cannot contain direction-override characters.');
    expect(updateGameBody.safeParse({ customCounter: { action: 'create', id: 'not-a-uuid', name: 'Storm', seat: 0 } }).success).toBe(false);
    expect(updateGameBody.safeParse({ customCounter: { action: 'step', id: uid(1), step: 2 } }).success).toBe(false);
  });

  it('a name is unique per owner, ignoring case; another owner may use it', () => {
    const game = create(create(fourPlayerGame(), 810, 'Storm', 1), 811, 'Rad', null);
    expect(newCounterProblem(game, 'storm', 1)).toBe('Bo already has a counter named Storm.');
    expect(newCounterProblem(game, ' RAD ', null)).toBe('The table already has a counter named Rad.');
    expect(newCounterProblem(game, 'Storm', 2)).toBeNull();
    expect(newCounterProblem(game, 'Storm', null)).toBeNull();
    expect(newCounterProblem(game, '', 2)).toBe('Give the counter a name.');
    expect(newCounterProblem(game, 'y'.repeat(25), 2)).toBe('A counter name is at most 24 characters.');
  });

  it('at most 8 per player and 8 for the table, with a clear refusal', () => {
    let game = fourPlayerGame();
    for (let i = 0; i < 8; i += 1) game = create(create(game, 820 + i, `P${i}`, 2), 840 + i, `T${i}`, null);
    expect([countersOf(game, 2).length, countersOf(game, null).length]).toEqual([8, 8]);
    expect(newCounterProblem(game, 'Ninth', 2)).toBe('Cy already has 8 counters. Remove one to add another.');
    expect(newCounterProblem(game, 'Ninth', null)).toBe('The table already has 8 counters. Remove one to add another.');
    expect(() => create(game, 860, 'Ninth', 2)).toThrow('Cy already has 8 counters. Remove one to add another.');
    expect(() => create(game, 861, 'Ninth', null)).toThrow('The table already has 8 counters. Remove one to add another.');
    // Other players are not limited by Cy's counters.
    expect(countersOf(create(game, 862, 'Ninth', 0), 0)).toHaveLength(1);
    expect(customCountersSchema.safeParse(customCountersOf(game)).success).toBe(true);
  });

  it('needs a player of the game and a live game', () => {
    expect(() => create(fourPlayerGame(), 870, 'Storm', 6)).toThrow('There is no such player in this game.');
    const ended = setStatus(create(fourPlayerGame(), 871, 'Storm', 0), 'FINISHED');
    expect(() => create(ended, 872, 'Rad', 0)).toThrow('This game has ended.');
    expect(() => stepCustomCounter(ended, uid(871), 1)).toThrow('This game has ended.');
    expect(() => removeCustomCounter(ended, uid(871))).toThrow('This game has ended.');
  });
});

describe('stepping and removing', () => {
  const storm = () => create(fourPlayerGame(), 900, 'Storm', 0);

  it('steps of one, logged as "Ana: Storm 3", never below 0 (a step past it changes and logs nothing)', () => {
    let game = storm();
    expect(stepCustomCounter(game, uid(900), -1)).toBe(game);
    for (let i = 0; i < 3; i += 1) game = stepCustomCounter(game, uid(900), 1, { at: AT });
    game = stepCustomCounter(game, uid(900), -1);
    expect(valueOf(game, uid(900))).toBe(2);
    expect(texts(game).slice(0, 4)).toEqual(['Ana: Storm 2', 'Ana: Storm 3', 'Ana: Storm 2', 'Ana: Storm 1']);
    expect(game.events[0]).toMatchObject({ kind: 'marker', seat: 0 });
    const table = stepCustomCounter(create(game, 901, 'Treasure', null), uid(901), 1);
    expect(table.events[0]!.text).toBe('Table: Treasure 1');
  });

  it('stops at 999', () => {
    const game = storm();
    const top = { ...game, table: { ...game.table!, customCounters: [{ ...customCountersOf(game)[0]!, value: CUSTOM_COUNTER_VALUE_MAX - 1 }] } };
    const at999 = stepCustomCounter(top, uid(900), 1);
    expect(valueOf(at999, uid(900))).toBe(999);
    expect(stepCustomCounter(at999, uid(900), 1)).toBe(at999);
    expect(customCountersSchema.safeParse([{ id: uid(1), name: 'Storm', seat: 0, value: 1000 }]).success).toBe(false);
  });

  it('removing takes the counter and its value, logged; a step or removal of a removed counter is a no-op', () => {
    let game = stepCustomCounter(stepCustomCounter(storm(), uid(900), 1), uid(900), 1);
    game = create(game, 910, 'Rad', 1);
    game = removeCustomCounter(game, uid(900), { eventId: uid(911), at: AT });
    expect(customCountersOf(game).map((c) => c.name)).toEqual(['Rad']);
    expect(game.events[0]).toEqual({
      id: uid(911),
      at: AT,
      kind: 'marker',
      seat: 0,
      change: { kind: 'counterRemove', counter: { id: uid(900), name: 'Storm', seat: 0, value: 2 } },
      text: "Ana's Storm counter removed (it was 2)",
    });
    expect(stepCustomCounter(game, uid(900), 1)).toBe(game);
    expect(removeCustomCounter(game, uid(900))).toBe(game);
    expect(removeCustomCounter(game, uid(910)).events[0]!.text).toBe("Bo's Rad counter removed (it was 0)");
    const table = removeCustomCounter(create(game, 912, 'Treasure', null), uid(912));
    expect(table.events[0]!.text).toBe("The table's Treasure counter removed (it was 0)");
    // The name is free again for its owner.
    expect(newCounterProblem(game, 'Storm', 0)).toBeNull();
  });
});

describe('applyGameUpdate with a custom counter', () => {
  it('applies create, step and remove once each under their event ids', () => {
    const made = update({ eventId: uid(920), customCounter: { action: 'create', id: uid(921), name: 'Storm', seat: 2 } });
    const step = update({ eventId: uid(922), customCounter: { action: 'step', id: uid(921), step: 1 } });
    let game = applyGameUpdate(fourPlayerGame(), made, { at: AT });
    game = applyGameUpdate(game, step);
    expect(applyGameUpdate(game, step)).toBe(game);
    expect(applyGameUpdate(game, made)).toBe(game);
    expect(game.events.slice(0, 2).map((e) => [e.id, e.text])).toEqual([
      [uid(922), 'Cy: Storm 1'],
      [uid(920), 'Cy: Storm created'],
    ]);
    // With another part in the same change, the counter's event is E:custom.
    const both = applyGameUpdate(game, update({ eventId: uid(923), dayNight: 'day', customCounter: { action: 'step', id: uid(921), step: 1 } }));
    expect(both.events.slice(0, 2).map((e) => e.id)).toEqual([`${uid(923)}:custom`, uid(923)]);
    const removed = applyGameUpdate(both, update({ eventId: uid(924), customCounter: { action: 'remove', id: uid(921) } }));
    expect(removed.events[0]!.text).toBe("Cy's Storm counter removed (it was 2)");
  });

  it('refuses a create beyond the limit and changes nothing for a step of an unknown counter', () => {
    let game = fourPlayerGame();
    for (let i = 0; i < 8; i += 1) game = create(game, 930 + i, `C${i}`, null);
    expect(() => applyGameUpdate(game, update({ customCounter: { action: 'create', id: uid(940), name: 'More', seat: null } }))).toThrow(
      'The table already has 8 counters. Remove one to add another.',
    );
    expect(applyGameUpdate(game, update({ customCounter: { action: 'step', id: uid(941), step: 1 } }))).toBe(game);
  });
});

describe('games stored before custom counters existed', () => {
  it('still parse and have none; the first counter adds the field', () => {
    const old = fourPlayerGame();
    const stored = JSON.parse(JSON.stringify(old)) as Game;
    expect(gameSchema.parse(stored).table).toEqual(old.table);
    expect(customCountersOf(stored)).toEqual([]);
    delete stored.table;
    expect(customCountersOf(stored)).toEqual([]);
    expect(newCounterProblem(stored, 'Storm', 0)).toBeNull();
    expect(create(stored, 950, 'Storm', 0).table).toMatchObject({ customCounters: [{ name: 'Storm', value: 0 }], monarchSeat: null });
    expect(gameSchema.parse(create(old, 951, 'Storm', null)).table?.customCounters).toHaveLength(1);
  });
});

let seq = 0;
function write(args: unknown): PlannedWrite {
  seq += 1;
  const entry: OutboxEntry = { seq, id: `w${seq}`, name: 'game.update', args, target: { table: '', id: '' }, keys: [], status: 'queued', attempts: 0, createdAt: Date.UTC(2026, 0, 1, 0, 0, seq) };
  const plan = planEntry(entry, { id: 'u-ana', username: 'ana', displayName: 'Ana', avatarUrl: null });
  if (!plan) throw new Error('unplannable game.update');
  return plan;
}

describe('rebase: two phones, offline', () => {
  const game = fourPlayerGame();
  const key = `games:${game.id}`;
  const change = (eventId: number, customCounter: unknown) => write({ gameId: game.id, update: { eventId: uid(eventId), customCounter } });

  it('steps recorded on both phones all count', () => {
    // The server holds Bo's Storm at 2, stepped on another phone.
    let server = create(game, 1000, 'Storm', 1);
    server = stepCustomCounter(stepCustomCounter(server, uid(1000), 1), uid(1000), 1);
    // This phone stepped the same counter three times offline.
    const pending = [1001, 1002, 1003].map((n) => change(n, { action: 'step', id: uid(1000), step: 1 }));
    const rebased = rebase(new Map([[key, { ...server, rev: 5 }]]), pending).get(key) as Game;
    expect(valueOf(rebased, uid(1000))).toBe(5);
    // Once the server copy holds them (their ids in the log), re-applying changes nothing.
    const again = rebase(new Map([[key, { ...rebased, syncState: undefined }]]), pending).get(key) as Game;
    expect(valueOf(again, uid(1000))).toBe(5);
  });

  it('"Storm" created on both phones becomes one counter, and both phones\u2019 steps land on it', () => {
    // Phone A created Ben's Storm and tapped +1 twice; the server holds that.
    let server = create(game, 1010, 'Storm', 1);
    server = stepCustomCounter(stepCustomCounter(server, uid(1010), 1), uid(1010), 1);
    // Phone B, offline, created "storm" for Bo under its own id and tapped +1 three times.
    const pending = [change(1020, { action: 'create', id: uid(1021), name: 'storm', seat: 1 }), ...[1022, 1023, 1024].map((n) => change(n, { action: 'step', id: uid(1021), step: 1 }))];
    const rebased = rebase(new Map([[key, { ...server, rev: 5 }]]), pending).get(key) as Game;
    expect(countersOf(rebased, 1)).toEqual([{ id: uid(1010), name: 'Storm', seat: 1, value: 5, aliases: [uid(1021)] }]);
    expect(texts(rebased).slice(0, 2)).toEqual(['Bo: Storm 5', 'Bo: Storm 4']);
    expect(rebased.events.find((e) => e.id === uid(1020))?.text).toBe('Bo: Storm added twice, kept as one');
    // Removing it removes it by either id; a later step by the other id is then a no-op.
    const removed = removeCustomCounter(rebased, uid(1021));
    expect(countersOf(removed, 1)).toEqual([]);
    expect(stepCustomCounter(removed, uid(1010), 1)).toBe(removed);
  });

  it('a step made offline on a counter another phone removed changes nothing', () => {
    const server = removeCustomCounter(create(game, 1030, 'Rad', 2), uid(1030));
    const pending = [change(1031, { action: 'step', id: uid(1030), step: 1 })];
    const rebased = rebase(new Map([[key, { ...server, rev: 5 }]]), pending).get(key) as Game;
    expect(customCountersOf(rebased)).toEqual([]);
    expect(rebased.events).toEqual(server.events);
  });
});
