/**
 * Keeps draining the outbox while it holds writes: at once when kicked, and again after the
 * delay the sender reports. A server outage fires no 'online' event, so this timer is what
 * brings writes to a server that comes back (docs/architecture.md, "The sender").
 * `kick({ fresh: true })` is for "the network, the socket or the server is back": the backoff
 * is forgotten and the writes leave at once.
 */
import type { DrainResult, Sender } from './sender';

export interface DrainLoop {
  kick(options?: { fresh?: boolean }): void;
  stop(): void;
  /** Resolves when the current drain (if any) finishes; for tests and logout. */
  idle(): Promise<void>;
}

export function createDrainLoop(sender: Sender, onError: (error: unknown) => void = console.error): DrainLoop {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let queuedKick = false;
  let stopped = false;

  function schedule(result: DrainResult): void {
    if (stopped || result.state !== 'waiting') return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => kick(), result.retryInMs);
  }

  function kick(options: { fresh?: boolean } = {}): void {
    if (stopped) return;
    if (options.fresh) sender.resetBackoff();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    // Kicks during a drain collapse into one more drain after it.
    if (queuedKick) return;
    queuedKick = true;
    running = running.then(() => {
      queuedKick = false;
      return sender.drain().then(schedule, (error: unknown) => {
        onError(error);
        schedule({ state: 'waiting', retryInMs: 5000 });
      });
    });
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
