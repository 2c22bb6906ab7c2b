/**
 * GET /api/games/finished (server/games/finished-routes.ts): the game history page by page,
 * newest finished first by (finished at, id); a page boundary inside games finished at one
 * instant neither skips nor repeats one; the caller's games, or one pod's finished games as the
 * visibility rule lets them see them; a stranger sees nothing. (Its read budget: read-budgets.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePlayers, games } from '../../../server/db/schema';
import { gameColumns } from '../../../server/games/repo';
import { createGameBody, type Game } from '../../../src/contract/game';
import { FinishedGamesText } from '../../../src/contract/game-history';
import type { User } from '../../../src/contract/users';
import { endGame } from '../../../src/game/ending';
import { startGame } from '../../../src/game/start';
import { startServer, type TestServer } from '../helpers';
import { gameBody, insertPod } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 20, minute)).toISOString();

/**
 * Stores a game of `players` (the first creates it), started at `minute` and, unless `end` is
 * null, ended at `end` (a minute; `noResult` ends it as an older app did: FINISHED, no result, so
 * its last change orders it), straight in the database the way the app builds and ends games.
 */
async function storeGame(players: User[], options: { podId?: string; minute: number; end: number | null; noResult?: boolean; id?: string }): Promise<Game> {
  const body = createGameBody.parse({ ...gameBody(players.map((user, index) => ({ user, role: index === 0 ? 'self' : options.podId ? 'pod' : 'friend' }))), podId: options.podId ?? null });
  const started = startGame({ ...body, id: options.id ?? randomUUID() }, { createdById: players[0]!.id, at: at(options.minute) });
  let game: Game = started;
  if (options.end !== null) {
    game = options.noResult
      ? { ...started, status: 'FINISHED', updatedAt: at(options.end), result: null }
      : { ...endGame(started, { winnerSeat: 0 }, { at: at(options.end) }), updatedAt: at(options.end) };
  }
  await server.database.db.insert(games).values(gameColumns({ ...game, rev: 2 }));
  await server.database.db.insert(gamePlayers).values(players.map((user) => ({ gameId: game.id, userId: user.id })));
  return game;
}

async function page(token: string, query: string) {
  const answer = await server.request<Game[]>('GET', `/api/games/finished${query}`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** Every page of `limit` from the newest, each asked after the last game of the one before. */
async function walk(token: string, limit: number, pod?: string): Promise<{ ids: string[]; pages: number[] }> {
  const ids: string[] = [];
  const pages: number[] = [];
  let cursor: Game | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const params = new URLSearchParams({ limit: String(limit) });
    if (pod) params.set('pod', pod);
    if (cursor) {
      params.set('before', cursor.result?.endedAt ?? cursor.updatedAt);
      params.set('beforeId', cursor.id);
    }
    const rows = await page(token, `?${params.toString()}`);
    ids.push(...rows.map((game) => game.id));
    pages.push(rows.length);
    if (rows.length < limit) return { ids, pages };
    cursor = rows.at(-1);
  }
  throw new Error('the pages never ended');
}

describe('finished games, page by page', () => {
  it("walks the caller's finished games newest first, splitting games finished at one instant across pages with none skipped or repeated", async () => {
    const [ana, bo, cy] = await Promise.all([server.newUser('fga'), server.newUser('fgb'), server.newUser('fgc')]);
    // Games finished at one instant come by id, descending.
    const ids = [randomUUID(), randomUUID(), randomUUID()].sort().reverse();
    // Started in one order, finished in another: the history follows the end.
    const late = await storeGame([ana.user, bo.user], { minute: 1, end: 50 });
    const tied = [];
    for (const [index, id] of ids.entries()) tied.push(await storeGame([ana.user, bo.user], { minute: 10 + index, end: 40, id }));
    const noResult = await storeGame([ana.user, cy.user], { minute: 20, end: 30, noResult: true });
    const early = await storeGame([ana.user, cy.user], { minute: 21, end: 25 });
    await storeGame([ana.user, bo.user], { minute: 45, end: null });
    // Bo's game without Ana is not hers.
    await storeGame([bo.user, cy.user], { minute: 5, end: 35 });

    const expected = [late.id, ...ids, noResult.id, early.id];
    // Pages of 2: the three games of minute 40 straddle the first two pages.
    const walked = await walk(ana.token, 2);
    expect(walked.ids).toEqual(expected);
    expect(walked.pages).toEqual([2, 2, 2, 0]);
    expect((await walk(ana.token, 4)).ids).toEqual(expected);
    // Every game is finished, as the caller may see it.
    const all = await page(ana.token, '');
    expect(all.map((game) => game.status)).toEqual(expected.map(() => 'FINISHED'));

    // `before` alone: finished strictly before that instant (the whole tie goes).
    expect((await page(ana.token, `?before=${encodeURIComponent(at(40))}`)).map((game) => game.id)).toEqual([noResult.id, early.id]);
    // A position inside the tie: only the games after it.
    const inside = await page(ana.token, `?before=${encodeURIComponent(at(40))}&beforeId=${ids[0]}`);
    expect(inside.map((game) => game.id)).toEqual([ids[1], ids[2], noResult.id, early.id]);
    // The same instant spelled with an offset is the same position.
    const offset = await page(ana.token, `?before=${encodeURIComponent('2026-03-01T21:40:00+01:00')}&beforeId=${ids[1]}`);
    expect(offset.map((game) => game.id)).toEqual([ids[2], noResult.id, early.id]);
  });

  it("a pod's finished games reach every member, played or not; an active one and a stranger get nothing", async () => {
    const [ana, bo, cy, stranger] = await Promise.all([server.newUser('fpa'), server.newUser('fpb'), server.newUser('fpc'), server.newUser('fps')]);
    const podId = await insertPod(server, ana.user, [bo.user, cy.user]);
    const theirs = await storeGame([bo.user, cy.user], { podId, minute: 1, end: 10 });
    const hers = await storeGame([ana.user, bo.user], { podId, minute: 2, end: 20 });
    await storeGame([bo.user, cy.user], { podId, minute: 3, end: null });
    const home = await storeGame([ana.user, bo.user], { minute: 4, end: 30 });

    expect((await walk(ana.token, 1, podId)).ids).toEqual([hers.id, theirs.id]);
    // Without `pod`: the games she played, at home and in the pod.
    expect((await page(ana.token, '')).map((game) => game.id)).toEqual([home.id, hers.id]);
    // A stranger: nothing of the pod, nothing of anyone's games.
    expect(await page(stranger.token, `?pod=${podId}`)).toEqual([]);
    expect(await page(stranger.token, '')).toEqual([]);
    // A pod that does not exist answers like one the caller may not see.
    expect(await page(ana.token, `?pod=${randomUUID()}`)).toEqual([]);
  });

  it('answers bad positions and sizes with 400 and the reason', async () => {
    const ana = await server.newUser('fgx');
    const bad = async (query: string) => {
      const answer = await server.request<{ message: string }>('GET', `/api/games/finished${query}`, { token: ana.token });
      expect(answer.status, query).toBe(400);
      return answer.body.message;
    };
    expect(await bad(`?beforeId=${randomUUID()}`)).toBe(FinishedGamesText.beforeIdAlone);
    expect(await bad(`?before=${encodeURIComponent(at(1))}&beforeId=nope`)).toBe(FinishedGamesText.beforeId);
    expect(await bad('?limit=51')).toBe(FinishedGamesText.limit);
    expect(await bad('?pod=nope')).toBe(FinishedGamesText.pod);
    expect((await server.request('GET', '/api/games/finished')).status).toBe(401);
  });
});
