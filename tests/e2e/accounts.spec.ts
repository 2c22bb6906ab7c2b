import AxeBuilder from '@axe-core/playwright';
import { startLoopbackProxy } from '../support/loopback-proxy';
import { expect, registerAndLogin, test, uniqueUser, waitForServiceWorker } from './fixtures';

// A 1×1 PNG: the server decides the type from these bytes, not from the name.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a new user registers, logs in, edits the profile (auto-saved), uploads an avatar and logs out', async ({ page, server }) => {
  const user = uniqueUser('ana');
  await registerAndLogin(page, user);

  await expect(page.getByText(user.username).first()).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText('No default deck selected.')).toBeVisible();
  await expect(page.getByText('Stats Under Construction')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await page.getByLabel('Display name').fill('Ana the Bold');
  await expect(page.getByText('Saved')).toBeVisible({ timeout: 10_000 });

  // What the server stored, not only what the page shows.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await (await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(me.displayName).toBe('Ana the Bold');

  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('Ana the Bold');

  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Avatar updated.').first()).toBeVisible();
  const updated = await (await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(updated.avatarUrl).toMatch(/\/api\/users\/.+\/avatar/);
  const avatar = await fetch(`${server.url}${updated.avatarUrl}`);
  expect(avatar.headers.get('content-type')).toBe('image/png');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByText('Ana the Bold')).toBeVisible();

  await page.getByRole('button', { name: 'More' }).click();
  await expect(page.getByText('0.8.00')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The token was revoked on the server too.
  expect((await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
});

test('a wrong password shows the error in red above the form', async ({ page }) => {
  const user = uniqueUser('bo');
  await registerAndLogin(page, user);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page).toHaveURL(/\/login/);
});

test('forgot password → reset through the mailed link → log in with the new password', async ({ page, server }) => {
  const user = uniqueUser('cy');
  await registerAndLogin(page, user);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset instructions' }).click();
  await expect(page.getByText(/we have sent password reset instructions/i)).toBeVisible();

  // The server sends mail in the background: wait for the .eml to appear.
  const isReset = (text: string) => text.includes(user.email) && text.includes('Subject: Reset your PodTable password');
  await expect.poll(() => server.mails().some(isReset), { message: 'a reset mail in DATA_DIR/outbox' }).toBe(true);
  const mail = server.mails().find(isReset);
  const link = mail!.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_\-%=]+/)?.[0];
  expect(link).toBeDefined();

  await page.goto(new URL(link!).pathname);
  await page.getByLabel('New password').fill('a brand new secret');
  await page.getByLabel('Confirm password').fill('a different secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');

  await page.getByLabel('Confirm password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // The link is single use.
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link!).pathname);
  await page.getByLabel('New password').fill('yet another secret');
  await page.getByLabel('Confirm password').fill('yet another secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to reset password. Invalid or expired token.');
});

test('after one online visit the installed app opens the dashboard with no network', async ({ browser, server }) => {
  // The network is cut for real (a loopback proxy that stops listening): Chromium's offline
  // emulation can reach a restarted service worker late, and the worker then sends.
  const proxy = await startLoopbackProxy({ targetPort: server.port });
  const context = await browser.newContext({ baseURL: proxy.url });
  try {
    const page = await context.newPage();
    const user = uniqueUser('dee');
    await registerAndLogin(page, user);
    await expect(page.getByText(user.email)).toBeVisible();
    await waitForServiceWorker(page);

    await proxy.cut();
    await page.reload();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByText(user.username).first()).toBeVisible();

    // A profile edit made offline is kept, and reaches the server when the network returns.
    await page.goto('/profile');
    await page.getByLabel('Display name').fill('Offline Dee');
    await expect(page.getByText('Waiting for connection…')).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Offline Dee');
    await expect(page.getByText('Waiting for connection…')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const storedName = async () =>
      (await (await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()).displayName;
    expect(await storedName()).toBeNull();
    await proxy.restore();
    await expect.poll(storedName, { timeout: 60_000 }).toBe('Offline Dee');
    await expect(page.getByText('Waiting for connection…')).toHaveCount(0, { timeout: 60_000 });
  } finally {
    await context.close();
    await proxy.close();
  }
});

test('protected routes redirect to /login without a token; unknown paths show the router error', async ({ page }) => {
  for (const path of ['/dashboard', '/pods', '/profile', '/game/setup', '/game/session']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  }
  await page.goto('/no/such/page');
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
});

test('the bottom navigation shows on app pages and is hidden on every /game route', async ({ page }) => {
  await registerAndLogin(page, uniqueUser('eve'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  for (const path of ['/game/session', '/game/setup', '/game/layout', '/game/123']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(nav).toHaveCount(0);
  }
  await page.goto('/profile');
  await expect(nav).toBeVisible();
});

test('landing, login and dashboard have no serious accessibility violations', async ({ page }) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  await page.goto('/');
  await expect(page.getByRole('link', { name: /log in/i }).first()).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Learn More' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await registerAndLogin(page, uniqueUser('fay'));
  await expect(page.getByText('Stats Under Construction')).toBeVisible();
  expect(await serious()).toEqual([]);
});
