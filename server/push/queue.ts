/**
 * A small in-process work queue with bounded concurrency and a bounded backlog, so pushing
 * notifications never holds up the request that caused them and a burst (a message to a big
 * pod, a slow push service) cannot grow memory without limit: past `maxPending` waiting tasks
 * the oldest waiting one is dropped and reported.
 *
 * A task may name a key (the push service it talks to): at most `perKeyConcurrency` tasks of
 * one key run at once, so a push service that never answers holds only its share of the slots
 * and the others keep going. Tasks start oldest first among those allowed to start.
 */
export interface WorkQueue {
  /** Starts `task` when a slot (and a slot of its key) is free; never throws (a failing task is reported). */
  push(task: () => Promise<void>, key?: string): void;
  /** Resolves when nothing runs or waits. */
  idle(): Promise<void>;
  readonly pending: number;
}

export interface WorkQueueOptions {
  concurrency: number;
  /** Running tasks per key at most; default `concurrency`. Tasks without a key are limited only by `concurrency`. */
  perKeyConcurrency?: number;
  maxPending: number;
  onError(error: unknown): void;
  onDrop(): void;
}

interface Waiting {
  task: () => Promise<void>;
  order: number;
}

/** The key of tasks pushed without one (never a push service's origin). */
const NO_KEY = '';

export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  const perKey = options.perKeyConcurrency ?? options.concurrency;
  // One FIFO per key; the oldest task overall is the smallest `order` among their heads.
  const waiting = new Map<string, Waiting[]>();
  const runningByKey = new Map<string, number>();
  let waitingCount = 0;
  let running = 0;
  let order = 0;
  let idleWaiters: Array<() => void> = [];

  function settle() {
    if (running === 0 && waitingCount === 0) {
      const wake = idleWaiters;
      idleWaiters = [];
      for (const resolve of wake) resolve();
    }
  }

  /** The key whose head is oldest, among keys that may start a task (all keys when `any`). */
  function oldestKey(any: boolean): string | undefined {
    let best: string | undefined;
    let bestOrder = Infinity;
    for (const [key, tasks] of waiting) {
      if (!any && key !== NO_KEY && (runningByKey.get(key) ?? 0) >= perKey) continue;
      if (tasks[0]!.order < bestOrder) {
        best = key;
        bestOrder = tasks[0]!.order;
      }
    }
    return best;
  }

  function take(key: string): Waiting {
    const tasks = waiting.get(key)!;
    const head = tasks.shift()!;
    if (tasks.length === 0) waiting.delete(key);
    waitingCount -= 1;
    return head;
  }

  function next() {
    while (running < options.concurrency && waitingCount > 0) {
      const key = oldestKey(false);
      if (key === undefined) return;
      const { task } = take(key);
      running += 1;
      runningByKey.set(key, (runningByKey.get(key) ?? 0) + 1);
      void (async () => {
        try {
          await task();
        } catch (error) {
          options.onError(error);
        } finally {
          running -= 1;
          const left = runningByKey.get(key)! - 1;
          if (left === 0) runningByKey.delete(key);
          else runningByKey.set(key, left);
          next();
          settle();
        }
      })();
    }
  }

  return {
    push(task, key = NO_KEY) {
      const tasks = waiting.get(key);
      const entry = { task, order: order++ };
      if (tasks) tasks.push(entry);
      else waiting.set(key, [entry]);
      waitingCount += 1;
      if (waitingCount > options.maxPending) {
        take(oldestKey(true)!);
        options.onDrop();
      }
      next();
    },
    idle() {
      if (running === 0 && waitingCount === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get pending() {
      return running + waitingCount;
    },
  };
}
