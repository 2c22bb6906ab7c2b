/** Playwright fixtures: one real server per test file, and helpers shared by the specs. */
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { ServerProcess } from './server-process';

export const test = base.extend<{ baseURL: string }, { server: ServerProcess }>({
  server: [
    // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = new ServerProcess();
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };

let counter = 0;
export function uniqueUser(prefix = 'player') {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return { username: `${prefix}${suffix}`, email: `${prefix}${suffix}@example.test`, password: 'correct horse 1' };
}

export async function registerAndLogin(page: Page, user: ReturnType<typeof uniqueUser>): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The address changes as the navigation starts; the login page shows once its chunk is in.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Before going offline the page must be controlled by the service worker: an uncontrolled page's requests bypass it. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, { timeout: 30_000 });
}

/**
 * Makes two accounts friends through the API (as the Friends tab would): a game seats a friend
 * directly, while a stranger is only invited (src/contract/game-invites.ts).
 */
export async function befriend(baseURL: string, requester: { token: string }, addressee: { token: string; id: string }): Promise<void> {
  const request = await fetch(`${baseURL}/api/friends/send-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${requester.token}` },
    body: JSON.stringify({ addresseeId: addressee.id }),
  });
  expect(request.status, await request.clone().text()).toBe(201);
  const { friendshipId } = (await request.json()) as { friendshipId: string };
  const accepted = await fetch(`${baseURL}/api/friends/${friendshipId}/accept`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${addressee.token}` },
    body: JSON.stringify({ status: 'ACCEPTED' }),
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
}

/** A person signed in on a phone-sized page of their own (a browser context each). */
export type Person = ReturnType<typeof uniqueUser> & { page: Page };

export async function person(browser: Browser, baseURL: string, prefix: string, viewport = { width: 390, height: 844 }): Promise<Person> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const user = uniqueUser(prefix);
  await registerAndLogin(page, user);
  return { ...user, page };
}

/** Opens a tab of the Chats page (Pods in the bottom navigation). */
export async function openTab(page: Page, name: 'All Chats' | 'Messages' | 'Pod Chats' | 'Friends') {
  if (!page.url().endsWith('/pods')) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pods' }).click();
  await page.getByRole('tab', { name }).click();
}

/** A call to the API from the page, with the page's own session (the token the app keeps). */
export function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: response.status === 204 ? null : await response.json() };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** A call to the API from the test itself (no page), with a token or none; throws unless it succeeds. */
export async function serverCall<T>(baseURL: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(baseURL + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The life number a player's tile shows ("Gus life"). */
export const shownLife = (page: Page, name: string) => page.getByRole('group', { name: `${name} life`, exact: true }).locator('.life-number');

/** The signed-in account's id, asked with the page's own session. */
export async function userIdOf(page: Page): Promise<string> {
  return (await api<{ id: string }>(page, 'GET', '/api/users/me')).body.id;
}

/** A seat beside the creator's: a guest with no account (contact e-mail `<name>@example.test`) or an account. */
export type OtherSeat = { guest: string; commander: string } | { friend: string; userId: string; commander: string };

/** An active custom-table game of `host` (seat 1, Atraxa) and `others` in order; answers its id. */
export async function startGame(host: Person, others: OtherSeat[]): Promise<string> {
  const participants = [
    { seatNumber: 0, role: 'self', displayName: host.username, userId: await userIdOf(host.page), deckName: 'Mine', commanderName: 'Atraxa' },
    ...others.map((seat, index) =>
      'guest' in seat
        ? { seatNumber: index + 1, role: 'guest', displayName: seat.guest, guestName: seat.guest, accountEmail: `${seat.guest.toLowerCase()}@example.test`, deckName: 'Borrowed', commanderName: seat.commander }
        : { seatNumber: index + 1, role: 'friend', displayName: seat.friend, userId: seat.userId, deckName: 'Theirs', commanderName: seat.commander },
    ),
  ];
  const created = await api<{ id: string }>(host.page, 'POST', '/api/games', { podId: null, requiresVerification: false, status: 'ACTIVE', startTime: new Date().toISOString(), participants });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** Opens the playmat's join sheet (Game menu → Let someone join); answers the sheet and the code it shows. */
export async function openJoinSheet(page: Page): Promise<{ sheet: Locator; code: string }> {
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: 'Let someone join' }).click();
  const sheet = page.getByRole('dialog', { name: 'Let someone join' });
  const codeCell = sheet.locator('.join-code');
  await expect(codeCell).toHaveText(/^[2-9A-HJ-NP-Z]{6}$/);
  return { sheet, code: (await codeCell.textContent())! };
}
