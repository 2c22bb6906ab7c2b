/**
 * Accounts for the Firefox journeys: made through the API (sign-up has its own Chromium spec),
 * then signed in through the login page as a user would.
 */
import type { Page } from 'puppeteer-core';
import { click, fill, waitFor, waitForPath } from './dom';

export interface Account {
  id: string;
  username: string;
  email: string;
  password: string;
  /** A token of the test's own (POST /api/users/login), for reading what the server stored. */
  token: string;
}

let counter = 0;

export async function api<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const answer = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

export async function newAccount(baseUrl: string, prefix: string): Promise<Account> {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  const user = { username, email: `${username}@example.test`, password: 'correct horse 1' };
  await api(baseUrl, 'POST', '/api/users', user);
  const { token } = await api<{ token: string }>(baseUrl, 'POST', '/api/users/login', { username, password: user.password });
  const me = await api<{ id: string }>(baseUrl, 'GET', '/api/users/me', undefined, token);
  return { ...user, id: me.id, token };
}

/** The login page, as a user: username, password, 'Log in', and the dashboard. */
export async function logIn(page: Page, baseUrl: string, account: Account): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await waitFor(page, { text: 'Welcome back' });
  await fill(page, 'Username', account.username);
  await fill(page, 'Password', account.password);
  await click(page, { button: 'Log in' });
  await waitForPath(page, /^\/dashboard$/);
}

/** The direct messages between two accounts as the server stores them, oldest first. */
export async function storedDirectMessages(baseUrl: string, reader: Account, peer: Account): Promise<string[]> {
  const messages = await api<Array<{ content: string }>>(baseUrl, 'GET', `/api/direct-messages/${peer.id}`, undefined, reader.token);
  return messages.map((message) => message.content);
}
