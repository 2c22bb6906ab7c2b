import { createPodWith, podChatTexts, sendInChat } from './chat-steps';
import { expect, openTab, person, test, waitForServiceWorker } from './fixtures';

test('friend request → accept, seen live by the requester', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'ana');
  const bo = await person(browser, baseURL, 'bo');
  await openTab(ana.page, 'Friends');
  await ana.page.getByLabel('Username').fill(bo.username);
  await ana.page.getByRole('button', { name: 'Send request' }).click();
  await expect(ana.page.getByText('Friend request sent successfully!').first()).toBeVisible();

  await openTab(bo.page, 'Friends');
  await bo.page.getByRole('button', { name: `Accept ${ana.username}` }).click();
  await expect(ana.page.getByRole('button', { name: `Unfriend ${bo.username}` })).toBeVisible();

  await ana.page.getByLabel('Username').fill(bo.username);
  await ana.page.getByRole('button', { name: 'Send request' }).click();
  await expect(ana.page.getByText('You are already friends with this user.')).toBeVisible();
});

test('a direct message arrives live', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'cat');
  const bo = await person(browser, baseURL, 'dan');
  await openTab(bo.page, 'Messages');
  await openTab(ana.page, 'Messages');
  await ana.page.getByLabel('Search users').fill(bo.username);
  await ana.page.getByRole('button', { name: `Message ${bo.username}` }).click();
  await sendInChat(ana.page, 'Are we still on for Friday?');

  await expect(bo.page.getByText('Are we still on for Friday?').first()).toBeVisible();
});

test('a pod: create → invite → accept → chat live both ways; a stranger cannot read it', async ({ browser, baseURL, server }) => {
  const ana = await person(browser, baseURL, 'eve');
  const bo = await person(browser, baseURL, 'fin');
  await createPodWith(ana, bo, 'Tuesday Commander');

  await sendInChat(ana.page, 'Bring your new deck!');
  await expect(bo.page.getByText('Bring your new deck!')).toBeVisible();
  await sendInChat(bo.page, 'Will do.');
  await expect(ana.page.getByText('Will do.')).toBeVisible();

  const stranger = await person(browser, baseURL, 'gus');
  const token = await stranger.page.evaluate(() => localStorage.getItem('token'));
  const podId = await ana.page.evaluate(async () => {
    const request = indexedDB.open('podtable');
    const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
    const pods = await new Promise<Array<{ id: string }>>((resolve) => {
      const all = db.transaction('pods').objectStore('pods').getAll();
      all.onsuccess = () => resolve(all.result as Array<{ id: string }>);
    });
    return pods[0]!.id;
  });
  const answer = await fetch(`${server.url}/api/pods/${podId}/messages`, { headers: { Authorization: `Bearer ${token}` } });
  expect([403, 404]).toContain(answer.status);
});

test('offline: 3 pod messages stay pending through a reload and arrive once each, in order', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'hal');
  const bo = await person(browser, baseURL, 'ivy');
  // Both are left in the pod's chat by createPodWith.
  await createPodWith(ana, bo, 'Offline Pod');
  await waitForServiceWorker(bo.page);

  await bo.page.context().setOffline(true);
  for (const text of ['one', 'two', 'three']) await sendInChat(bo.page, `offline ${text}`);
  // The user sees the third message land in the chat (recorded on the device) before closing.
  await expect(bo.page.getByText('offline three')).toBeVisible();
  await bo.page.reload();
  await openTab(bo.page, 'Pod Chats');
  await bo.page.getByRole('button', { name: /^Offline Pod/ }).click();
  await expect(bo.page.getByText('offline three')).toBeVisible();
  await expect(bo.page.getByRole('status').filter({ hasText: /Sending|Waiting/ }).first()).toBeVisible();
  expect(await podChatTexts(ana.page, 'Offline Pod')).not.toContain(expect.stringContaining('offline'));

  await bo.page.context().setOffline(false);
  await expect(ana.page.getByText('offline three')).toBeVisible({ timeout: 20_000 });
  const seen = (await podChatTexts(ana.page, 'Offline Pod')).filter((text) => text.includes('offline '));
  expect(seen.map((text) => text.match(/offline (one|two|three)/)?.[0])).toEqual(['offline one', 'offline two', 'offline three']);
});

test('server down: messages wait, and arrive once each, in order, after the server restarts', async ({ browser, baseURL, server }) => {
  const ana = await person(browser, baseURL, 'jay');
  const bo = await person(browser, baseURL, 'kim');
  await createPodWith(ana, bo, 'Outage Pod');

  await server.stop();
  for (const text of ['alpha', 'beta', 'gamma']) await sendInChat(bo.page, `outage ${text}`);
  await expect(bo.page.getByText('outage gamma')).toBeVisible();
  await server.start();

  await expect(ana.page.getByText('outage gamma')).toBeVisible({ timeout: 45_000 });
  const seen = (await podChatTexts(ana.page, 'Outage Pod')).filter((text) => text.includes('outage '));
  expect(seen.map((text) => text.match(/outage (alpha|beta|gamma)/)?.[0])).toEqual(['outage alpha', 'outage beta', 'outage gamma']);
});

test('a cold offline start shows the recent pod chats', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'lou');
  const bo = await person(browser, baseURL, 'max');
  await createPodWith(ana, bo, 'Cold Start Pod');
  await sendInChat(bo.page, 'see you at the store');
  await expect(ana.page.getByText('see you at the store')).toBeVisible();
  await waitForServiceWorker(ana.page);

  const context = ana.page.context();
  await ana.page.close();
  await context.setOffline(true);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByText('Cold Start Pod')).toBeVisible();
  await expect(page.getByText(/see you at the store/)).toBeVisible();
  await openTab(page, 'Pod Chats');
  await page.getByRole('button', { name: /^Cold Start Pod/ }).click();
  await expect(page.getByText('see you at the store')).toBeVisible();
});
