/**
 * A whole game night made offline by one phone, replayed at once by the app's own outbox sender
 * (src/sync: the mirror in fake-indexeddb, mutate(), the batched push), against the production
 * budgets (RATE_LIMIT_SCALE 1): not one write waits for a 429, and every row is stored. A flood
 * beyond the documented sustained rate is still refused.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WRITE_POLICIES } from '../../server/limits/policies';
import { gameChanges, games, podMessages } from '../../server/db/schema';
import { pushResponse, type PushResponse } from '../../src/contract/sync';
import { openDatabase, type PodTableDB } from '../../src/db/schema';
import { writeSession } from '../../src/db/session';
import { ApiError, createApiClient, type ApiClient } from '../../src/sync/engine/api';
import { applyServerData } from '../../src/sync/engine/apply-server';
import type { SyncContext } from '../../src/sync/engine/context';
import { createSender } from '../../src/sync/engine/sender';
import { changeCounter, createGame, setGameStatus } from '../../src/sync/actions/games';
import { newId } from '../../src/sync/engine/mutate';
import { mutateAndSend } from '../../src/sync/actions/writes';
import { gameBody } from './games/support';
import { startServer, type TestServer } from './helpers';
import { makePod, type Person } from './social/support';
import { mutation, push } from './sync/support';

let server: TestServer;

beforeAll(async () => {
  // The production numbers: no scale-up as in the other server tests.
  server = await startServer({ rateLimits: { scale: 1 } });
  // Starting a server takes long on a loaded machine.
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** The app's HTTP client against the test server, counting every 429 it meets (whole request or one write). */
function countingApi(token: string): { api: ApiClient; tooMany: () => number; pushes: () => number } {
  const inner = createApiClient({ baseUrl: server.url, getToken: () => token });
  let tooMany = 0;
  let pushes = 0;
  const api: ApiClient = {
    async request<T>(method: string, path: string, options?: Parameters<ApiClient['request']>[2]): Promise<T> {
      if (path === '/api/sync/push') pushes += 1;
      try {
        const answer = await inner.request<T>(method, path, options);
        if ((answer as Partial<PushResponse> | null)?.retryAfter !== undefined) tooMany += 1;
        return answer;
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) tooMany += 1;
        throw error;
      }
    },
  };
  return { api, tooMany: () => tooMany, pushes: () => pushes };
}

async function phoneOf(person: Person, api: ApiClient): Promise<SyncContext> {
  const db: PodTableDB = openDatabase(`replay-${randomUUID()}`);
  await db.open();
  await writeSession(db, { userId: person.user.id, token: person.token, paused: false });
  // Online once: the first pull fills the mirror (the pod the night's messages go to).
  const snapshot = await api.request<{ cursor: number; puts: never; dels: never }>('GET', '/api/sync/pull');
  await applyServerData(db, { puts: snapshot.puts, dels: snapshot.dels, reset: true, cursor: { from: null, to: snapshot.cursor } });
  // The signed-in user, as the app keeps it from GET /api/users/me.
  await db.users.put(person.user);
  // Offline: writes are queued; nothing wakes the sender until the network is back.
  return { db, api, kick: () => undefined };
}

describe('a game night replayed at once', () => {
  it('1,000 taps, 5 games and 100 messages made offline go through without a single 429, every row stored', async () => {
    const host = await server.newUser('night');
    const person: Person = { user: host.user, token: host.token };
    const pod = await makePod(server, person);
    const { api, tooMany, pushes } = countingApi(host.token);
    const phone = await phoneOf(person, api);

    const gameIds: string[] = [];
    const messageIds: string[] = [];
    for (let g = 0; g < 5; g += 1) {
      const { id: _id, ...input } = gameBody([{ user: host.user }, { guest: `Gus${g}` }, { guest: `Ida${g}` }, { guest: `Max${g}` }]);
      const gameId = await createGame(phone, input);
      gameIds.push(gameId);
      for (let tap = 0; tap < 200; tap += 1) {
        await changeCounter(phone, gameId, { seat: tap % 4, counter: 'life', delta: tap % 3 === 0 ? 1 : -1 });
        if (tap % 10 === 0) messageIds.push(await mutateAndSend(phone, 'pod.message.send', { id: newId(), podId: pod.id, content: `Game ${g + 1}, turn ${tap / 10 + 1}` }));
      }
      await setGameStatus(phone, gameId, 'FINISHED');
    }
    expect(messageIds).toHaveLength(100);
    const queued = await phone.db.outbox.count();
    expect(queued).toBe(5 + 1000 + 100 + 5);

    // Back online: the sender drains the outbox in batches of at most 100, as the app does.
    const sender = createSender({ db: phone.db, api, readAnswer: (raw) => pushResponse.parse(raw) });
    expect(await sender.drain()).toEqual({ state: 'empty' });

    expect(tooMany()).toBe(0);
    expect(pushes()).toBeGreaterThanOrEqual(Math.ceil(queued / 100));
    expect(await phone.db.outbox.count()).toBe(0);
    const { db } = server.database;
    expect((await db.select({ id: games.id, status: games.status }).from(games).where(inArray(games.id, gameIds))).map((row) => row.status)).toEqual(
      gameIds.map(() => 'FINISHED'),
    );
    const [taps] = await db
      .select({ n: sql<number>`count(*)` })
      .from(gameChanges)
      .where(and(inArray(gameChanges.gameId, gameIds), eq(gameChanges.kind, 'increment')));
    expect(Number(taps!.n)).toBe(1000);
    const stored = await db.select({ id: podMessages.id }).from(podMessages).where(eq(podMessages.podId, pod.id));
    expect(stored.map((row) => row.id).sort()).toEqual([...messageIds].sort());
    // 1,110 writes queued in fake-indexeddb and replayed: minutes on a loaded 2-core machine.
  }, 300_000);

  it('a sustained flood beyond the documented message rate is still refused, with Retry-After', async () => {
    const flooder = await server.newUser('flood');
    const pod = await makePod(server, { user: flooder.user, token: flooder.token });
    const policy = DEFAULT_WRITE_POLICIES.message.perUser!;
    // The most a minute allows: the window's points plus the whole burst.
    const allowed = policy.points + policy.burst!.points;
    let applied = 0;
    let refusedWith: number | undefined;
    for (let batch = 0; batch < Math.ceil(allowed / 100) + 1 && refusedWith === undefined; batch += 1) {
      const mutations = Array.from({ length: 100 }, (_, i) => mutation('pod.message.send', { id: randomUUID(), podId: pod.id, content: `spam ${batch}-${i}` }));
      const answer = await push(server, flooder.token, mutations);
      applied += answer.results.filter((result) => result.status === 'applied').length;
      refusedWith = answer.retryAfter;
    }
    expect(applied).toBe(allowed);
    expect(refusedWith).toBeGreaterThan(0);
    const [count] = await server.database.db.select({ n: sql<number>`count(*)` }).from(podMessages).where(eq(podMessages.podId, pod.id));
    expect(Number(count!.n)).toBe(allowed);
    // Still refused a moment later: the burst is spent for its hour, not for a minute.
    const again = await push(server, flooder.token, [mutation('pod.message.send', { id: randomUUID(), podId: pod.id, content: 'more' })]);
    expect(again.retryAfter).toBeGreaterThan(0);
    expect(again.results).toEqual([]);
  });
});
