/**
 * The service worker's Web Push side (docs/notifications.md):
 * - `push`: decrypted by the browser; shown as a notification unless a window of the app is
 *   visible (the open app already shows the message live). Chromium would show its own "site
 *   updated in the background" notice for a silent push while no window is visible, and the
 *   rule above only stays silent when one is.
 * - `notificationclick`: an open window of the app is told to show the target (it navigates
 *   in-app, keeping its state and socket) and focused; with none, a new window opens there.
 * - `pushsubscriptionchange` (Firefox; Chromium does not fire it): the new subscription is
 *   sent to the server and the old one removed, with the signed-in session's token.
 */
/// <reference lib="webworker" />
import { OPEN_URL_MESSAGE, pushPayloadSchema, removePushSubscriptionBody, type OpenUrlMessage, type PushPayload } from '../src/contract/push';

const ICON = '/icons/icon-192.png';

/** Shown for a push we cannot read (an older server's, a corrupt one): better than Chromium's own. */
const FALLBACK: PushPayload = { kind: 'directMessages', title: 'PodTable', body: 'You have new activity.', url: '/pods', tag: 'podtable' };

export function readPushPayload(data: { json(): unknown } | null): PushPayload {
  try {
    const parsed = pushPayloadSchema.safeParse(data?.json());
    return parsed.success ? parsed.data : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

type WindowLister = Pick<Clients, 'matchAll' | 'openWindow'>;

export async function showPush(clients: WindowLister, registration: Pick<ServiceWorkerRegistration, 'showNotification'>, payload: PushPayload): Promise<boolean> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((client) => (client as WindowClient).visibilityState === 'visible')) return false;
  await registration.showNotification(payload.title, { body: payload.body, tag: payload.tag, icon: ICON, badge: ICON, data: { url: payload.url } });
  return true;
}

/** Opens `url` (an in-app path) in the app: in an open window when there is one. */
export async function openNotificationTarget(clients: WindowLister, origin: string, url: string): Promise<void> {
  const target = new URL(url, origin);
  // Only our own pages: a payload is ours, but a path is all it may name.
  const path = target.origin === origin ? `${target.pathname}${target.search}` : '/pods';
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly WindowClient[];
  const existing = windows.find((client) => client.focused) ?? windows.find((client) => client.visibilityState === 'visible') ?? windows[0];
  if (existing) {
    const message: OpenUrlMessage = { type: OPEN_URL_MESSAGE, url: path };
    existing.postMessage(message);
    // focus() is allowed only while handling a real click; elsewhere it throws, harmlessly.
    await existing.focus().catch(() => undefined);
    return;
  }
  await clients.openWindow(path);
}

interface PushHandlerOptions {
  /** The signed-in session's token (the mirror's copy), for pushsubscriptionchange. */
  getToken(): Promise<string | null>;
}

export function installPushHandlers(scope: ServiceWorkerGlobalScope, options: PushHandlerOptions): void {
  scope.addEventListener('push', (event) => {
    event.waitUntil(showPush(scope.clients, scope.registration, readPushPayload(event.data)));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = typeof event.notification.data?.url === 'string' ? event.notification.data.url : '/pods';
    event.waitUntil(openNotificationTarget(scope.clients, scope.location.origin, url));
  });

  scope.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(moveSubscription(scope, event as PushSubscriptionChangeEvent, options));
  });
}

async function moveSubscription(scope: ServiceWorkerGlobalScope, event: PushSubscriptionChangeEvent, options: PushHandlerOptions): Promise<void> {
  const token = await options.getToken();
  if (!token) return;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const fresh =
    event.newSubscription ??
    (event.oldSubscription?.options.applicationServerKey
      ? await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: event.oldSubscription.options.applicationServerKey })
      : null);
  if (fresh) await fetch('/api/push/subscriptions', { method: 'POST', headers, body: JSON.stringify(fresh.toJSON()) });
  if (event.oldSubscription) {
    const body = removePushSubscriptionBody.parse({ endpoint: event.oldSubscription.endpoint });
    await fetch('/api/push/subscriptions', { method: 'DELETE', headers, body: JSON.stringify(body) });
  }
}
