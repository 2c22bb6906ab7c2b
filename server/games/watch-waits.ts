/**
 * Long polls of TV views: a view that already shows the latest table (its If-None-Match is the
 * current ETag) may ask to wait (`Prefer: wait=N`) until the game changes, instead of asking
 * again and again. A waiter is woken by any bus event (from any process, hub.onBusEvent) sent
 * to the game's creator — every change of a game reaches its creator's log — whose text names
 * the game's id; it then re-reads the game. A false wake (another event naming the id) costs one
 * read and the wait goes on.
 *
 * Held requests are bounded per process: WAITERS_PER_ADDRESS per client address and
 * WAITERS_MAX in all; past either, the request answers at once (304) and the view asks again
 * after its own pause. Each held request spent one `watch` read when it came in, as any other.
 */
import type { LiveHub } from '../live/hub';
import type { Metrics } from '../metrics';

export const WATCH_WAIT_MAX_MS = 25_000;
export const WAITERS_PER_ADDRESS = 8;
export const WAITERS_MAX = 2_000;

interface Waiter {
  gameId: string;
  wake(): void;
}

export class WatchWaits {
  private readonly byCreator = new Map<string, Set<Waiter>>();
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(
    hub: Pick<LiveHub, 'onBusEvent'>,
    private readonly gauge?: Metrics['watchWaits'],
  ) {
    hub.onBusEvent((userIds, data) => {
      for (const userId of userIds) {
        const waiters = this.byCreator.get(userId);
        if (!waiters) continue;
        for (const waiter of waiters) if (data.includes(waiter.gameId)) waiter.wake();
      }
    });
  }

  /** Whether one more request from `address` may be held now. */
  admits(address: string): boolean {
    return this.total < WAITERS_MAX && (this.byAddress.get(address) ?? 0) < WAITERS_PER_ADDRESS;
  }

  /**
   * Resolves when an event may have changed the game (true), or after `ms` or on `signal`'s
   * abort (false). Call `admits` first.
   */
  wait(address: string, creatorId: string, gameId: string, ms: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      let waiters = this.byCreator.get(creatorId);
      if (!waiters) this.byCreator.set(creatorId, (waiters = new Set()));
      const set = waiters;
      const finish = (changed: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', aborted);
        if (set.delete(waiter)) {
          if (set.size === 0) this.byCreator.delete(creatorId);
          this.total -= 1;
          this.gauge?.set(this.total);
          const left = (this.byAddress.get(address) ?? 1) - 1;
          if (left > 0) this.byAddress.set(address, left);
          else this.byAddress.delete(address);
        }
        resolve(changed);
      };
      const waiter: Waiter = { gameId, wake: () => finish(true) };
      const aborted = () => finish(false);
      const timer = setTimeout(() => finish(false), ms);
      set.add(waiter);
      this.total += 1;
      this.gauge?.set(this.total);
      this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
      if (signal.aborted) aborted();
      else signal.addEventListener('abort', aborted, { once: true });
    });
  }

  /** Held requests now (tests, metrics). */
  get size(): number {
    return this.total;
  }
}

/** The wait a request asks for with `Prefer: wait=N` (seconds, RFC 7240), capped; 0 when none. */
export function preferredWaitMs(prefer: string | string[] | undefined): number {
  const header = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  const match = /(?:^|[,;\s])wait=(\d{1,6})(?:$|[,;\s])/i.exec(header);
  return match ? Math.min(Number(match[1]) * 1000, WATCH_WAIT_MAX_MS) : 0;
}
