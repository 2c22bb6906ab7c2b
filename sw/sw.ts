/**
 * PodTable's service worker: precaches the app shell (Workbox injectManifest), answers every
 * navigation with the cached index.html so the installed app opens with no network, never
 * caches /api/, and sends the Dexie outbox (the queue of record) with the same sender the page
 * uses: on Background Sync (the network is back: no backoff left over), on its own start, and
 * when a page asks. It records the server's verdicts and leaves applying them (planning,
 * rebasing the mirror) to the page, which keeps the mutators and game rules out of this bundle
 * (docs/architecture.md, "The service worker records, the page applies"). It also revokes
 * tokens of sessions logged out offline.
 */
/// <reference lib="webworker" />
import '../src/contract/zod-config';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { openDatabase } from '../src/db/schema';
import { readSession } from '../src/db/session';
import { createApiClient } from '../src/sync/engine/api';
import { createDrainLoop } from '../src/sync/engine/drain-loop';
import { flushRevocations } from '../src/sync/engine/revocations';
import { createWorkerSender } from '../src/sync/engine/worker-sender';
import { DRAIN_MESSAGE, SYNC_TAG } from '../src/sync/engine/sw-bridge';
import { CLAIM_MESSAGE, SKIP_WAITING_MESSAGE } from '../src/pwa/sw-messages';
import { installPushHandlers } from './push';

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

// Without clientsClaim the first page stays uncontrolled until a reload, and its requests bypass the worker.
clientsClaim();

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; fresh?: boolean } | undefined;
  if (data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  if (data?.type === CLAIM_MESSAGE) event.waitUntil(self.clients.claim());
  if (data?.type === DRAIN_MESSAGE) event.waitUntil(drainNow(data.fresh === true));
});

const db = openDatabase();
const api = createApiClient({ getToken: async () => (await readSession(db)).token });
// No catch-up in its pushes, verdicts only recorded: the page pulls and applies them.
const sender = createWorkerSender({ db, api });
const loop = createDrainLoop(sender, (error) => console.error('outbox replay failed', error));

function drainNow(fresh = false): Promise<void> {
  loop.kick({ fresh });
  return Promise.all([loop.idle(), flushRevocations(db, api).catch(() => undefined)]).then(() => undefined);
}

self.addEventListener('sync', (event) => {
  const syncEvent = event as SyncEvent;
  if (syncEvent.tag === SYNC_TAG) syncEvent.waitUntil(drainNow(true));
});

self.addEventListener('activate', (event) => event.waitUntil(drainNow()));
installPushHandlers(self, { getToken: async () => (await readSession(db)).token });
void drainNow();
