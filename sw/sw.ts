/**
 * PodTable's service worker: precaches the app shell (Workbox injectManifest), answers every
 * navigation with the cached index.html so the installed app opens with no network, never
 * caches /api/, and replays the Dexie outbox (the queue of record) with the same sender the
 * page uses: on Background Sync, on its own start, and when a page asks.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { openDatabase } from '../src/db/schema';
import { readSession } from '../src/db/session';
import { createApiClient } from '../src/sync/api';
import { appliers } from '../src/sync/appliers';
import { createDrainLoop } from '../src/sync/drain-loop';
import { createSender } from '../src/sync/sender';
import { DRAIN_MESSAGE, SYNC_TAG } from '../src/sync/sw-bridge';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/ws/, /\/[^/?]+\.[^/]+$/],
  }),
);

// Without clientsClaim the first page stays uncontrolled until a reload (recipes.md).
clientsClaim();

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === DRAIN_MESSAGE) event.waitUntil(drainNow());
});

const db = openDatabase();
const sender = createSender({
  db,
  api: createApiClient({ getToken: async () => (await readSession(db)).token }),
  appliers,
});
const loop = createDrainLoop(sender, (error) => console.error('outbox replay failed', error));

function drainNow(): Promise<void> {
  loop.kick();
  return loop.idle();
}

self.addEventListener('sync', (event) => {
  const syncEvent = event as SyncEvent;
  if (syncEvent.tag === SYNC_TAG) syncEvent.waitUntil(drainNow());
});

self.addEventListener('activate', (event) => event.waitUntil(drainNow()));
void drainNow();
