/**
 * Download my data, then delete the account (Profile → Settings): the export holds the account's
 * direct message; after deletion the account cannot log in, its friend's chat shows
 * "Deleted user" with the history and no composer, and its e-mail address can sign up again.
 */
import { readFile } from 'node:fs/promises';
import { expect, openTab, person, registerAndLogin, test, uniqueUser } from './fixtures';
import type { Page } from '@playwright/test';

async function session(page: Page): Promise<{ token: string; id: string }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('token')!;
    const me = (await (await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };
    return { token, id: me.id };
  });
}

test('download my data, delete the account: gone for good, "Deleted user" for the friend, the e-mail free again', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'ana');
  const bo = await person(browser, baseURL, 'bo');
  const anaSession = await session(ana.page);
  const boSession = await session(bo.page);
  const post = (path: string, token: string, body: unknown) =>
    fetch(`${baseURL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const request = await post('/api/friends/send-request', anaSession.token, { addresseeId: boSession.id });
  const { friendshipId } = (await request.json()) as { friendshipId: string };
  const accepted = await fetch(`${baseURL}/api/friends/${friendshipId}/accept`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${boSession.token}` },
    body: JSON.stringify({ status: 'ACCEPTED' }),
  });
  expect(accepted.status).toBe(200);
  expect((await post('/api/direct-messages/send', anaSession.token, { receiverId: boSession.id, content: 'Commander night at mine?' })).status).toBe(201);

  // Bo has the conversation open.
  await openTab(bo.page, 'Messages');
  await bo.page.getByRole('button', { name: new RegExp(ana.username) }).first().click();
  await expect(bo.page.getByRole('heading', { name: ana.username })).toBeVisible();
  await expect(bo.page.getByText('Commander night at mine?')).toBeVisible();
  await expect(bo.page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();

  // Ana downloads her data: the file holds the message.
  await ana.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await ana.page.getByRole('tab', { name: 'Settings' }).click();
  const [download] = await Promise.all([ana.page.waitForEvent('download'), ana.page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^podtable-export-${ana.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string }; directMessages: Array<{ content: string }> };
  expect(exported.profile.email).toBe(ana.email);
  expect(exported.directMessages.map((m) => m.content)).toContain('Commander night at mine?');

  // Ana deletes her account.
  await ana.page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = ana.page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('cannot be undone')).toBeVisible();
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is not correct.');
  await dialog.getByLabel('Password').fill(ana.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(ana.page.getByText('Your account has been deleted.').first()).toBeVisible();
  await expect(ana.page).toHaveURL(new RegExp(`^${baseURL}/?$`));
  expect(await ana.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Bo's open chat now shows "Deleted user", the message still there, and no composer.
  await expect(bo.page.getByRole('heading', { name: 'Deleted user' })).toBeVisible();
  await expect(bo.page.getByText('Commander night at mine?')).toBeVisible();
  await expect(bo.page.getByText('This account was deleted. You can still read your conversation.')).toBeVisible();
  await expect(bo.page.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);
  await expect(bo.page.getByRole('button', { name: 'Send' })).toHaveCount(0);

  // Ana cannot log in.
  await ana.page.goto('/login');
  await ana.page.getByLabel('Username').fill(ana.username);
  await ana.page.getByLabel('Password').fill(ana.password);
  await ana.page.getByRole('button', { name: 'Log in' }).click();
  await expect(ana.page.getByText('Invalid username or password.')).toBeVisible();

  // Her e-mail address signs up again (a new account logs in with it).
  const again = { ...uniqueUser('anew'), email: ana.email };
  await registerAndLogin(ana.page, again);
});
