/**
 * The whole story in Chromium: a dozen taps, the story opened from the events sheet, an entry
 * from a dozen taps ago undone; the tile shows the corrected life, the server holds it, and the
 * other player's phone sees it live.
 */
import type { Page } from '@playwright/test';
import { api, befriend, expect, person, shownLife, test } from './fixtures';

const MINUS = '\u2212';

test('undo an entry from a dozen taps ago in the whole story: the tile, the server and the other phone show the corrected life', async ({ browser, baseURL }) => {
  const host = await person(browser, baseURL, 'sth');
  const friend = await person(browser, baseURL, 'stf');
  const me = async (page: Page) => (await api<{ id: string }>(page, 'GET', '/api/users/me')).body.id;
  const hostId = await me(host.page);
  const friendId = await me(friend.page);
  const token = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);
  await befriend(baseURL, { token: await token(host.page) }, { token: await token(friend.page), id: friendId });

  const created = await api<{ id: string }>(host.page, 'POST', '/api/games', {
    podId: null,
    requiresVerification: false,
    status: 'ACTIVE',
    startTime: new Date().toISOString(),
    participants: [
      { seatNumber: 0, role: 'self', displayName: host.username, userId: hostId, deckName: 'Mine', commanderName: 'Atraxa' },
      { seatNumber: 1, role: 'friend', displayName: friend.username, userId: friendId, deckName: 'Theirs', commanderName: 'Kinnan' },
    ],
  });
  expect(created.status).toBe(201);
  const gameId = created.body.id;
  await host.page.goto(`/game/${gameId}`);
  await friend.page.goto(`/game/${gameId}`);
  await expect(shownLife(friend.page, friend.username)).toHaveText('40');

  // −5 once, then eleven −1: the −5 is twelve taps back.
  await host.page.getByRole('button', { name: `${friend.username} life ${MINUS}5`, exact: true }).click();
  const minusOne = host.page.getByRole('button', { name: `${friend.username} life ${MINUS}1`, exact: true });
  for (let i = 0; i < 11; i += 1) await minusOne.click();
  await expect(shownLife(host.page, friend.username)).toHaveText('24');
  await expect
    .poll(async () => (await api<{ participants: { lifeTotal: number }[] }>(host.page, 'GET', `/api/games/${gameId}`)).body.participants[1]!.lifeTotal, { timeout: 30_000 })
    .toBe(24);

  await host.page.getByRole('button', { name: 'Game menu' }).click();
  await host.page.getByRole('menuitem', { name: 'Recent events' }).click();
  const sheet = host.page.getByRole('dialog');
  await sheet.getByRole('button', { name: 'Whole story' }).click();
  const story = sheet.getByRole('list', { name: 'The whole story, newest first' });
  await expect(sheet.getByText('The beginning of the game.')).toBeVisible();
  await expect(story.getByRole('listitem')).toHaveCount(12);
  const old = `${friend.username} ${MINUS}5 (life 35)`;
  await expect(story.getByRole('listitem').last()).toContainText(old);

  await story.getByRole('button', { name: `Undo: ${old}` }).click();
  await expect(story.getByRole('listitem').first()).toContainText(`Undo: ${friend.username} ${MINUS}5`);
  await expect(story.getByRole('button', { name: `Undo: ${old}` })).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Close' }).click();

  await expect(shownLife(host.page, friend.username)).toHaveText('29');
  await expect(shownLife(friend.page, friend.username)).toHaveText('29', { timeout: 30_000 });
  await expect
    .poll(async () => (await api<{ participants: { lifeTotal: number }[] }>(host.page, 'GET', `/api/games/${gameId}`)).body.participants[1]!.lifeTotal, { timeout: 30_000 })
    .toBe(29);
});
