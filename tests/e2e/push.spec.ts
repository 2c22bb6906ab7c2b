/**
 * Push notifications end to end in Chromium: the user turns notifications on in
 * Profile → Settings (a button press, then the permission), closes the app, and a direct
 * message sent to them arrives as a notification; clicking it opens the conversation.
 *
 * Chromium here has no push service of its own (no vendor push server on a closed network),
 * so `PushManager.subscribe` is replaced in the page by one that returns a subscription of the
 * stand-in push service (tests/server/push-service.ts). Everything else is real: the server
 * encrypts and signs the message and POSTs it to that service, which decrypts it with the
 * subscription's keys and hands it to the service worker through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), as the browser's push service would.
 * A click cannot be made on a notification from a test: the test dispatches the
 * `notificationclick` event in the service worker (which then cannot open windows, so a
 * window of the app is open for that step: the worker tells it where to go).
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { FakePushService, type FakeSubscription } from '../server/push-service';
import { expect, registerAndLogin, test as base, uniqueUser, waitForServiceWorker } from './fixtures';
import { ServerProcess } from './server-process';

const test = base.extend<object, { pushService: FakePushService; server: ServerProcess }>({
  pushService: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const service = new FakePushService();
      await service.start();
      await use(service);
      await service.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ pushService }, use) => {
      const server = new ServerProcess({ PUSH_SERVICE_ORIGINS: pushService.origin, PUSH_ALLOW_PRIVATE: '1' });
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** The page's PushManager, answering with the stand-in service's subscription (kept in localStorage). */
async function usePushService(context: BrowserContext, subscription: FakeSubscription): Promise<void> {
  await context.addInitScript((json) => {
    const key = 'e2e-push-subscription';
    const make = (value: typeof json) => ({
      endpoint: value.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint: value.endpoint, expirationTime: null, keys: value.keys }),
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(key, JSON.stringify(json));
      return make(json) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(key);
      return stored ? (make(JSON.parse(stored)) as unknown as PushSubscription) : null;
    };
  }, subscription);
}

/** Hands every push the stand-in service accepts for `subscription` to this context's service worker. */
async function deliverPushesTo(context: BrowserContext, origin: string, pushService: FakePushService, subscription: FakeSubscription): Promise<void> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(origin) && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  pushService.onPush((push) => {
    if (push.subscriptionId === subscription.id) void cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: push.text });
  });
}

function serviceWorker(context: BrowserContext): Worker {
  const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'));
  if (!worker) throw new Error('no service worker');
  return worker;
}

async function shownNotifications(context: BrowserContext) {
  return serviceWorker(context).evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    return (await scope.registration.getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, tag: notification.tag, url: notification.data?.url }));
  });
}

async function apiLogin(baseURL: string, prefix: string): Promise<{ id: string; username: string; token: string }> {
  const user = uniqueUser(prefix);
  expect((await fetch(`${baseURL}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) })).status).toBe(202);
  const login = await (await fetch(`${baseURL}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) })).json();
  return { id: login.user.id, username: user.username, token: login.token };
}

async function turnOnNotifications(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Get notified of messages and invitations while PodTable is closed.')).toBeVisible();
  await page.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(page.getByText('This device gets notifications.')).toBeVisible();
}

test('a direct message to a user with no open tab shows a notification, and its click opens the conversation', async ({ browser, baseURL, pushService }) => {
  const origin = new URL(baseURL!).origin;
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['notifications'], { origin });
  const device = pushService.subscription();
  await usePushService(context, device);
  const page = await context.newPage();
  const ben = uniqueUser('ben');
  await registerAndLogin(page, ben);
  await waitForServiceWorker(page);
  await turnOnNotifications(page);

  // Settings per kind are the server's: one turned off here is off there.
  await page.getByRole('checkbox', { name: 'Game invitations' }).uncheck();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await expect
    .poll(async () => (await (await fetch(`${baseURL}/api/push/settings`, { headers: { Authorization: `Bearer ${token}` } })).json()).gameInvites)
    .toBe(false);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await deliverPushesTo(context, origin, pushService, device);
  await page.close();

  const ana = await apiLogin(baseURL!, 'ana');
  const benId = (await (await fetch(`${baseURL}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()).id;
  const sent = await fetch(`${baseURL}/api/direct-messages/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${ana.token}` },
    body: JSON.stringify({ receiverId: benId, content: 'Commander night at mine?' }),
  });
  expect(sent.status).toBe(201);

  await expect
    .poll(() => shownNotifications(context), { timeout: 15_000 })
    .toEqual([{ title: ana.username, body: 'Commander night at mine?', tag: `dm:${ana.id}`, url: `/pods?tab=messages&peer=${ana.id}` }]);

  // The user comes back to the app, then clicks the notification.
  const app = await context.newPage();
  await app.goto('/dashboard');
  await expect(app.getByText('Recent Pod Activity')).toBeVisible();
  await serviceWorker(context).evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(app).toHaveURL(new RegExp(`/pods\\?tab=messages&peer=${ana.id}$`));
  await expect(app.getByText('Commander night at mine?')).toBeVisible();
  await expect.poll(() => shownNotifications(context)).toEqual([]);
  await context.close();
});

test('turning notifications off, and logging out, take this device off the server', async ({ browser, baseURL, pushService }) => {
  const origin = new URL(baseURL!).origin;
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications'], { origin });
  const device = pushService.subscription();
  await usePushService(context, device);
  const page = await context.newPage();
  await registerAndLogin(page, uniqueUser('offswitch'));
  await waitForServiceWorker(page);
  const removal = () =>
    page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE');

  await turnOnNotifications(page);
  const [turnedOff] = await Promise.all([removal(), page.getByRole('button', { name: 'Turn off on this device' }).click()]);
  expect([turnedOff.status(), turnedOff.request().postDataJSON()]).toEqual([204, { endpoint: device.endpoint }]);
  await expect(page.getByText('Get notified of messages and invitations while PodTable is closed.')).toBeVisible();

  await page.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(page.getByText('This device gets notifications.')).toBeVisible();
  await page.getByRole('button', { name: 'More' }).click();
  const [loggedOut] = await Promise.all([removal(), page.getByRole('menuitem', { name: 'Logout' }).click()]);
  expect([loggedOut.status(), loggedOut.request().postDataJSON()]).toEqual([204, { endpoint: device.endpoint }]);
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
  await context.close();
});
