/**
 * The TV view's one way in: polls `GET /api/watch/{token}` (src/contract/game-watch.ts) and
 * keeps the answer in the mirror's `watchViews` row of the token, which the /watch page renders
 * (it never reads the network itself). No account, no outbox, no socket.
 * - With the view it holds, it asks with If-None-Match and `Prefer: wait=WATCH_WAIT_S`: the
 *   server holds the request until the game changes (a 200 with the new table) or the wait ends
 *   (a 304, asked again at once). A 304 that came at once (the server holds no more) is asked
 *   again WATCH_POLL_MS after the previous request started. After a new table the next request
 *   waits WATCH_LIVE_GAP_MS. A 304 writes nothing unless the row was not `live`, so an idle table
 *   costs no Dexie write and no render. Known limit: a network that vanishes silently during a
 *   held request is noticed when the request times out (the wait and REQUEST_TIMEOUT_MS).
 * - 200: the view (checked by its schema) and its ETag, `live`.
 * - 404: the link is dead (revoked, renewed, expired; one answer for all): the view is dropped,
 *   `gone`, and polling stops: a dead token never comes back.
 * - No answer, a 5xx or an unreadable body: `offline`, the last view kept; the next try backs off
 *   to OFFLINE_MAX_MS and comes at once when the browser says it is online again.
 * - 429: waits its Retry-After (the `watch` budget, server/limits/policies.ts) and says nothing.
 */
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../contract/sync';
import { WATCH_LIVE_GAP_MS, WATCH_POLL_MS, WATCH_WAIT_S, watchViewSchema } from '../../contract/game-watch';
import type { PodTableDB, WatchViewRow } from '../../db/schema';
import { REQUEST_TIMEOUT_MS, answerOf, backoffMs, retryAfterMs, startPollLoop, type PollOutcome } from './poll-loop';

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
    const waits = Boolean(row?.etag && row.view);
    if (waits) {
      headers['If-None-Match'] = row!.etag!;
      headers.Prefer = `wait=${WATCH_WAIT_S}`;
    }
    const sent = Date.now();
    const answer = await answerOf(doFetch, url, { headers }, waits ? WATCH_WAIT_S * 1000 + REQUEST_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
    if (!answer) return offline(row);
    const { response, text } = answer;
    if (stopped) return { kind: 'stop' };
    if (response.status === 304) {
      failures = 0;
      if (row?.state !== 'live') await writeRow(db, token, { state: 'live', answeredAt: Date.now() });
      const held = Date.now() - sent >= (WATCH_WAIT_S * 1000) / 2;
      return { kind: 'again', waitMs: held ? 0 : intervalMs };
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
      // The gap counts from this answer (the loop counts from the request's start, which a held request makes long ago).
      return { kind: 'again', waitMs: Date.now() - sent + WATCH_LIVE_GAP_MS };
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
