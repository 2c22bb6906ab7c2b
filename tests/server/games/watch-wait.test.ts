/**
 * A TV view's long poll (server/games/watch-waits.ts): a request with the current ETag and
 * `Prefer: wait=N` is held until the game changes and then answered with the new table; it ends
 * with 304 when nothing happened, with 404 when the link died meanwhile, and only so many are
 * held per address (the rest answer at once). Held requests are counted by the
 * podtable_watch_waits gauge, which the tests read to know a request is being held.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { vi } from 'vitest';
import { WatchText, type WatchLinkCreated, type WatchView } from '../../../src/contract/game-watch';
import { WAITERS_PER_ADDRESS, preferredWaitMs } from '../../../server/games/watch-waits';
import { startServer, type TestServer } from '../helpers';
import { createGame, gameBody, increment } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function tableWithLink() {
  const host = await server.newUser('tvh');
  const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Gus' }]));
  const link = await server.request<WatchLinkCreated>('POST', `/api/games/${game.id}/watch-link`, { token: host.token });
  expect(link.status).toBe(201);
  const first = await server.request<WatchView>('GET', `/api/watch/${link.body.token}`);
  return { host, game, token: link.body.token, etag: first.headers.get('etag')! };
}

async function held(): Promise<number> {
  const metrics = await server.request('GET', '/metrics');
  return Number(/^podtable_watch_waits (\d+)$/m.exec(metrics.text)?.[1] ?? 0);
}

const waitFor = (token: string, etag: string, seconds: number) =>
  server.request<WatchView>('GET', `/api/watch/${token}`, { headers: { 'if-none-match': etag, prefer: `wait=${seconds}` } });

it('is held while nothing changes and answers the new table when a tap is stored', async () => {
  const { host, game, token, etag } = await tableWithLink();
  const answer = waitFor(token, etag, 20);
  await vi.waitFor(async () => expect(await held()).toBe(1), { timeout: 20_000, interval: 50 });
  await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: increment(0, -3) });
  const changed = await answer;
  expect(changed.status).toBe(200);
  expect(changed.headers.get('etag')).not.toBe(etag);
  expect(changed.body.players[0]!.lifeTotal).toBe(37);
  expect(await held()).toBe(0);
});

it('answers 304 when the wait ends with nothing new, and 404 when the link was stopped meanwhile', async () => {
  const { host, game, token, etag } = await tableWithLink();
  const quiet = await waitFor(token, etag, 1);
  expect(quiet.status).toBe(304);
  const answer = waitFor(token, etag, 2);
  await vi.waitFor(async () => expect(await held()).toBe(1), { timeout: 20_000, interval: 50 });
  await server.request('DELETE', `/api/games/${game.id}/watch-link`, { token: host.token });
  const stopped = await answer;
  expect(stopped.status).toBe(404);
  expect(stopped.body).toEqual({ message: WatchText.gone });
});

it(`holds at most ${WAITERS_PER_ADDRESS} requests of one address; the next answers at once`, async () => {
  const { host, game, token, etag } = await tableWithLink();
  const waiting = Array.from({ length: WAITERS_PER_ADDRESS }, () => waitFor(token, etag, 20));
  await vi.waitFor(async () => expect(await held()).toBe(WAITERS_PER_ADDRESS), { timeout: 20_000, interval: 50 });
  const extra = await waitFor(token, etag, 20);
  expect(extra.status).toBe(304);
  await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: increment(0, -1) });
  for (const answer of await Promise.all(waiting)) expect(answer.status).toBe(200);
});

it('reads the wait from Prefer, capped, and none without it', () => {
  expect(preferredWaitMs('wait=10')).toBe(10_000);
  expect(preferredWaitMs('respond-async, wait=600')).toBe(25_000);
  expect(preferredWaitMs(undefined)).toBe(0);
  expect(preferredWaitMs('handling=lenient')).toBe(0);
});
