/**
 * Reload into the newest version of the app. A plain reload is not enough once the service
 * worker controls the page: it answers with the cached (old) app until a new worker takes over.
 * So: ask for the new worker, let it take over if one is waiting or installing, then reload.
 * Without a worker (dev, or a browser without one) this is a plain reload.
 */
import { SKIP_WAITING_MESSAGE } from './sw-messages';

const TAKE_OVER_LIMIT_MS = 10_000;

export async function reloadToUpdate(): Promise<void> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration) {
    await registration.update().catch(() => undefined);
    const next = registration.waiting ?? registration.installing;
    if (next) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
        setTimeout(resolve, TAKE_OVER_LIMIT_MS);
        next.postMessage({ type: SKIP_WAITING_MESSAGE });
      });
    }
  }
  window.location.reload();
}
