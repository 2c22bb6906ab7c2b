// @vitest-environment happy-dom
/** Turning push on: a subscription the server refuses is not left behind in the browser. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushText } from '../../../src/contract/push';
import { turnOnPush } from '../../../src/pwa/push-device';
import { ApiError, NetworkError, type ApiClient } from '../../../src/sync/engine/api';

const browser = { subscribed: false, unsubscribed: 0 };

function subscription() {
  return {
    endpoint: 'https://push.example.com/x',
    toJSON: () => ({ endpoint: 'https://push.example.com/x', keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: async () => {
      browser.subscribed = false;
      browser.unsubscribed += 1;
      return true;
    },
  };
}

beforeEach(() => {
  browser.subscribed = false;
  browser.unsubscribed = 0;
  const pushManager = {
    getSubscription: async () => (browser.subscribed ? subscription() : null),
    subscribe: async () => ((browser.subscribed = true), subscription()),
  };
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: async () => 'granted' });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ pushManager }) } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const apiAnswering = (failure: Error): ApiClient => ({
  request: vi.fn(async (method: string, path: string) => {
    if (path === '/api/push/public-key') return { publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' };
    throw failure;
  }) as ApiClient['request'],
});

describe('turnOnPush', () => {
  it('unsubscribes in the browser when the server refuses the subscription, and passes the refusal on', async () => {
    const refusal = new ApiError(400, { message: PushText.endpointRefused });
    await expect(turnOnPush(apiAnswering(refusal))).rejects.toBe(refusal);
    expect(browser).toEqual({ subscribed: false, unsubscribed: 1 });
  });

  it('keeps the browser subscription when the server could not be reached (the next press retries it)', async () => {
    await expect(turnOnPush(apiAnswering(new NetworkError('offline')))).rejects.toBeInstanceOf(NetworkError);
    expect(browser).toEqual({ subscribed: true, unsubscribed: 0 });
  });
});
