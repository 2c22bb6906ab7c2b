/**
 * A small in-process work queue with bounded concurrency and a bounded backlog, so pushing
 * notifications never holds up the request that caused them and a burst (a message to a big
 * pod, a slow push service) cannot grow memory without limit: past `maxPending` waiting tasks
 * the oldest waiting one is dropped and reported.
 */
export interface WorkQueue {
  /** Starts `task` when a slot is free; never throws (a failing task is reported). */
  push(task: () => Promise<void>): void;
  /** Resolves when nothing runs or waits. */
  idle(): Promise<void>;
  readonly pending: number;
}

export interface WorkQueueOptions {
  concurrency: number;
  maxPending: number;
  onError(error: unknown): void;
  onDrop(): void;
}

export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  const waiting: Array<() => Promise<void>> = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];

  function settle() {
    if (running === 0 && waiting.length === 0) {
      const wake = idleWaiters;
      idleWaiters = [];
      for (const resolve of wake) resolve();
    }
  }

  function next() {
    while (running < options.concurrency && waiting.length > 0) {
      const task = waiting.shift()!;
      running += 1;
      void (async () => {
        try {
          await task();
        } catch (error) {
          options.onError(error);
        } finally {
          running -= 1;
          next();
          settle();
        }
      })();
    }
  }

  return {
    push(task) {
      waiting.push(task);
      if (waiting.length > options.maxPending) {
        waiting.shift();
        options.onDrop();
      }
      next();
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get pending() {
      return running + waiting.length;
    },
  };
}
