/**
 * Storage evicted anyway: the browser clears the app's IndexedDB (the mirror and its outbox) while
 * localStorage (the session and the outbox marker) stays, as Chromium does under storage pressure.
 * The app rebuilds from the server and says once how many unsent changes were lost.
 */
import { startLoopbackProxy } from '../support/loopback-proxy';
import { expect, registerAndLogin, test, uniqueUser, waitForServiceWorker } from './fixtures';

test('after the browser evicts the database with an unsent change inside, the app rebuilds from the server and says one change was lost', async ({ browser, server }) => {
  const proxy = await startLoopbackProxy({ targetPort: server.port });
  const context = await browser.newContext({ baseURL: proxy.url });
  try {
    const page = await context.newPage();
    const user = uniqueUser('evi');
    await registerAndLogin(page, user);
    await waitForServiceWorker(page);

    // One change made with the network cut stays in the outbox.
    await proxy.cut();
    await page.goto('/profile');
    await page.getByLabel('Display name').fill('Never sent');
    await expect(page.getByText('Waiting for connection…')).toBeVisible({ timeout: 30_000 });

    // The app is closed; the browser evicts IndexedDB; localStorage is kept. (Evicted under an
    // open page, that page notices and says so at once, before any navigation of the test.)
    await page.close();
    const next = await context.newPage();
    const cdp = await context.newCDPSession(next);
    await cdp.send('Storage.clearDataForOrigin', { origin: proxy.url, storageTypes: 'indexeddb' });
    await proxy.restore();

    await next.goto('/dashboard');
    await expect(next.getByText("Your browser cleared this app's storage. 1 change that was not sent yet was lost. Everything else was loaded again from the server.").first()).toBeVisible({ timeout: 60_000 });
    // Rebuilt from the server: the session and the account are back.
    await next.goto('/profile');
    await expect(next.getByText(user.email)).toBeVisible({ timeout: 60_000 });
  } finally {
    await context.close();
    await proxy.close();
  }
});
