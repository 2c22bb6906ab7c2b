/**
 * This device's push subscription (docs/notifications.md). The browser asks for permission
 * only from `turnOnPush`, which the Settings tab calls straight from a button press (browsers
 * refuse or hide a prompt that no user gesture led to). The subscription is registered with
 * the server (POST /api/push/subscriptions) and removed on "Turn off" and at logout, so the
 * next person on this device does not get this account's notifications.
 */
import * as z from 'zod/mini';
import { ApiError, type ApiClient } from '../sync/engine/api';

export type PushDeviceState = 'unsupported' | 'denied' | 'off' | 'on';

/** Logout waits at most this long for the server to forget the device (offline it cannot). */
export const FORGET_DEVICE_TIMEOUT_MS = 3000;

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration; none in `vite` dev or before the first install. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  const registered = await registration();
  if (!registered) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await registered.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Call first thing in a click handler: the permission prompt needs the user's gesture. */
export async function turnOnPush(api: ApiClient): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registered = await registration();
  if (!registered) return 'unsupported';
  const { publicKey } = z.object({ publicKey: z.string() }).parse(await api.request('GET', '/api/push/public-key'));
  const subscription =
    (await registered.pushManager.getSubscription()) ??
    (await registered.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  try {
    await api.request('POST', '/api/push/subscriptions', { body: subscription.toJSON() });
  } catch (error) {
    // Refused (e.g. a push service the server does not send to): not left subscribed, or this
    // device would read as "on" while the server never pushes to it. Offline: kept for a retry.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

export async function turnOffPush(api: ApiClient): Promise<PushDeviceState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await api.request('DELETE', '/api/push/subscriptions', { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return pushDeviceState();
}

/**
 * At logout: unsubscribing in the browser works offline and kills the endpoint (the push
 * service then answers 410 and the server deletes it); telling the server is best effort.
 */
export async function forgetPushDevice(api: ApiClient): Promise<void> {
  try {
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (!subscription) return;
    const told = api.request('DELETE', '/api/push/subscriptions', { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await Promise.race([told, new Promise((resolve) => setTimeout(resolve, FORGET_DEVICE_TIMEOUT_MS))]);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('Could not remove this device from push notifications.', error);
  }
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
