/**
 * The offline journeys in Firefox ESR, with the network really gone: the person offline reaches
 * the server through a loopback proxy (tests/support/loopback-proxy.ts) that is cut — every
 * connection refused, for the page, its service worker and its socket alike, while
 * `navigator.onLine` stays true (no 'online' event will come). Firefox has no Background Sync,
 * so the page itself must send what waits (src/sync/app.ts: on start, on the socket's reconnect,
 * on the drain loop's timer, on 'online'), and that is what these tests rely on.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { ServerProcess } from '../e2e/server-process';
import { startLoopbackProxy } from '../support/loopback-proxy';
import { api, logIn, newAccount, storedDirectMessages } from './accounts';
import { click, fill, waitFor, waitForServiceWorker, waitUntil } from './dom';
import { launchFirefox, newPerson, onCleanup, runCleanups } from './firefox';

const server = new ServerProcess();
beforeAll(() => server.start());
afterAll(() => server.dispose());
afterEach(runCleanups);

async function proxyToServer() {
  const proxy = await startLoopbackProxy({ targetPort: server.port });
  onCleanup(() => proxy.close());
  return proxy;
}

/**
 * The direct conversation's messages as shown: their text, and whether each still waits to be sent
 * or failed. The "New messages" divider is an item of the list too, not a message: left out.
 */
function shownMessages(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('ol[aria-label^="Messages with"] > li:not([aria-hidden="true"]):not(.unread-divider)')].map((item) => ({
      text: item.textContent ?? '',
      pending: item.querySelector('[role="status"]') !== null,
      failed: item.querySelector('[role="alert"]') !== null,
    })),
  );
}

/** Waits until the open conversation shows `text` in exactly one message, pending or not. */
async function waitForMessage(page: Page, text: string, pending: boolean): Promise<void> {
  await waitUntil(
    page,
    `one message "${text}" ${pending ? 'waiting to be sent' : 'sent'}`,
    (wanted) => {
      const items = [...document.querySelectorAll('ol[aria-label^="Messages with"] > li')].filter((item) => item.textContent?.includes(wanted.text));
      return items.length === 1 && (items[0]!.querySelector('[role="status"]') !== null) === wanted.pending;
    },
    { text, pending },
  );
}

test('with the server unreachable, a reload loads the app and the conversation from the service worker', async () => {
  const [cleo, dev] = await Promise.all([newAccount(server.url, 'cleo'), newAccount(server.url, 'dev')]);
  await api(server.url, 'POST', '/api/direct-messages/send', { receiverId: cleo.id, content: 'see you at the store' }, dev.token);
  const proxy = await proxyToServer();
  const browser = await launchFirefox();
  const { page } = await newPerson(browser, false);
  await logIn(page, proxy.url, cleo);
  await page.goto(`${proxy.url}/pods?tab=messages&peer=${dev.id}`);
  await waitForMessage(page, 'see you at the store', false);
  await waitForServiceWorker(page);

  await proxy.cut();
  await expect(fetch(proxy.url), 'the network is really gone').rejects.toThrow();
  await page.reload();
  await waitFor(page, { link: 'Pods', within: 'nav[aria-label="Main"]' });
  await waitForMessage(page, 'see you at the store', false);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});

test('a direct message written offline is shown pending, survives a reload offline, and arrives once when the network returns', async () => {
  const [eli, fay] = await Promise.all([newAccount(server.url, 'eli'), newAccount(server.url, 'fay')]);
  const proxy = await proxyToServer();
  const browser = await launchFirefox();
  // Eli goes offline (through the proxy); Fay stays online, her conversation with Eli open.
  const eliPage = (await newPerson(browser, false)).page;
  const fayPage = (await newPerson(browser)).page;
  await logIn(eliPage, proxy.url, eli);
  await logIn(fayPage, server.url, fay);
  expect(await eliPage.evaluate(() => 'SyncManager' in window), 'Firefox has no Background Sync: if it has now, update docs/browsers.md').toBe(false);

  await fayPage.goto(`${server.url}/pods?tab=messages&peer=${eli.id}`);
  await waitFor(fayPage, { text: 'No messages yet.' });
  await fayPage.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
  await eliPage.goto(`${proxy.url}/pods?tab=messages&peer=${fay.id}`);
  await waitFor(eliPage, { text: 'No messages yet.' });
  await waitForServiceWorker(eliPage);

  await proxy.cut();
  await fill(eliPage, 'Message', 'typed offline');
  await click(eliPage, { button: 'Send' });
  await waitForMessage(eliPage, 'typed offline', true);

  // Reloaded with the network still gone: the page comes from the worker, the message from the device.
  await eliPage.reload();
  await waitForMessage(eliPage, 'typed offline', true);
  expect(await storedDirectMessages(server.url, fay, eli)).toEqual([]);
  expect(await shownMessages(fayPage)).toEqual([]);

  // The network returns; no 'online' event fires (the browser never thought it was offline).
  await proxy.restore();
  await waitForMessage(fayPage, 'typed offline', false);
  expect(await fayPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), 'arrived live, without a reload').toBe(true);
  await waitForMessage(eliPage, 'typed offline', false);
  expect(await storedDirectMessages(server.url, fay, eli)).toEqual(['typed offline']);
  for (const page of [eliPage, fayPage]) {
    const shown = await shownMessages(page);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ pending: false, failed: false });
  }

  // Reloaded online, still once: nothing was sent twice, nothing waits.
  await eliPage.reload();
  await waitForMessage(eliPage, 'typed offline', false);
  expect(await storedDirectMessages(server.url, fay, eli)).toEqual(['typed offline']);
});
