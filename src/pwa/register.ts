/**
 * Registers the service worker (sw/ builds /sw.js) in production builds only: `vite` dev has
 * no /sw.js. A new version waits until the user chooses to reload, so an open playmat or a
 * half-typed message is never swapped out from under them. main.tsx loads this module after the
 * first paint, and registration waits for the page's load event: it never competes with what
 * the first page needs (docs/first-load.md).
 */
import { Workbox } from 'workbox-window';
import { showToast, useUiStore } from '../stores/ui';
import { CLAIM_MESSAGE } from './sw-messages';
import { UPDATE_AVAILABLE } from './texts';

export { UPDATE_AVAILABLE };
/**
 * An installed app can stay open for days without a navigation, which is when browsers look
 * for a new service worker; so we also ask once an hour (cheap: a conditional GET of sw.js).
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => register(new Workbox('/sw.js'));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function register(wb: Workbox): void {
  wb.addEventListener('waiting', (event) => {
    // workbox-window also reports a worker that stays 'installed' for 200 ms, which a first
    // install on a busy device does on its way to activating: a new version is waiting only
    // when an older worker controls this page.
    const controller = navigator.serviceWorker.controller;
    if (!controller || controller === event.sw) return;
    const id = showToast({
      title: UPDATE_AVAILABLE,
      persistent: true,
      action: {
        label: 'Reload',
        altText: 'Reload to use the new version of PodTable',
        onClick() {
          useUiStore.getState().dismissToast(id);
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });

  wb.register()
    .then(() => {
      setInterval(() => void wb.update(), UPDATE_CHECK_MS);
      return claimThisPage();
    })
    .catch((error: unknown) => console.warn('Service worker registration failed.', error));
}

/** Asks the active worker to control this page if it does not yet (see CLAIM_MESSAGE). */
async function claimThisPage(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: CLAIM_MESSAGE });
}
