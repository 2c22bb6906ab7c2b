/**
 * Game invitations in Chromium: a stranger seated in a custom-table game sees the invitation live in
 * All Chats → Game Invites, accepts, and then sees the game; a block stops a direct message.
 */
import { api, expect, openTab, person, test } from './fixtures';

test('a stranger seated in a custom table sees the invitation live, accepts, and then sees the game', async ({ browser, baseURL }) => {
  const host = await person(browser, baseURL, 'gih');
  const guest = await person(browser, baseURL, 'gis');
  await openTab(guest.page, 'All Chats');
  await expect(guest.page.getByText('No game invites.')).toBeVisible();

  const hostId = ((await api(host.page, 'GET', '/api/users/me')).body as { id: string }).id;
  const guestId = ((await api(guest.page, 'GET', '/api/users/me')).body as { id: string }).id;
  // The spec's custom-table payload: the two are not friends and share no pod.
  const created = await api(host.page, 'POST', '/api/games', {
    podId: null,
    requiresVerification: false,
    status: 'ACTIVE',
    startTime: new Date().toISOString(),
    participants: [
      { seatNumber: 0, role: 'self', displayName: host.username, userId: hostId, deckName: 'Mine', commanderName: 'Atraxa' },
      { seatNumber: 1, role: 'friend', displayName: guest.username, userId: guestId, deckName: 'Theirs', commanderName: 'Tymna' },
    ],
  });
  expect(created.status).toBe(201);
  const gameId = (created.body as { id: string }).id;
  // Not seated yet: the game is not theirs to read.
  expect((await api(guest.page, 'GET', `/api/games/${gameId}`)).status).toBe(404);

  const accept = guest.page.getByRole('button', { name: `Accept game invitation from ${host.username}` });
  await expect(accept).toBeVisible();
  await expect(guest.page.getByText(`Game by ${host.username}`)).toBeVisible();
  await accept.click();
  await expect(guest.page).toHaveURL(new RegExp(`/game/${gameId}$`));
  await expect(guest.page.getByRole('button', { name: 'Game menu' })).toBeVisible();
  expect((await api(guest.page, 'GET', `/api/games/${gameId}`)).status).toBe(200);
});

test('a block stops a direct message', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'bka');
  const bo = await person(browser, baseURL, 'bkb');
  // Friends first, so Block is in Ana's friends list.
  await openTab(ana.page, 'Friends');
  await ana.page.getByLabel('Username').fill(bo.username);
  await ana.page.getByRole('button', { name: 'Send request' }).click();
  await openTab(bo.page, 'Friends');
  await bo.page.getByRole('button', { name: `Accept ${ana.username}` }).click();
  await ana.page.getByRole('button', { name: `Block ${bo.username}` }).click();
  const confirm = ana.page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Block ${bo.username}?`);
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(ana.page.getByRole('button', { name: `Block ${bo.username}` })).toBeHidden();

  await openTab(ana.page, 'Messages');
  await openTab(bo.page, 'Messages');
  await bo.page.getByLabel('Search users').fill(ana.username);
  await bo.page.getByRole('button', { name: `Message ${ana.username}` }).click();
  await bo.page.getByLabel('Message', { exact: true }).fill('Can we talk?');
  await bo.page.getByRole('button', { name: 'Send' }).click();
  await expect(bo.page.getByText('Failed to send message. Try again.')).toBeVisible();
  await expect(ana.page.getByText('Can we talk?')).toHaveCount(0);

  // Ana sees the block in Profile → Settings and can undo it.
  await ana.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await ana.page.getByRole('tab', { name: 'Settings' }).click();
  await expect(ana.page.getByRole('button', { name: `Unblock ${bo.username}` })).toBeVisible();
});
