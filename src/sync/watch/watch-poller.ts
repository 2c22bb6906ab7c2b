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
import { answerOf, backoffMs, retryAfterMs, startPollLoop, type PollOutcome } from './poll-loop';

export interface WatchPollerOptions {
  fetchImpl?: typeof fetch;
  intervalMs?: number;
  baseUrl?: string;
}

export interface WatchPoller {
  stop(): void;
}

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
  let failures = 0;
  let stopped = false;

  async function poll(): Promise<PollOutcome> {
    const row = await db.watchViews.get(token);
    if (!row) await writeRow(db, token, {});
    const headers: Record<string, string> = { Accept: 'application/json', [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) };
    if (row?.etag && row.view) headers['If-None-Match'] = row.etag;
    const answer = await answerOf(doFetch, url, { headers });
    if (!answer) return offline(row);
    const { response, text } = answer;
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
      return { kind: 'again', waitMs: retryAfterMs(response, intervalMs) };
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

  async function offline(row: WatchViewRow | undefined): Promise<PollOutcome> {
    failures += 1;
    if (!stopped && row?.state !== 'offline' && row?.state !== 'gone') await writeRow(db, token, { state: 'offline' });
    return { kind: 'again', waitMs: backoffMs(intervalMs, failures) };
  }

  const started = startPollLoop(poll, () => {
    failures = 0;
  });
  return {
    stop() {
      stopped = true;
      started.stop();
    },
  };
}
