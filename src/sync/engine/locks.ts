/**
 * One sender at a time across tabs and the service worker: Web Locks where the platform has
 * them (every current browser, in pages and workers), else an in-process mutex (Node tests).
 */
export type WithLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

const chains = new Map<string, Promise<unknown>>();

const inProcessLock: WithLock = (name, task) => {
  const previous = chains.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  chains.set(name, run.catch(() => undefined));
  return run;
};

export const withLock: WithLock = (name, task) => {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks?.request) return locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>;
  return inProcessLock(name, task);
};
