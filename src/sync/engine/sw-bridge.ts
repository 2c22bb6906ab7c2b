/**
 * Page → service worker: ask it to replay the outbox now, and register a Background Sync so
 * Chromium replays it even after the app is closed (~0.2 s after the network returns).
 * Firefox and Safari have no Background Sync; the page's own drain loop covers them.
 */
export const DRAIN_MESSAGE = 'podtable:drain-outbox';
export const SYNC_TAG = 'podtable-outbox';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** `fresh`: the network, the socket or the server is back (no backoff left over). */
export function askServiceWorkerToDrain(fresh = false): void {
  const container = globalThis.navigator?.serviceWorker;
  if (!container) return;
  container.controller?.postMessage({ type: DRAIN_MESSAGE, fresh });
  void container.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}
