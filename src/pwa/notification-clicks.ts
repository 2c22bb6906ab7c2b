/**
 * The page's half of a notification click (sw/push.ts): the service worker posts the in-app
 * path to show, and the router goes there without reloading the app.
 */
import { OPEN_URL_MESSAGE } from '../contract/push-links';

export function listenForNotificationClicks(navigate: (path: string) => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === OPEN_URL_MESSAGE && typeof data.url === 'string' && data.url.startsWith('/')) navigate(data.url);
  });
}
