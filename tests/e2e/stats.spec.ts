/**
 * Stats from real games, on a 360 px phone: the spec's placeholder before any game;
 * three finished pod games (two through the API with the spec's payloads, the last ended on the
 * playmat) become the real figures on the dashboard and on Profile → Stats, and the pod's page shows
 * its leaderboard. Assertions are what the player sees (and axe finds nothing serious).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test, uniqueUser } from './fixtures';

interface Account {
  id: string;
  username: string;
  token: string;
}

async function api<T>(baseURL: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

async function me(baseURL: string, token: string, username: string): Promise<Account> {
  const { id } = await api<{ id: string }>(baseURL, 'GET', '/api/users/me', token);
  return { id, username, token };
}

/** An account made and signed in through the API only. */
async function apiAccount(baseURL: string, prefix: string): Promise<Account> {
  const user = uniqueUser(prefix);
  const registered = await fetch(`${baseURL}/api/users`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(user) });
  expect(registered.status).toBe(202);
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  const { token } = (await login.json()) as { token: string };
  return me(baseURL, token, user.username);
}

async function joinPod(baseURL: string, podId: string, owner: Account, member: Account): Promise<void> {
  await api(baseURL, 'POST', `/api/pods/${podId}/invite`, owner.token, { userId: member.id });
  const invitations = await api<Array<{ invitationId: string; pod: { id: string } }>>(baseURL, 'GET', '/api/pods/invitations', member.token);
  const invitation = invitations.find((i) => i.pod.id === podId)!;
  await api(baseURL, 'POST', `/api/pods/invitations/${invitation.invitationId}/accept`, member.token);
}

/** A pod game of Ana, Bo and Cy that started 45 minutes ago (POST /api/games, the spec's fields). */
async function podGame(baseURL: string, podId: string, [ana, bo, cy]: Account[]): Promise<string> {
  const game = await api<{ id: string }>(baseURL, 'POST', '/api/games', ana!.token, {
    podId,
    requiresVerification: false,
    status: 'ACTIVE',
    startTime: new Date(Date.now() - 45 * 60_000).toISOString(),
    participants: [
      { seatNumber: 0, role: 'self', displayName: ana!.username, userId: ana!.id, deckName: 'Vampires', commanderName: 'Edgar Markov' },
      { seatNumber: 1, role: 'pod', displayName: bo!.username, userId: bo!.id, deckName: 'Elves', commanderName: 'Lathril' },
      { seatNumber: 2, role: 'pod', displayName: cy!.username, userId: cy!.id, deckName: 'Giants', commanderName: 'Kenrith' },
    ],
  });
  return game.id;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

/** The figures of a stats grid as 'label: value' lines. */
async function figures(scope: ReturnType<Page['locator']>): Promise<string[]> {
  return scope.locator('.stats-grid .stat').evaluateAll((stats) => stats.map((s) => `${s.querySelector('dt')!.textContent}: ${s.querySelector('dd')!.textContent}`));
}

test('finished games become real stats on the dashboard and Profile → Stats, and the pod sees its leaderboard', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const user = uniqueUser('ana');
  await registerAndLogin(page, user);
  const ana = await me(baseURL, (await page.evaluate(() => localStorage.getItem('token')))!, user.username);

  // No finished game yet: the spec's placeholder, word for word.
  const panel = page.getByRole('region', { name: 'Stats Highlights' });
  await expect(panel.getByText('Stats Under Construction')).toBeVisible();
  await expect(panel.getByText('This feature is coming soon!')).toBeVisible();

  const bo = await apiAccount(baseURL, 'bo');
  const cy = await apiAccount(baseURL, 'cy');
  const podName = `Stats pod ${Date.now().toString(36)}`;
  const pod = await api<{ id: string }>(baseURL, 'POST', '/api/pods', ana.token, { name: podName });
  await joinPod(baseURL, pod.id, ana, bo);
  await joinPod(baseURL, pod.id, ana, cy);

  // Bo wins the first game, Ana the second (ended through PUT /api/games/{id}).
  for (const winnerSeat of [1, 0]) {
    const id = await podGame(baseURL, pod.id, [ana, bo, cy]);
    await api(baseURL, 'PUT', `/api/games/${id}`, ana.token, { status: 'FINISHED', result: { winnerSeat } });
  }
  // The dashboard follows the mirror live: the figures replace the placeholder without a reload.
  await expect(panel.getByText('Stats Under Construction')).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => figures(panel)).toContain('Games played: 2');

  // The third game is ended on the playmat, Ana the winner.
  const third = await podGame(baseURL, pod.id, [ana, bo, cy]);
  await page.goto(`/game/${third}`);
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: 'End game' }).click();
  const end = page.getByRole('dialog', { name: 'End game' });
  await end.getByRole('radio', { name: ana.username }).check();
  await end.getByRole('button', { name: 'End game' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${ana.username} wins` })).toBeVisible({ timeout: 20_000 });

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect.poll(() => figures(panel)).toEqual([
    'Games played: 3',
    'Win rate: 67% 2 of 3',
    'Most played commander: Edgar Markov 3 games',
    'Average game length: 45 min',
    'Longest win streak: 2',
    `Pod rank: #1 of 3 in ${podName}`,
  ]);

  // Profile → Stats: the same figures, the chart with its text, the tables.
  await panel.getByRole('link', { name: 'All stats' }).click();
  await expect(page).toHaveURL(/\/profile#stats$/);
  await expect(page.getByRole('tab', { name: 'Stats', selected: true })).toBeVisible();
  const stats = page.getByRole('tabpanel', { name: 'Stats' });
  await expect(stats.getByRole('heading', { name: 'Your stats' })).toBeVisible();
  await expect.poll(() => figures(stats)).toContain('Win rate: 67% 2 of 3');
  await expect(stats.getByRole('img', { name: /Wins over time/ })).toBeVisible();
  await expect(stats.getByRole('img', { name: /Wins over time/ })).toHaveAccessibleName(/2 wins in 3 games/);
  const byCommander = stats.getByRole('table', { name: 'By commander' });
  await expect(byCommander.getByRole('row', { name: /Edgar Markov/ })).toContainText('3267%1.7');
  const h2h = stats.getByRole('table', { name: 'Head-to-head' });
  await expect(h2h.getByRole('row')).toHaveCount(3);
  await expect(h2h.getByRole('row', { name: new RegExp(bo.username) })).toContainText(`${bo.username}321`);
  // Nothing spills sideways at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await stats.getByText('Show the games').click();
  expect(await seriousViolations(page), 'Profile → Stats').toEqual([]);

  // The pod's page: its leaderboard.
  await page.goto(`/pods?tab=pods&pod=${pod.id}`);
  await page.getByRole('button', { name: 'Pod info' }).click();
  await page.getByText('Leaderboard', { exact: true }).click();
  const board = page.getByRole('table', { name: `Leaderboard of ${podName}` });
  await expect(board.getByRole('row')).toHaveText([/Rank\s*Player/, `1${ana.username}267%3`, `2${bo.username}133%3`, `3${cy.username}00%3`]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page), 'pod leaderboard').toEqual([]);
  await context.close();
});
