import type { Page } from '@playwright/test';

/** A registered, signed-in account for a benchmark. */
export async function account(baseUrl: string, name: string): Promise<{ id: string; username: string; token: string; password: string }> {
  const username = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = 'bench password 1';
  const created = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.test`, password }),
  });
  if (created.status !== 202) throw new Error(`register answered ${created.status}`);
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const body = (await login.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, username, token: body.token, password };
}

type Account = Awaited<ReturnType<typeof account>>;

/** A call to the API as `me`; throws unless it succeeds. */
export async function call<T>(baseUrl: string, me: Account, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${me.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs `who` in through the login page, as a user does, and waits for the dashboard. */
export async function signIn(page: Page, who: Pick<Account, 'username' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard/);
}
