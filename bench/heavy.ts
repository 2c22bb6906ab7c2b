/**
 * The heavy-account figures (bench/heavy-account.ts builds the account): the app's own sync
 * engine in Node (fake-indexeddb, as bench/replay.ts), against a server process of its own on
 * the embedded database, every answer counted by a loopback proxy (bench/counting-proxy.ts).
 * - First login on a new device → dashboard and chat list readable: the login request, the first
 *   pull's head (a paged snapshot, as the app asks it), then the queries the dashboard and the
 *   chat list read (src/db/queries), run the moment the app asks for the rest (the head is then
 *   in the mirror), while the rest is on its way as in the app. Timed for the heavy account and
 *   for an account with one pod and one message, ROUNDS rounds interleaved (light, heavy), each
 *   on a fresh mirror; the figure is the median of the per-round ratios. The full first sync
 *   (head and rest applied) is timed too.
 * - The first sync's pulls and bytes (compressed, as sent, and as JSON), and the mirror it leaves:
 *   rows per table and bytes (each row's JSON in UTF-8: an estimate of what IndexedDB stores,
 *   which adds its own per-row overhead).
 * - A day offline: the poster writes CATCH_UP_MESSAGES messages across the pods through the API
 *   (batched pushes) while the device does not pull; then the device catches up: pulls and bytes.
 */
import 'fake-indexeddb/auto';
import { ServerProcess } from '../tests/e2e/server-process';
import { openDatabase, type PodTableDB } from '../src/db/schema';
import { writeSession } from '../src/db/session';
import { createApiClient } from '../src/sync/engine/api';
import { createPuller } from '../src/sync/engine/pull';
import { readCursor } from '../src/sync/engine/cursor';
import { visiblePods } from '../src/db/queries/pods';
import { endedGames } from '../src/db/queries/games';
import { conversationSummaries, recentActivity } from '../src/db/queries/messages';
import { unreadCounts } from '../src/db/queries/unread';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../src/contract/sync-protocol';
import { loginResponse, type User } from '../src/contract/users';
import { account } from './accounts';
import { CountingProxy } from './counting-proxy';
import { BENCH_ENV } from './env';
import { buildHeavyAccount, FULL_SIZE, PASSWORD, scaledSize, type HeavyAccount } from './heavy-account';

export const ROUNDS = 3;
export const CATCH_UP_MESSAGES = 5000;
const PUSH_BATCH = 100;

export interface MirrorSize {
  rows: Record<string, number>;
  bytes: number;
}

export interface SyncCost {
  pulls: number;
  /** Body bytes as sent (compressed when the server compressed them). */
  wireBytes: number;
  /** The same answers as JSON text. */
  jsonBytes: number;
}

export interface HeavyResult {
  account: HeavyAccount;
  /** Per round: heavy ms / light ms. */
  ratios: number[];
  lightMs: number[];
  heavyMs: number[];
  /** Per round: login → the heavy account's mirror current (head and rest applied). */
  heavySyncedMs: number[];
  firstSync: SyncCost;
  mirror: MirrorSize;
  catchUp: SyncCost;
  /** The catch-up's pulls, applied (ms). */
  catchUpMs: number;
  mirrorAfterCatchUp: MirrorSize;
}

/** Every table's rows and their JSON bytes. */
export async function mirrorSize(db: PodTableDB): Promise<MirrorSize> {
  const rows: Record<string, number> = {};
  let bytes = 0;
  for (const table of db.tables) {
    const all = await table.toArray();
    rows[table.name] = all.length;
    for (const row of all) bytes += Buffer.byteLength(JSON.stringify(row));
  }
  return { rows, bytes };
}

async function login(baseUrl: string, username: string, password: string): Promise<{ id: string; token: string; user: User }> {
  const response = await fetch(`${baseUrl}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  const body = loginResponse.parse(await response.json());
  return { id: body.user.id, token: body.token, user: body.user };
}

async function push(baseUrl: string, token: string, mutations: Array<{ id: string; name: string; args: unknown }>): Promise<void> {
  const response = await fetch(`${baseUrl}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) },
    body: JSON.stringify({ mutations }),
  });
  if (response.status !== 200) throw new Error(`push answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { results: Array<{ status: string }> };
  const bad = body.results.filter((result) => result.status !== 'applied');
  if (bad.length > 0) throw new Error(`push: ${bad.length} not applied: ${JSON.stringify(bad[0])}`);
}

/** A new device: a fresh mirror whose API answers are counted as JSON text, besides the proxy's count of bytes sent; `onRest` runs when the first pull's rest is asked. */
function device(proxy: CountingProxy, token: string, onRest: () => void) {
  const db = openDatabase(`heavy-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  let jsonBytes = 0;
  const api = createApiClient({
    baseUrl: proxy.url,
    getToken: () => token,
    fetchImpl: async (input, init) => {
      if (String(input).includes('snapshot=rest')) onRest();
      const response = await fetch(input, init);
      const text = await response.text();
      jsonBytes += Buffer.byteLength(text);
      return new Response(response.status === 204 ? null : text, { status: response.status, headers: response.headers });
    },
  });
  /** The JSON bytes counted since the last call. */
  const takeJsonBytes = () => {
    const taken = jsonBytes;
    jsonBytes = 0;
    return taken;
  };
  return { db, puller: createPuller(db, api), takeJsonBytes };
}

