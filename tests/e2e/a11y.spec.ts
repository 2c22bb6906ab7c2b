import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test, uniqueUser } from './fixtures';

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

test('chats, profile decks, the wizard, the playmat, its sheets, the summary and the history have no serious accessibility violations', async ({ page, server }) => {
  // axe's analyze() alone can take over a minute per screen on a busy 2-core machine.
  test.setTimeout(600_000);
  const user = uniqueUser('axe');
  await registerAndLogin(page, user);

  await page.goto('/pods');
  for (const tab of ['All Chats', 'Messages', 'Pod Chats', 'Friends']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page), tab).toEqual([]);
  }

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Decks' }).click();
  await expect(page.getByRole('tab', { name: 'Decks' })).toHaveAttribute('aria-selected', 'true');
  expect(await seriousViolations(page), 'decks').toEqual([]);

  await page.goto('/game/setup');
  await expect(page.getByText('Build a Custom Table')).toBeVisible();
  expect(await seriousViolations(page), 'wizard').toEqual([]);

  // A game made through the API, opened from a link: the playmat pulls it.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await (await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const id = crypto.randomUUID();
  const created = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      id,
      layoutPreset: 'duo-classic',
      seats: [
        { seat: 0, left: 0, top: 15, width: 30, height: 15, rotation: 0 },
        { seat: 1, left: 0, top: 0, width: 30, height: 15, rotation: 180 },
      ],
      activeSeat: 0,
      participants: [
        { seatNumber: 0, role: 'self', displayName: user.username, userId: me.id, deckName: 'Elves', commanderName: 'Lathril, Blade of the Elves' },
        { seatNumber: 1, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'gus@example.test', deckName: 'Thrasios', commanderName: 'Thrasios, Triton Hero' },
      ],
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  await page.goto(`/game/${id}`);
  await expect(page.getByRole('group', { name: `${user.username} life` })).toBeVisible();
  expect(await seriousViolations(page), 'playmat').toEqual([]);

  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: 'Table tools' }).click();
  await expect(page.getByRole('dialog', { name: 'Table tools' })).toBeVisible();
  expect(await seriousViolations(page), 'table tools').toEqual([]);
  await page.getByRole('dialog', { name: 'Table tools' }).getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: 'End game' }).click();
  const end = page.getByRole('dialog', { name: 'End game' });
  expect(await seriousViolations(page), 'end game').toEqual([]);
  await end.getByRole('radio', { name: 'Gus' }).check();
  await end.getByRole('button', { name: 'End game' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gus wins' })).toBeVisible();
  expect(await seriousViolations(page), 'summary').toEqual([]);

  await page.goto('/games');
  await expect(page.getByRole('heading', { name: 'Past games' })).toBeVisible();
  expect(await seriousViolations(page), 'game history').toEqual([]);
});
