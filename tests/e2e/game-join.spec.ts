/**
 * Joining a live game by code in Chromium: the creator shows the join sheet (QR, link, code);
 * someone who is not their friend, signed out on a 360 × 640 phone, opens the link, signs up,
 * comes back to the join page, takes the guest seat and plays it; the creator's table and join
 * sheet show them live.
 */
import { api, expect, openJoinSheet, person, shownLife, startGame, test, uniqueUser } from './fixtures';

test('a stranger opens the join link signed out, signs up, takes the guest seat and plays it; the creator sees it live', async ({ browser, baseURL }) => {
  const host = await person(browser, baseURL, 'jnh');
  const gameId = await startGame(host, [{ guest: 'Gus', commander: 'Tymna' }]);
  await host.page.goto(`/game/${gameId}`);

  // The creator's join sheet: a QR code, the short link and the code.
  const { sheet, code } = await openJoinSheet(host.page);
  await expect(sheet.getByRole('img', { name: `QR code of the join link for code ${code}` })).toBeVisible();
  await expect(sheet.locator('.join-link')).toHaveText(`${baseURL}/join/${code}`);

  // A stranger (no account yet) on a small phone opens the link.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } });
  const phone = await context.newPage();
  const ana = uniqueUser('jna');
  await phone.goto(`/join/${code.toLowerCase()}`);
  await expect(phone).toHaveURL(/\/login\?redirect=/);
  await phone.getByRole('link', { name: 'Create one' }).click();
  await expect(phone).toHaveURL(/\/register\?redirect=/);
  await phone.getByLabel('Email').fill(ana.email);
  await phone.getByLabel('Username').fill(ana.username);
  await phone.getByLabel('Password').fill(ana.password);
  await phone.getByRole('button', { name: 'Sign up' }).click();
  await expect(phone.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(phone).toHaveURL(/\/login\?redirect=/);
  await phone.getByLabel('Username').fill(ana.username);
  await phone.getByLabel('Password').fill(ana.password);
  await phone.getByRole('button', { name: 'Log in' }).click();

  // Back on the join page: the table, with the guest seat free to take.
  await expect(phone).toHaveURL(new RegExp(`/join/${code.toLowerCase()}$`));
  await expect(phone.getByRole('heading', { name: `${host.username}'s game` })).toBeVisible();
  await expect(phone.getByText(`Seat 1: ${host.username}`)).toBeVisible();
  await phone.getByRole('button', { name: 'Take seat 2: Gus' }).click();

  // On the playmat, in the guest's seat, under their own name: their own tap counts.
  await expect(phone).toHaveURL(new RegExp(`/game/${gameId}$`));
  await expect(shownLife(phone, ana.username)).toHaveText('40');
  await phone.getByRole('button', { name: `${ana.username} life +1`, exact: true }).click();
  await expect(shownLife(phone, ana.username)).toHaveText('41');

  // The creator's open sheet lists the join; their table shows the new name and the tap, live.
  await expect(sheet.getByText(`${ana.username} joined seat 2`)).toBeVisible();
  await expect(sheet.getByRole('button', { name: `Undo: give seat 2 back from ${ana.username}` })).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(shownLife(host.page, ana.username)).toHaveText('41');
  await expect(host.page.getByRole('region', { name: 'Gus', exact: true })).toHaveCount(0);

  // The server holds the same: the stranger is the seat's player.
  const game = (await api(phone, 'GET', `/api/games/${gameId}`)).body as { participants: Array<{ seatNumber: number; displayName: string; lifeTotal: number }> };
  expect(game.participants[1]).toMatchObject({ seatNumber: 1, displayName: ana.username, lifeTotal: 41 });
  await context.close();
});
