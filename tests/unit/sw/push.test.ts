/** The service worker's push decisions (sw/push.ts) against stand-in clients and registration. */
import { describe, expect, it, vi } from 'vitest';
import { OPEN_URL_MESSAGE, type PushPayload } from '../../../src/contract/push';
import { openNotificationTarget, readPushPayload, showPush } from '../../../sw/push';

const ORIGIN = 'https://podtable.example';
const payload: PushPayload = { kind: 'podMessages', title: 'Friday pod', body: 'ana: hi', url: '/pods?tab=pods&pod=p1', tag: 'pod:p1' };

function windowClient(visibilityState: 'visible' | 'hidden', focused = false) {
  return { visibilityState, focused, postMessage: vi.fn(), focus: vi.fn(async () => undefined) };
}

function clientsWith(windows: ReturnType<typeof windowClient>[]) {
  return { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) } as unknown as Clients & { openWindow: ReturnType<typeof vi.fn> };
}

describe('showPush', () => {
  it('shows the notification with its tag and target when no window of the app is visible', async () => {
    const registration = { showNotification: vi.fn(async () => undefined) };
    expect(await showPush(clientsWith([windowClient('hidden')]), registration, payload)).toBe(true);
    expect(registration.showNotification).toHaveBeenCalledWith('Friday pod', expect.objectContaining({ body: 'ana: hi', tag: 'pod:p1', data: { url: '/pods?tab=pods&pod=p1' } }));
  });

  it('stays silent while a window of the app is visible (it shows the message live)', async () => {
    const registration = { showNotification: vi.fn(async () => undefined) };
    expect(await showPush(clientsWith([windowClient('hidden'), windowClient('visible')]), registration, payload)).toBe(false);
    expect(registration.showNotification).not.toHaveBeenCalled();
  });
});

describe('openNotificationTarget', () => {
  it('opens a new window on the target when the app is not open', async () => {
    const clients = clientsWith([]);
    await openNotificationTarget(clients, ORIGIN, '/pods?tab=messages&peer=u1');
    expect(clients.openWindow).toHaveBeenCalledWith('/pods?tab=messages&peer=u1');
  });

  it('tells an open window where to go (the focused one first) and focuses it', async () => {
    const hidden = windowClient('hidden');
    const focused = windowClient('visible', true);
    const clients = clientsWith([hidden, focused]);
    await openNotificationTarget(clients, ORIGIN, '/pods?tab=friends');
    expect(focused.postMessage).toHaveBeenCalledWith({ type: OPEN_URL_MESSAGE, url: '/pods?tab=friends' });
    expect(focused.focus).toHaveBeenCalled();
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('never leaves the app: a foreign address becomes the chats page', async () => {
    const clients = clientsWith([]);
    await openNotificationTarget(clients, ORIGIN, 'https://evil.example/phish');
    expect(clients.openWindow).toHaveBeenCalledWith('/pods');
  });
});

describe('readPushPayload', () => {
  it('reads our payload and falls back to a generic notice for anything else', () => {
    expect(readPushPayload({ json: () => payload })).toEqual(payload);
    const generic = readPushPayload({ json: () => ({ title: 'x' }) });
    expect([generic.title, generic.body, generic.url]).toEqual(['PodTable', 'You have new activity.', '/pods']);
    expect(readPushPayload({ json: () => JSON.parse('not json') }).title).toBe('PodTable');
    expect(readPushPayload(null).title).toBe('PodTable');
  });
});
