/** Day and night, the city's blessing and the Ring: the pure rules, their whole-game change, and rebase. */
import { describe, expect, it } from 'vitest';
import { gameSchema, updateGameBody, type Game } from '../../../src/contract/game';
import { tableStateSchema } from '../../../src/contract/game-table';
import type { OutboxEntry } from '../../../src/db/schema';
import { dayNightOf, hasCityBlessing, ringLevel, setCityBlessing, setDayNight, stepRing } from '../../../src/game/markers';
import { setStatus } from '../../../src/game/status';
import { passTurn } from '../../../src/game/turns';
import { applyGameUpdate } from '../../../src/game/update';
import { planEntry } from '../../../src/sync/engine/plan';
import { rebase, type PlannedWrite } from '../../../src/sync/engine/rebase';
import { fourPlayerGame, uid } from './helpers';

const AT = '2025-05-01T19:00:00.000Z';
const texts = (game: Game) => game.events.map((e) => e.text);
const update = (body: unknown) => updateGameBody.parse(body);

describe('day and night', () => {
  it('starts as neither, becomes day or night with one logged event, and a repeat changes nothing', () => {
    let game = fourPlayerGame();
    expect(dayNightOf(game)).toBe('none');
    game = setDayNight(game, 'day', { eventId: uid(700), at: AT });
    expect(dayNightOf(game)).toBe('day');
    expect(game.events[0]).toEqual({ id: uid(700), at: AT, kind: 'marker', change: { kind: 'dayNight', state: 'day', before: 'none' }, text: 'It became day' });
    expect(setDayNight(game, 'day')).toBe(game);
    game = setDayNight(game, 'night');
    expect(dayNightOf(game)).toBe('night');
    expect(texts(game).slice(0, 2)).toEqual(['It became night', 'It became day']);
    game = setDayNight(game, 'none');
    expect([dayNightOf(game), game.events[0]!.text]).toEqual(['none', 'It is neither day nor night']);
  });

  it('is refused once the game has ended', () => {
    expect(() => setDayNight(setStatus(fourPlayerGame(), 'FINISHED'), 'night')).toThrow('This game has ended.');
  });
});

describe("the city's blessing", () => {
  it('is gained once and kept: gaining it again, passing turns and other changes leave it', () => {
    let game = setCityBlessing(fourPlayerGame(), 0, true, { eventId: uid(710), at: AT });
    expect(hasCityBlessing(game, 0)).toBe(true);
    expect(hasCityBlessing(game, 1)).toBe(false);
    expect(game.events[0]).toEqual({ id: uid(710), at: AT, kind: 'marker', seat: 0, change: { kind: 'blessing', seat: 0, blessed: true }, text: "Ana got the city's blessing" });
    expect(setCityBlessing(game, 0, true)).toBe(game);
    game = passTurn(passTurn(game));
    game = applyGameUpdate(game, update({ eventId: uid(711), monarchSeat: 2, dayNight: 'night', ring: { seat: 0, step: 1 } }));
    game = setCityBlessing(game, 3, true);
    expect(game.table?.cityBlessing).toEqual([0, 3]);
  });

  it('is taken back only by an explicit correction, which is logged as such', () => {
    const game = setCityBlessing(setCityBlessing(fourPlayerGame(), 1, true), 1, false);
    expect(hasCityBlessing(game, 1)).toBe(false);
    expect(game.events[0]!.text).toBe("City's blessing taken back from Bo (a mistaken tap)");
    expect(setCityBlessing(fourPlayerGame(), 1, false)).toEqual(fourPlayerGame());
  });

  it('needs a player of the game', () => {
    expect(() => setCityBlessing(fourPlayerGame(), 6, true)).toThrow('There is no such player in this game.');
  });
});

describe('the Ring', () => {
  it('tempting raises the level by one, never past 4; each temptation is logged', () => {
    let game = fourPlayerGame();
    expect(ringLevel(game, 1)).toBe(0);
    for (let i = 0; i < 5; i += 1) game = stepRing(game, 1, 1, { at: AT });
    expect(ringLevel(game, 1)).toBe(4);
    expect(texts(game).slice(0, 5)).toEqual([
      'The Ring tempted Bo (level 4)',
      'The Ring tempted Bo (level 4)',
      'The Ring tempted Bo (level 3)',
      'The Ring tempted Bo (level 2)',
      'The Ring tempted Bo (level 1)',
    ]);
    expect(game.events[0]).toMatchObject({ kind: 'marker', seat: 1 });
    expect(tableStateSchema.safeParse(game.table).success).toBe(true);
  });

  it('lowering takes back one step, down to 0 (the level leaves the table), and changes nothing at 0', () => {
    let game = stepRing(stepRing(fourPlayerGame(), 2, 1), 2, 1);
    game = stepRing(game, 2, -1);
    expect([ringLevel(game, 2), game.events[0]!.text]).toEqual([1, "Cy's Ring level went back to 1"]);
    game = stepRing(game, 2, -1);
    expect(ringLevel(game, 2)).toBe(0);
    expect(game.table?.ringLevel).toEqual({});
    expect(stepRing(game, 2, -1)).toBe(game);
  });

  it('the contract takes steps of one only and stores levels 1 to 4', () => {
    expect(updateGameBody.safeParse({ ring: { seat: 0, step: 2 } }).success).toBe(false);
    expect(updateGameBody.safeParse({ ring: { seat: 0, step: -1 } }).success).toBe(true);
    const table = fourPlayerGame().table!;
    expect(tableStateSchema.safeParse({ ...table, ringLevel: { '0': 5 } }).success).toBe(false);
    expect(tableStateSchema.safeParse({ ...table, ringLevel: { '0': 4 } }).success).toBe(true);
  });
});

