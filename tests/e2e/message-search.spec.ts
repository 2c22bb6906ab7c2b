/**
 * Message search as a user meets it: a message older than anything this device holds is found
 * on the server; a result opens its chat; with the network gone, the device's own messages are
 * still searched and the page says so. A result for a pod message pages back opens the chat AT
 * that message (marked 'Search result'), with the newer ones under it.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueUser } from './fixtures';

async function api<T>(baseURL: string, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await fetch(baseURL + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(answer.status, `${method} ${path}: ${await answer.clone().text()}`).toBeLessThan(300);
  return (await answer.json()) as T;
}

async function account(baseURL: string, prefix: string) {
  const user = uniqueUser(prefix);
  await api(baseURL, 'POST', '/api/users', user);
  const login = await api<{ token: string; user: { id: string } }>(baseURL, 'POST', '/api/users/login', { username: user.username, password: user.password });
  return { ...user, id: login.user.id, token: login.token };
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pods' }).click();
  await page.getByRole('link', { name: 'Search messages' }).click();
  await page.getByLabel('Search for').fill(text);
}

const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('link');

test('finds an old message on the server, opens its chat, and searches the device offline', async ({ browser, baseURL }) => {
  const ana = await account(baseURL, 'sea');
  const bo = await account(baseURL, 'seb');
  await api(baseURL, 'POST', '/api/direct-messages/send', { receiverId: ana.id, content: 'Sleeves from the old days' }, bo.token);
  // More than a first pull brings of one conversation: the first message stays on the server.
  for (let i = 0; i < 60; i++) await api(baseURL, 'POST', '/api/direct-messages/send', { receiverId: ana.id, content: `filler ${i}` }, bo.token);
  await api(baseURL, 'POST', '/api/direct-messages/send', { receiverId: ana.id, content: 'Red sleeves tonight?' }, bo.token);

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(ana.username);
  await page.getByLabel('Password').fill(ana.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await searchFor(page, 'sleeves');
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).nth(0)).toContainText('Red sleeves tonight?');
  await expect(results(page).nth(1)).toContainText('Sleeves from the old days');
  await expect(results(page).nth(1).locator('mark')).toHaveText('Sleeves');
  await expect(page.getByText('Searching the server…')).toHaveCount(0);

  await results(page).nth(0).click();
  await expect(page).toHaveURL(/\/pods\?.*peer=/);
  await expect(page.getByText('Red sleeves tonight?').first()).toBeVisible();

  await context.setOffline(true);
  await searchFor(page, 'red');
  await expect(page.getByText('Offline: showing matches among the messages on this device.')).toBeVisible();
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).first()).toContainText('Red sleeves tonight?');
  await context.close();
});

test('a result for a pod message more than a page back opens the chat at that message', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const ana = await account(baseURL, 'sec');
  const pod = await api<{ id: string }>(baseURL, 'POST', '/api/pods', { name: 'Deep Pod' }, ana.token);
  await api(baseURL, 'POST', `/api/pods/${pod.id}/messages`, { content: 'Ancient sleeves from the first night' }, ana.token);
  // The device's first pull holds the pod's latest 50 and a thread opens with 100: the match is further back than both.
  for (let i = 1; i <= 130; i++) await api(baseURL, 'POST', `/api/pods/${pod.id}/messages`, { content: `chatter ${String(i).padStart(3, '0')}` }, ana.token);

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(ana.username);
  await page.getByLabel('Password').fill(ana.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await searchFor(page, 'ancient');
  await expect(results(page)).toHaveCount(1);
  await results(page).first().click();
  await expect(page).toHaveURL(/\/pods\?.*msg=/);

  const thread = page.getByRole('list', { name: 'Messages in Deep Pod' });
  const match = thread.getByRole('listitem').filter({ hasText: 'Ancient sleeves from the first night' });
  await expect(match).toBeInViewport();
  await expect(match.getByText('Search result')).toBeVisible();
  await expect(page.getByText('chatter 130')).not.toBeInViewport();
  // Everything from the match to the newest is in the thread: scrolling down reaches the newest message.
  await expect(thread.getByRole('listitem').filter({ hasText: 'chatter 001' })).toHaveCount(1);
  await page.locator('.message-thread').evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
  await expect(page.getByText('chatter 130')).toBeInViewport();
  await context.close();
});
