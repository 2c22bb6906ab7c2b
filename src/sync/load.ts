/**
 * The one door to the sync layer for code that runs before a session exists (boot, the root
 * layout, the login page): `app.ts` and everything it pulls in (Dexie, the sender, the socket,
 * every applier) stay out of the first-paint bundle and load on the first call, which starts
 * sync. Screens behind the login guard import `./app` directly: their chunks only load with a
 * session. docs/first-load.md has the whole split.
 */
export type SyncLayer = typeof import('./app');

let loading: Promise<SyncLayer> | undefined;

export function loadSync(): Promise<SyncLayer> {
  loading ??= import('./app').then(
    (layer) => {
      layer.startSync();
      return layer;
    },
    (error: unknown) => {
      // A chunk that failed to load (offline before the service worker had it) is tried again next time.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
