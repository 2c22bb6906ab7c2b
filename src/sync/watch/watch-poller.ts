/**
 * The TV view's one way in: polls `GET /api/watch/{token}` (src/contract/game-watch.ts) and
 * keeps the answer in the mirror's `watchViews` row of the token, which the /watch page renders
 * (it never reads the network itself). No account, no outbox, no socket.
 * - Every WATCH_POLL_MS from the start of the previous request (a slow answer is not waited on
 *   twice), with If-None-Match: a 304 writes nothing unless the row was not `live`, so an idle
 *   table costs no Dexie write and no render.
 * - 200: the view (checked by its schema) and its ETag, `live`.
 * - 404: the link is dead (revoked, renewed, expired; one answer for all): the view is dropped,
 *   `gone`, and polling stops: a dead token never comes back.
 * - No answer, a 5xx or an unreadable body: `offline`, the last view kept; the next try backs off
 *   to OFFLINE_MAX_MS and comes at once when the browser says it is online again.
 * - 429: waits its Retry-After (the `watch` budget, server/limits/policies.ts) and says nothing.
 */
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../contract/sync';
import { WATCH_POLL_MS, watchViewSchema } from '../../contract/game-watch';
import type { PodTableDB, WatchViewRow } from '../../db/schema';

/** The longest wait between tries while the server does not answer. */
const OFFLINE_MAX_MS = 5000;
/** A poll that takes longer than this has failed (the view says so instead of hanging). */
const POLL_TIMEOUT_MS = 5000;

export interface WatchPollerOptions {
  fetchImpl?: typeof fetch;
  intervalMs?: number;
  baseUrl?: string;
}

export interface WatchPoller {
  stop(): void;
}

type Outcome = { kind: 'again'; waitMs: number } | { kind: 'stop' };

async function writeRow(db: PodTableDB, token: string, change: Partial<WatchViewRow>): Promise<void> {
  await db.transaction('rw', db.watchViews, async () => {
    const row = (await db.watchViews.get(token)) ?? { token, view: null, etag: null, state: 'loading' as const, answeredAt: null };
    await db.watchViews.put({ ...row, ...change });
  });
}

/** Starts polling `token`'s view into the mirror; the row is created `loading` if the device has none. */
export function watchTable(db: PodTableDB, token: string, options: WatchPollerOptions = {}): WatchPoller {
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const intervalMs = options.intervalMs ?? WATCH_POLL_MS;
  const url = `${options.baseUrl ?? ''}/api/watch/${encodeURIComponent(token)}`;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  async function poll(): Promise<Outcome> {
    const row = await db.watchViews.get(token);
    if (!row) await writeRow(db, token, {});
    const headers: Record<string, string> = { Accept: 'application/json', [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) };
    if (row?.etag && row.view) headers['If-None-Match'] = row.etag;
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), POLL_TIMEOUT_MS);
    let response: Response;
    let text = '';
    try {
      response = await doFetch(url, { headers, cache: 'no-store', signal: abort.signal });
      if (response.status !== 304) text = await response.text();
    } catch {
      return offline(row);
    } finally {
      clearTimeout(timeout);
    }
    if (stopped) return { kind: 'stop' };
    if (response.status === 304) {
      failures = 0;
      if (row?.state !== 'live') await writeRow(db, token, { state: 'live', answeredAt: Date.now() });
      return { kind: 'again', waitMs: intervalMs };
    }
    if (response.status === 404) {
      await writeRow(db, token, { view: null, etag: null, state: 'gone', answeredAt: Date.now() });
      return { kind: 'stop' };
    }
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get('retry-after'));
      return { kind: 'again', waitMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : intervalMs };
    }
    if (response.ok) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return offline(row);
      }
      const view = watchViewSchema.safeParse(parsed);
      if (!view.success) return offline(row);
      failures = 0;
      await writeRow(db, token, { view: view.data, etag: response.headers.get('etag'), state: 'live', answeredAt: Date.now() });
      return { kind: 'again', waitMs: intervalMs };
    }
    return offline(row);
  }

  async function offline(row: WatchViewRow | undefined): Promise<Outcome> {
    failures += 1;
    if (!stopped && row?.state !== 'offline' && row?.state !== 'gone') await writeRow(db, token, { state: 'offline' });
    return { kind: 'again', waitMs: Math.min(OFFLINE_MAX_MS, intervalMs * 2 ** Math.min(failures - 1, 4)) };
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    const started = Date.now();
    timer = undefined;
    let outcome: Outcome;
    try {
      outcome = await poll();
    } catch {
      // The mirror itself failed (storage full, closed): try again later rather than stop.
      outcome = { kind: 'again', waitMs: OFFLINE_MAX_MS };
    }
    if (stopped || outcome.kind === 'stop') return;
    timer = setTimeout(() => void loop(), Math.max(0, started + outcome.waitMs - Date.now()));
  }

  const onOnline = () => {
    if (stopped || timer === undefined) return;
    clearTimeout(timer);
    failures = 0;
    void loop();
  };
  globalThis.addEventListener?.('online', onOnline);
  void loop();

  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      globalThis.removeEventListener?.('online', onOnline);
    },
  };
}
