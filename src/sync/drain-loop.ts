/**
 * Keeps draining the outbox while it holds entries: at once when kicked, and again after the
 * backoff the sender reports. A server outage fires no 'online' event, so this timer is what
 * brings writes to a server that comes back (design.md, "Who sends").
 */
import type { DrainResult, Sender } from './sender';

export interface DrainLoop {
  kick(): void;
  stop(): void;
  /** Resolves when the current drain (if any) finishes; for tests and logout. */
  idle(): Promise<void>;
}

export function createDrainLoop(sender: Sender, onError: (error: unknown) => void = console.error): DrainLoop {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  function schedule(result: DrainResult): void {
    if (stopped || result.state !== 'waiting') return;
    timer = setTimeout(kick, result.retryInMs);
  }

  function kick(): void {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    running = running.then(() => sender.drain().then(schedule, onError));
  }

  return {
    kick,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
    idle: () => running,
  };
}
