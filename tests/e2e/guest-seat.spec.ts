/**
 * A seat for someone with no account, in Chromium: the creator shows a join code; a second
 * browser with no account opens the link, joins as a guest named "Gus" and taps −1 on its own
 * tile; the creator's phone shows Gus's new life; the guest has no controls on anyone else's
 * tile; the creator's Undo takes the seat back and the guest's page says so.
 */
import { GuestSeatText } from '../../src/contract/game-guest';
import { api, expect, openJoinSheet, person, shownLife, startGame, test } from './fixtures';

const MINUS = '\u2212';

test('a guest with no account joins by code as Gus, taps its own life, the creator sees it, and Undo takes the seat back', async ({ browser, baseURL }) => {
  const host = await person(browser, baseURL, 'gsh');
  const gameId = await startGame(host, [{ guest: 'Kim', commander: 'Tymna' }]);
  await host.page.goto(`/game/${gameId}`);
  await expect(shownLife(host.page, 'Kim')).toHaveText('40');
  const { sheet, code } = await openJoinSheet(host.page);

  // Someone with no account opens the link on a small phone: beside log in and sign up, "Join as a guest".
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } });
  const phone = await context.newPage();
  await phone.goto(`/join/${code}`);
  await expect(phone).toHaveURL(/\/login\?redirect=/);
  await expect(phone.getByRole('link', { name: 'Create one' })).toBeVisible();
  await phone.getByRole('link', { name: 'Join as a guest' }).click();
  await expect(phone.getByRole('heading', { name: `${host.username}'s game` })).toBeVisible();
  await expect(phone.getByText(`Seat 1: ${host.username}`)).toBeVisible();
  await phone.getByLabel('Your name').fill('Gus');
  await phone.getByRole('button', { name: 'Take seat 2: Kim' }).click();

  // The guest playmat: the whole table, Gus's own tile takes taps, nobody else's has controls.
  await expect(phone).toHaveURL(new RegExp(`/guest/${gameId}$`));
  await expect(phone.getByText('You are Gus · seat 2')).toBeVisible();
  await expect(shownLife(phone, 'Gus')).toHaveText('40');
  await expect(shownLife(phone, host.username)).toHaveText('40');
  await expect(phone.getByRole('button', { name: `${host.username} life ${MINUS}1`, exact: true })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: `${host.username} life +1`, exact: true })).toHaveCount(0);
  await phone.getByRole('button', { name: `Gus life ${MINUS}1`, exact: true }).click();
  await expect(shownLife(phone, 'Gus')).toHaveText('39');

  // The creator's phone: the join listed like an account's, Gus's new name and life, live.
  await expect(sheet.getByText('Gus joined seat 2')).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(shownLife(host.page, 'Gus')).toHaveText('39');
  const game = (await api(host.page, 'GET', `/api/games/${gameId}`)).body as { participants: Array<{ displayName: string; lifeTotal: number }> };
  expect(game.participants[1]).toMatchObject({ displayName: 'Gus', lifeTotal: 39 });
  expect(game.participants[0]).toMatchObject({ lifeTotal: 40 });

  // The creator's Undo gives the seat back; the guest's page says so.
  await openJoinSheet(host.page);
  await sheet.getByRole('button', { name: 'Undo: give seat 2 back from Gus' }).click();
  await expect(phone.getByText(GuestSeatText.revoked)).toBeVisible();
  await expect(shownLife(phone, 'Gus')).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(shownLife(host.page, 'Kim')).toHaveText('39');
  await context.close();
});
