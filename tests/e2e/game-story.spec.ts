/**
 * The whole story in Chromium: a dozen taps, the story opened from the events sheet, an entry
 * from a dozen taps ago undone; the tile shows the corrected life, the server holds it, and the
 * other player's phone sees it live. Then a marker: the monarch's change of hands from several
 * entries ago undone on one phone, the crown back on the other phone.
 */
import type { Browser, Page } from '@playwright/test';
import { api, befriend, expect, person, shownLife, test, type Person } from './fixtures';
import { openStory } from './game-night-steps';

const MINUS = '\u2212';

/** A live game of `host` and `friend`, both phones on its playmat. */
async function startGame(browser: Browser, baseURL: string, prefix: string): Promise<{ host: Person; friend: Person; gameId: string }> {
  const host = await person(browser, baseURL, `${prefix}h`);
  const friend = await person(browser, baseURL, `${prefix}f`);
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
  return { host, friend, gameId };
}

test('undo an entry from a dozen taps ago in the whole story: the tile, the server and the other phone show the corrected life', async ({ browser, baseURL }) => {
  const { host, friend, gameId } = await startGame(browser, baseURL, 'st');

  // −5 once, then eleven −1: the −5 is twelve taps back.
  await host.page.getByRole('button', { name: `${friend.username} life ${MINUS}5`, exact: true }).click();
  const minusOne = host.page.getByRole('button', { name: `${friend.username} life ${MINUS}1`, exact: true });
  for (let i = 0; i < 11; i += 1) await minusOne.click();
  await expect(shownLife(host.page, friend.username)).toHaveText('24');
  await expect
    .poll(async () => (await api<{ participants: { lifeTotal: number }[] }>(host.page, 'GET', `/api/games/${gameId}`)).body.participants[1]!.lifeTotal, { timeout: 30_000 })
    .toBe(24);

  const { sheet, story } = await openStory(host.page);
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

test('undo the monarch changing hands several entries ago on one phone: the crown is back on the other phone', async ({ browser, baseURL }) => {
  const { host, friend, gameId } = await startGame(browser, baseURL, 'sm');
  const tile = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const monarchOf = async () => (await api<{ table?: { monarchSeat: number | null } }>(host.page, 'GET', `/api/games/${gameId}`)).body.table?.monarchSeat;

  // The host is crowned, the friend takes the crown, then four life taps and night fall.
  await host.page.getByRole('button', { name: 'Game menu' }).click();
  await host.page.getByRole('menuitem', { name: 'Table tools' }).click();
  const tools = host.page.getByRole('dialog', { name: 'Table tools' });
  await tools.getByLabel('Monarch').selectOption({ label: host.username });
  await tools.getByLabel('Monarch').selectOption({ label: friend.username });
  await tools.getByRole('button', { name: 'Close' }).click();
  const minusOne = host.page.getByRole('button', { name: `${host.username} life ${MINUS}1`, exact: true });
  for (let i = 0; i < 4; i += 1) await minusOne.click();
  await expect(shownLife(host.page, host.username)).toHaveText('36');
  await expect(tile(friend.page, friend.username)).toContainText('Monarch');
  await expect.poll(monarchOf, { timeout: 30_000 }).toBe(1);

  const { sheet, story } = await openStory(host.page);
  const crowned = `${host.username} became the monarch`;
  const taken = `${friend.username} became the monarch`;
  await expect(story.getByRole('listitem').filter({ hasText: taken })).toHaveCount(1);
  // The host's crowning no longer stands (the friend holds the crown): no Undo on it yet.
  await expect(story.getByRole('button', { name: `Undo: ${crowned}` })).toHaveCount(0);
  await story.getByRole('button', { name: `Undo: ${taken}` }).click();
  await expect(story.getByRole('listitem').first()).toContainText(`Undo: ${taken}`);
  await expect(story.getByRole('button', { name: `Undo: ${taken}` })).toHaveCount(0);
  // Undone once, the host's crowning stands again and may be undone in turn.
  await expect(story.getByRole('button', { name: `Undo: ${crowned}` })).toHaveCount(1);
  await sheet.getByRole('button', { name: 'Close' }).click();

  await expect(tile(host.page, host.username)).toContainText('Monarch');
  await expect(tile(friend.page, host.username)).toContainText('Monarch', { timeout: 30_000 });
  await expect(tile(friend.page, friend.username)).not.toContainText('Monarch');
  await expect.poll(monarchOf, { timeout: 30_000 }).toBe(0);
  // The other phone's story tells it too, and offers no second undo of the same entry.
  const other = await openStory(friend.page);
  await expect(other.story.getByRole('listitem').first()).toContainText(`Undo: ${taken}`);
  await expect(other.story.getByRole('button', { name: `Undo: ${taken}` })).toHaveCount(0);
});