function costOf(proxy: CountingProxy, jsonBytes: number): SyncCost {
  const pulls = proxy.answers.filter((answer) => answer.path === '/api/sync/pull');
  return { pulls: pulls.length, wireBytes: pulls.reduce((sum, answer) => sum + answer.bytes, 0), jsonBytes };
}

/** What the dashboard and the chat list read. */
async function dashboardAndChatList(db: PodTableDB, meId: string): Promise<void> {
  await Promise.all([visiblePods(db), endedGames(db), recentActivity(db), conversationSummaries(db), unreadCounts(db, meId)]);
}

/**
 * Login → the first pull's head in the mirror → the dashboard's and chat list's queries answered
 * (`ms`); login → the mirror current (`syncedMs`). Returns the device too.
 */
async function firstLogin(proxy: CountingProxy, username: string, password: string) {
  const started = performance.now();
  const me = await login(proxy.url, username, password);
  let shown: Promise<number> | undefined;
  const dev = device(proxy, me.token, () => {
    shown ??= dashboardAndChatList(dev.db, me.id).then(() => performance.now() - started);
  });
  await dev.db.open();
  // What the app's login stores before its first pull: the session and the signed-in user's record.
  await writeSession(dev.db, { userId: me.id, token: me.token, paused: false });
  await dev.db.users.put(me.user);
  await dev.puller.sync();
  const syncedMs = performance.now() - started;
  if ((await readCursor(dev.db)) === null) throw new Error('the first pull was not applied');
  if (shown === undefined) throw new Error('the first pull asked for no rest: it was not paged');
  return { ...dev, me, ms: await shown, syncedMs };
}

export async function measureHeavy(scale: number): Promise<HeavyResult> {
  const server = new ServerProcess(BENCH_ENV);
  try {
    const built = await buildHeavyAccount(server.dataDir, scale === 1 ? FULL_SIZE : scaledSize(scale));
    await server.start();
    // The proxy's target is read when it is made; the server's port is known only after start.
    const counting = new CountingProxy(server.url);
    await counting.start();
    try {
      const light = await account(server.url, 'light');
      const lightPod = crypto.randomUUID();
      await push(server.url, light.token, [
        { id: lightPod, name: 'pod.create', args: { id: lightPod, name: 'Light pod' } },
        // A creating mutation's id is the new record's id.
        ...[crypto.randomUUID()].map((id) => ({ id, name: 'pod.message.send', args: { id, podId: lightPod, content: 'The only message.' } })),
      ]);
      const ratios: number[] = [];
      const lightMs: number[] = [];
      const heavyMs: number[] = [];
      const heavySyncedMs: number[] = [];
      let last: Awaited<ReturnType<typeof firstLogin>> | undefined;
      let firstSync: SyncCost | undefined;
      for (let round = 0; round < ROUNDS; round++) {
        const small = await firstLogin(counting, light.username, light.password);
        small.db.close();
        counting.reset();
        last?.db.close();
        last = await firstLogin(counting, built.user.username, PASSWORD);
        firstSync = costOf(counting, last.takeJsonBytes());
        counting.reset();
        lightMs.push(small.ms);
        heavyMs.push(last.ms);
        heavySyncedMs.push(last.syncedMs);
        ratios.push(last.ms / small.ms);
      }
      const heavyDevice = last!;
      const mirror = await mirrorSize(heavyDevice.db);
      if (mirror.rows.pods !== built.size.pods) throw new Error(`the mirror holds ${mirror.rows.pods} pods, not ${built.size.pods}`);

      // A day offline: the device does not pull while the poster writes across the pods.
      const poster = await login(server.url, built.poster.username, PASSWORD);
      for (let sent = 0; sent < CATCH_UP_MESSAGES; sent += PUSH_BATCH) {
        const batch = Array.from({ length: Math.min(PUSH_BATCH, CATCH_UP_MESSAGES - sent) }, (_, i) => {
          const id = crypto.randomUUID();
          const n = sent + i;
          return { id, name: 'pod.message.send', args: { id, podId: built.podIds[n % built.podIds.length]!, content: `While you were away ${n}: the Friday game moved to Saturday.` } };
        });
        await push(server.url, poster.token, batch);
      }
      counting.reset();
      heavyDevice.takeJsonBytes();
      const catchUpStarted = performance.now();
      await heavyDevice.puller.sync();
      const catchUpMs = performance.now() - catchUpStarted;
      const catchUp = costOf(counting, heavyDevice.takeJsonBytes());
      const mirrorAfterCatchUp = await mirrorSize(heavyDevice.db);
      heavyDevice.db.close();
      return { account: built, ratios, lightMs, heavyMs, heavySyncedMs, firstSync: firstSync!, mirror, catchUp, catchUpMs, mirrorAfterCatchUp };
    } finally {
      await counting.stop();
    }
  } finally {
    await server.dispose();
  }
}
