/**
 * Account security in the browser: the app runs under the strict Content-Security-Policy (loads, logs
 * in, opens dialogs, keeps its live socket, installs its service worker and works offline)
 * with no violation reported; and the e-mail change journey from the profile to the mailed link.
 */
import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test, uniqueUser, waitForServiceWorker } from './fixtures';

/** Every CSP violation the page reports, from both the DOM event and the console. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|create)/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load (securitypolicyviolation): ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test('the app runs under the strict CSP: login, dialogs, live chat and offline, with no violation', async ({ page, context, request }) => {
  const violations = await recordViolations(page);
  const shell = await request.get('/');
  const csp = shell.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(shell.headers()['referrer-policy']).toBe('no-referrer');
  // The built shell has no inline script and no inline style block.
  const html = await shell.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style/);

  const user = uniqueUser('csp');
  await registerAndLogin(page, user);
  await expect(page.getByText(user.email)).toBeVisible();

  // A Radix dialog (injects its scroll-lock style) and the live socket (connect-src).
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/pods');
  await expect(page.getByRole('tab', { name: 'Pod Chats' })).toBeVisible();
  await page.getByRole('tab', { name: 'Pod Chats' }).click();
  await expect(page.getByText('Connecting to chat service.')).toHaveCount(0, { timeout: 15_000 });

  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByText(user.email)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(`@${user.username}`)).toBeVisible();
  await context.setOffline(false);

  expect(violations).toEqual([]);
});

test('changing the e-mail: password in the dialog, link from the new mailbox, old address told', async ({ page, server }) => {
  const user = uniqueUser('mail');
  await registerAndLogin(page, user);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
  const newEmail = `new-${user.email}`;
  await dialog.getByLabel('New e-mail').fill(newEmail);
  await dialog.getByLabel('Current password').fill('not my password');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is not correct.');
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByRole('status')).toContainText(`We have sent a confirmation link to ${newEmail}.`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();

  const confirmMail = () => server.mails().find((text) => text.includes('Subject: Confirm your new PodTable e-mail address'));
  await expect.poll(() => confirmMail() !== undefined, { message: 'a confirmation mail in the outbox' }).toBe(true);
  const path = /\/confirm-email\/[A-Za-z0-9_-]{43}/.exec(confirmMail()!.replace(/=\r?\n/g, ''))?.[0];
  expect(path).toBeDefined();
  await page.goto(path!);
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your e-mail address is now ${newEmail}.`);
  await page.goto('/profile');
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect
    .poll(() => server.mails().some((text) => text.includes('Subject: Your PodTable e-mail address was changed') && /\/undo-email\//.test(text)))
    .toBe(true);
});
