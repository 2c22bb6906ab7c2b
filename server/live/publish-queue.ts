/**
 * Publishing to the other processes, in order, retried until it succeeds: a failed NOTIFY or
 * Redis PUBLISH is tried again (RETRY_MIN_MS doubling to RETRY_MAX_MS) instead of only being
 * logged, and later messages wait behind it so order is kept.
 *
 * Known limit: while the bus is down, messages pile up; beyond MAX_PENDING the newest are
 * given up (memory is bounded) and counted. A gap notice then goes out right after the message
 * being retried (before any later one), so every other process asks its clients to reconnect and catch up: a lost
 * publish becomes a delay, never a silent loss. `close` waits at most its timeout.
 */
import { errorInfo, type BusMetrics, type TransportLog } from './transport';

export const RETRY_MIN_MS = 100;
export const RETRY_MAX_MS = 5000;
export const MAX_PENDING = 10_000;

export interface PublishQueue<T> {
  push(item: T): void;
  readonly pending: number;
  /** Waits until the queue is empty or `timeoutMs` passed; then stops retrying. */
  close(timeoutMs: number): Promise<void>;
}

export interface PublishQueueOptions<T> {
  send(item: T): Promise<void>;
  /** The gap notice sent before the first message after messages were given up. */
  gapNotice(): T;
  log: TransportLog;
  metrics?: BusMetrics;
  maxPending?: number;
  retryMinMs?: number;
}

export function createPublishQueue<T>(options: PublishQueueOptions<T>): PublishQueue<T> {
  const maxPending = options.maxPending ?? MAX_PENDING;
  const retryMinMs = options.retryMinMs ?? RETRY_MIN_MS;
  const items: T[] = [];
  let running = false;
  let closed = false;
  let lost = 0;
  let idle: Array<() => void> = [];
  let wake: (() => void) | undefined;

  const setBacklog = () => options.metrics?.liveBusBacklog.set(items.length);

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  }

  async function sendWithRetry(item: T): Promise<boolean> {
    let failures = 0;
    for (;;) {
      try {
        await options.send(item);
        if (failures > 0) options.log.info({ failures }, 'live bus publish succeeded after retrying');
        return true;
      } catch (error) {
        failures += 1;
        options.metrics?.liveBusPublishFailures.inc();
        if (failures === 1 || failures % 20 === 0) options.log.warn({ ...errorInfo(error), failures }, 'live bus publish failed; retrying');
        if (closed) return false;
        await sleep(Math.min(RETRY_MAX_MS, retryMinMs * 2 ** Math.min(failures - 1, 10)));
        if (closed) return false;
      }
    }
  }

  async function run(): Promise<void> {
    running = true;
    while (items.length > 0 && !closed) {
      if (lost > 0) {
        if (!(await sendWithRetry(options.gapNotice()))) break;
        options.log.warn({ lost }, 'live bus messages were given up; told the other processes to resync their clients');
        lost = 0;
      }
      const item = items[0]!;
      if (!(await sendWithRetry(item))) break;
      items.shift();
      setBacklog();
    }
    running = false;
    for (const done of idle.splice(0)) done();
  }

  return {
    push(item) {
      if (closed) return;
      if (items.length >= maxPending) {
        lost += 1;
        options.metrics?.liveBusDropped.inc();
        if (lost === 1) options.log.error({ pending: items.length }, 'live bus backlog full; giving messages up (peers will be told to resync)');
        return;
      }
      items.push(item);
      setBacklog();
      if (running) return;
      // Started after this turn's I/O: the request that published writes its answer before the
      // bus send's socket write (the answer is on the author's critical path, the bus is not).
      running = true;
      setImmediate(() => void run());
    },
    get pending() {
      return items.length;
    },
    async close(timeoutMs) {
      if (running) {
        await Promise.race([
          new Promise<void>((resolve) => idle.push(resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
        ]);
      }
      closed = true;
      wake?.();
      idle = [];
    },
  };
}
