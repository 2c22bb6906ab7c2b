/**
 * Boot: theme before the first render, the app, the sync engine (only with a session: a visitor's
 * first paint carries no Dexie; docs/first-load.md), the service worker.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { afterFirstPaint } from './pwa/after-first-paint';
import { captureInstallPrompt } from './pwa/install-prompt';
import { listenForNotificationClicks } from './pwa/notification-clicks';
import { router } from './routes/router';
import { isLoggedInNow, useSessionStore } from './stores/session';
import { applyTheme, readStoredTheme } from './stores/ui';
import { loadSync } from './sync/load';
import './styles/index.css';

applyTheme(readStoredTheme());
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

if (isLoggedInNow()) loadSync().catch((error: unknown) => console.warn('The sync layer did not load.', error));
// Storage that stays (src/pwa/storage-persistence.ts): from the first moment a session exists.
const keepStorage = () =>
  void Promise.all([loadSync(), import('./pwa/storage-persistence')])
    .then(([{ db }, { startStorageKeeping }]) => startStorageKeeping(db))
    .catch((error: unknown) => console.warn('Storage keeping did not start.', error));
if (isLoggedInNow()) keepStorage();
else {
  const stop = useSessionStore.subscribe((state) => {
    if (!state.isLoggedIn) return;
    stop();
    keepStorage();
  });
}
// The registration code (and workbox-window) is fetched once the first page has painted: nothing
// the first paint needs waits for it.
listenForNotificationClicks((path) => void router.history.push(path));
afterFirstPaint(() => {
  import('./pwa/register')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.warn('Service worker registration failed.', error));
});