describe('applyGameUpdate with day/night, blessing and Ring', () => {
  it('applies each part under the change\u2019s event ids, once', () => {
    const body = update({ eventId: uid(720), dayNight: 'day', cityBlessing: { seat: 3, blessed: true }, ring: { seat: 0, step: 1 } });
    const once = applyGameUpdate(fourPlayerGame(), body, { at: AT });
    expect(once.events.map((e) => [e.id, e.text])).toEqual([
      [`${uid(720)}:ring`, 'The Ring tempted Ana (level 1)'],
      [`${uid(720)}:blessing`, "Dee got the city's blessing"],
      [uid(720), 'It became day'],
    ]);
    expect(applyGameUpdate(once, body)).toBe(once);
    expect(applyGameUpdate(fourPlayerGame(), body, { appliedIds: new Set([uid(720)]) })).toEqual(fourPlayerGame());
    expect(updateGameBody.safeParse({ eventId: uid(721) }).error?.issues[0]?.message).toBe('Nothing to update.');
  });

  it('refuses them on an ended game', () => {
    const ended = setStatus(fourPlayerGame(), 'FINISHED');
    for (const body of [{ dayNight: 'night' }, { cityBlessing: { seat: 0, blessed: true } }, { ring: { seat: 0, step: 1 } }]) {
      expect(() => applyGameUpdate(ended, update(body))).toThrow('This game has ended.');
    }
  });
});

describe('games stored before these fields existed', () => {
  it('still parse, and read as neither day nor night, no blessing, no Ring', () => {
    const old = fourPlayerGame();
    const stored = JSON.parse(JSON.stringify(old)) as Game;
    expect(gameSchema.parse(stored).table).toEqual(old.table);
    expect([dayNightOf(stored), hasCityBlessing(stored, 0), ringLevel(stored, 0)]).toEqual(['none', false, 0]);
    delete stored.table;
    expect([dayNightOf(stored), hasCityBlessing(stored, 0), ringLevel(stored, 0)]).toEqual(['none', false, 0]);
    expect(stepRing(stored, 0, 1).table).toMatchObject({ ringLevel: { '0': 1 }, monarchSeat: null });
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

describe('rebase: pending changes on a newer server copy', () => {
  const game = fourPlayerGame();
  const key = `games:${game.id}`;

  it('two phones\u2019 temptations both count; a blessing gained elsewhere is kept; the last day/night wins', () => {
    // Another phone tempted Bo, blessed Cy and made it day; the server copy holds that.
    const server = applyGameUpdate(game, update({ eventId: uid(730), dayNight: 'day', cityBlessing: { seat: 2, blessed: true }, ring: { seat: 1, step: 1 } }), { at: AT });
    // This phone, offline, tempted Bo too, blessed Cy as well and made it night.
    const pending = [
      write({ gameId: game.id, update: { eventId: uid(731), ring: { seat: 1, step: 1 } } }),
      write({ gameId: game.id, update: { eventId: uid(732), cityBlessing: { seat: 2, blessed: true } } }),
      write({ gameId: game.id, update: { eventId: uid(733), dayNight: 'night' } }),
    ];
    const rebased = rebase(new Map([[key, { ...server, rev: 5 }]]), pending).get(key) as Game;
    expect(ringLevel(rebased, 1)).toBe(2);
    expect(rebased.table?.cityBlessing).toEqual([2]);
    expect(dayNightOf(rebased)).toBe('night');
    expect(texts(rebased).slice(0, 2)).toEqual(['It became night', 'The Ring tempted Bo (level 2)']);
    // Once the server copy holds them (their ids in the log), re-applying changes nothing.
    const again = rebase(new Map([[key, { ...rebased, syncState: undefined }]]), pending).get(key) as Game;
    expect(ringLevel(again, 1)).toBe(2);
    expect(again.events).toEqual(rebased.events);
  });
});
