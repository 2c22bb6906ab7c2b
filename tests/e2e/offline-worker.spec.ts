/**
 * The service worker sends the outbox with the app closed (Background Sync) and only records the
 * server's verdicts (src/sync/engine/recorded-verdicts.ts); the page, opened later with no network (so
 * no pull can tell it anything), applies them (applyRecordedVerdicts, src/sync/engine/apply-server.ts):
 * the writes the server applied are no longer pending, and nothing is sent twice.
 */
import type { Page } from '@playwright/test';
import { expect, openTab, registerAndLogin, test, uniqueUser, waitForServiceWorker } from './fixtures';

const POD = 'Worker Pod';
const MESSAGES = ['closed one', 'closed two', 'closed three'];

const pending = (page: Page) => page.getByRole('status').filter({ hasText: /Sending|Waiting for connection/ });
const chatTexts = (page: Page) => page.getByRole('list', { name: `Messages in ${POD}` }).getByRole('listitem');

async function openPodChat(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await openTab(page, 'Pod Chats');
  await page.getByRole('button', { name: new RegExp(`^${POD}`) }).click();
}

test('with the app closed the worker sends the queued writes; reopened offline, the page shows them sent', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await registerAndLogin(page, uniqueUser('swr'));
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const created = await fetch(`${server.url}/api/pods`, { method: 'POST', headers, body: JSON.stringify({ name: POD }) });
  const pod = (await created.json()) as { id: string };
  const stored = async () => {
    const answer = await fetch(`${server.url}/api/pods/${pod.id}/messages?limit=50`, { headers });
    return ((await answer.json()) as Array<{ content: string }>).map((message) => message.content);
  };

  await openPodChat(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  for (const text of MESSAGES) {
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
  }
  await expect(chatTexts(page)).toHaveCount(MESSAGES.length);
  await expect(pending(page)).toHaveCount(MESSAGES.length);

  // Close the app (the worker stays registered, with its Background Sync), then the network returns.
  await page.close();
  await context.setOffline(false);
  await expect.poll(stored, { timeout: 30_000 }).toEqual(MESSAGES);

  // Reopened with no network: only what the worker recorded can say the messages were sent.
  await context.setOffline(true);
  const reopened = await context.newPage();
  await openPodChat(reopened);
  await expect(chatTexts(reopened)).toHaveCount(MESSAGES.length);
  await expect(pending(reopened)).toHaveCount(0);
  expect(
    await reopened.evaluate(async () => {
      const request = indexedDB.open('podtable');
      const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
      // The sends only: opening the chat reads it, and that read marker is a new write that waits offline.
      const entries = await new Promise<Array<{ name: string }>>((resolve) => {
        const all = db.transaction('outbox').objectStore('outbox').getAll();
        all.onsuccess = () => resolve(all.result as Array<{ name: string }>);
      });
      db.close();
      return entries.filter((entry) => entry.name === 'pod.message.send').length;
    }),
  ).toBe(0);

  // Back online, nothing is sent twice.
  await context.setOffline(false);
  await reopened.reload();
  await openPodChat(reopened);
  await expect(chatTexts(reopened)).toHaveCount(MESSAGES.length);
  expect(await stored()).toEqual(MESSAGES);
  await context.close();
});
