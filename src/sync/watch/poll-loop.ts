/**
 * The polling loop of the no-account views (the TV view, src/sync/watch/watch-poller.ts; a guest
 * seat, src/sync/guest/guest-seat-sync.ts): one poll at a time, the next one `waitMs` after the
 * start of the previous (a slow answer is not waited on twice), at once when the browser says it
 * is online again; a poll that throws (the mirror failed: storage full, closed) is tried again
 * after OFFLINE_MAX_MS rather than stopping.
 */

/** The longest wait between tries while the server does not answer. */
export const OFFLINE_MAX_MS = 5000;
/** A request that takes longer than this has failed (the view says so instead of hanging). */
export const REQUEST_TIMEOUT_MS = 5000;

export type PollOutcome = { kind: 'again'; waitMs: number } | { kind: 'stop' };

export interface PollLoop {
  stop(): void;
  /** Polls now rather than at the next turn (a write is waiting); nothing while a poll runs. */
  wake(): void;
}

/** The wait after `failures` unanswered polls in a row: doubling from `intervalMs`, at most OFFLINE_MAX_MS. */
export function backoffMs(intervalMs: number, failures: number): number {
  return Math.min(OFFLINE_MAX_MS, intervalMs * 2 ** Math.min(Math.max(failures - 1, 0), 4));
}

/** A 429's wait: its Retry-After, else `fallbackMs`. */
export function retryAfterMs(response: Response, fallbackMs: number): number {
  const retryAfter = Number(response.headers.get('retry-after'));
  return Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : fallbackMs;
}

/** A request and its body text (none for a 304), or null when no answer came in `timeoutMs`. */
export async function answerOf(doFetch: typeof fetch, url: string, init: RequestInit, timeoutMs = REQUEST_TIMEOUT_MS): Promise<{ response: Response; text: string } | null> {
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await doFetch(url, { cache: 'no-store', ...init, signal: abort.signal });
    return { response, text: response.status === 304 ? '' : await response.text() };
  } catch {
    return null;
  } finally {
    clearTimeout(timeout);
  }
}

/** Starts `poll` now and again as its outcomes say; `onOnline` runs before the poll the browser's online event brings forward. */
export function startPollLoop(poll: () => Promise<PollOutcome>, onOnline: () => void = () => undefined): PollLoop {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function loop(): Promise<void> {
    if (stopped) return;
    const started = Date.now();
    timer = undefined;
    let outcome: PollOutcome;
    try {
      outcome = await poll();
    } catch {
      outcome = { kind: 'again', waitMs: OFFLINE_MAX_MS };
    }
    if (stopped || outcome.kind === 'stop') return;
    timer = setTimeout(() => void loop(), Math.max(0, started + outcome.waitMs - Date.now()));
  }

  const wake = () => {
    if (stopped || timer === undefined) return;
    clearTimeout(timer);
    void loop();
  };
  const online = () => {
    if (stopped || timer === undefined) return;
    onOnline();
    wake();
  };
  globalThis.addEventListener?.('online', online);
  void loop();

  return {
    wake,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      globalThis.removeEventListener?.('online', online);
    },
  };
}
