/**
 * Unread across one person's devices: a message from a friend shows "1 unread" on the phone and
 * on the laptop (the conversation row and the Pods tab), and reading it on the laptop clears both.
 * The laptop's read is sent as the app sends it (a `read.mark` push with the laptop's session);
 * the thread views' own reading (useUnreadDivider) is covered by tests/unit/unread.
 */
import type { Browser, Page } from '@playwright/test';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../src/contract/sync-protocol';
import { expect, openTab, person, test, type Person } from './fixtures';

const APP_PROTOCOL_HEADERS = { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) };

/** The same account signed in on another device (a browser context of its own). */
async function anotherDevice(browser: Browser, baseURL: string, who: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return page;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);

/** The device on `page` reports having read up to a message, as its outbox sends it. */
async function readMarkThrough(page: Page, baseURL: string, args: unknown): Promise<void> {
  const answer = await fetch(`${baseURL}/api/sync/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(page)}`, ...APP_PROTOCOL_HEADERS },
    body: JSON.stringify({ mutations: [{ id: crypto.randomUUID(), name: 'read.mark', args }] }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  expect(((await answer.json()) as { results: unknown[] }).results).toEqual([expect.objectContaining({ status: 'applied' })]);
}
const userId = async (baseURL: string, page: Page) =>
  ((await (await fetch(`${baseURL}/api/users/me`, { headers: { Authorization: `Bearer ${await token(page)}`, ...APP_PROTOCOL_HEADERS } })).json()) as { id: string }).id;

test('a message shows unread on both of my devices; reading it on one clears the other', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'una');
  const laptop = await anotherDevice(browser, baseURL, ana);
  const bo = await person(browser, baseURL, 'unb');
  const anaId = await userId(baseURL, ana.page);

  const sent = await fetch(`${baseURL}/api/direct-messages/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(bo.page)}` },
    body: JSON.stringify({ receiverId: anaId, content: 'Game on Friday?' }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const message = (await sent.json()) as { id: string; createdAt: string; senderId: string };

  for (const page of [ana.page, laptop]) {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pods 1 unread' })).toBeVisible({ timeout: 20_000 });
    await openTab(page, 'Messages');
    await expect(page.getByRole('button', { name: new RegExp(`${bo.username}.*1 unread`) })).toBeVisible();
  }

  await readMarkThrough(laptop, baseURL, { kind: 'dm', id: message.senderId, upTo: { createdAt: message.createdAt, messageId: message.id } });

  for (const page of [laptop, ana.page]) {
    await expect(page.getByRole('button', { name: new RegExp(bo.username) })).not.toHaveAccessibleName(/unread/, { timeout: 20_000 });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pods', exact: true })).toBeVisible();
  }
});
