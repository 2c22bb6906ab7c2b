/**
 * The clocks and the quick end on a 360 × 640 phone: the game bar with a long name and the Night
 * chip cuts the name, never the clocks (and held sideways, its column fits them too); Pause clock stops the shown game clock (the page's clock
 * is moved 5 s on and the text stays; a sheet mounted afterwards shows the same time) and says
 * 'Paused'; Resume starts it again; with one player left standing, one tap ends the game and the
 * summary says how, on which turn, and who took out whom, with a life chart the server's copy
 * has the series for. Three table counters show in the bar as "Storm 3 +2" without cutting the
 * clocks (a tap opens Table tools).
 */
import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test, uniqueUser } from './fixtures';

const LONG_NAME = 'Bartholomew Maximilian';

async function api(baseURL: string, token: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${baseURL}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

/** '1:02:03' or '4:07' as seconds. */
const seconds = (clock: string | null) => (clock ?? '').split(':').reduce((total, part) => total * 60 + Number(part), 0);

async function openMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Each clock of the bar lies whole inside the bar and the viewport, and is not cut; the name is what gives way. */
function barProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const bar = document.querySelector('.game-bar')!.getBoundingClientRect();
    const status = document.querySelector('.game-bar-status')!.getBoundingClientRect();
    for (const selector of ['.turn-clock', '.game-clock', '.clock-paused', '.day-night-chip', '.bar-counter-figures', '.bar-counters']) {
      const element = document.querySelector<HTMLElement>(selector);
      if (!element) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.scrollWidth > element.clientWidth + 1) problems.push(`${selector} is cut`);
      if (box.left < bar.left - 0.5 || box.right > Math.min(bar.right, window.innerWidth) + 0.5) problems.push(`${selector} leaves the bar`);
      const inStatus = !['.day-night-chip', '.bar-counter-figures', '.bar-counters'].includes(selector);
      if (inStatus && box.right > status.right + 0.5) problems.push(`${selector} leaves the status`);
      if (box.bottom > Math.min(bar.bottom, window.innerHeight) + 0.5) problems.push(`${selector} leaves the bar at the foot`);
    }
    return problems;
  });
}

test('clocks: pause stops them, resume starts them; the bar fits 360 px; one tap ends the game and the summary says how', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const me = uniqueUser('clk');
  await registerAndLogin(page, me);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const myId = ((await (await fetch(`${baseURL}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }).id;
  // The guest with the long name sits first, so theirs is the name on turn.
  const game = await api(baseURL, token, 'POST', '/api/games', {
    podId: null,
    requiresVerification: false,
    status: 'ACTIVE',
    participants: [
      { seatNumber: 0, role: 'guest', displayName: LONG_NAME, guestName: LONG_NAME, accountEmail: 'bart@example.test', deckName: 'Borrowed', commanderName: 'Kenrith' },
      { seatNumber: 1, role: 'self', displayName: me.username, userId: myId, deckName: 'Vampires', commanderName: 'Edgar Markov' },
    ],
  });
  await api(baseURL, token, 'PUT', `/api/games/${game.id}`, { eventId: crypto.randomUUID(), dayNight: 'night' });
  // Three counters for the table (Storm at 3) and one of a player's, which stays on their tile.
  const storm = crypto.randomUUID();
  for (const [id, name, seat] of [[storm, 'Storm', null], [crypto.randomUUID(), 'Treasure', null], [crypto.randomUUID(), 'Clues', null], [crypto.randomUUID(), 'Rad', 1]] as const) {
    await api(baseURL, token, 'PUT', `/api/games/${game.id}`, { eventId: crypto.randomUUID(), customCounter: { action: 'create', id, name, seat } });
  }
  for (let i = 0; i < 3; i += 1) await api(baseURL, token, 'PUT', `/api/games/${game.id}`, { eventId: crypto.randomUUID(), customCounter: { action: 'step', id: storm, step: 1 } });

  await page.clock.install();
  await page.goto(`/game/${game.id}`);
  const bar = page.getByRole('region', { name: 'Game controls' });
  await expect(bar.getByText('Night', { exact: true })).toBeVisible();
  await expect(bar.locator('.game-turn-name')).toHaveText(LONG_NAME);
  const counters = bar.getByRole('button', { name: 'Table counters: Storm 3, Treasure 0, Clues 0. Open Table tools' });
  await expect(counters).toHaveText('Storm 3+2');
  expect((await counters.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await barProblems(page)).toEqual([]);
  // The name is what gives way: cut with an ellipsis.
  const name = await bar.locator('.game-turn-name').evaluate((node) => ({ cut: node.scrollWidth > node.clientWidth, shown: node.clientWidth }));
  expect(name.cut).toBe(true);
  expect(name.shown, 'a few letters of the name stay').toBeGreaterThanOrEqual(30);
  await page.screenshot({ path: test.info().outputPath('game-bar-360.png') });

  const gameClock = bar.locator('.game-clock time');
  const turnClock = bar.locator('.turn-clock time');
  const running = await gameClock.textContent();
  await expect.poll(() => gameClock.textContent(), { timeout: 5_000 }).not.toBe(running);

  await openMenu(page, 'Pause clock');
  await expect(bar.getByText('Paused', { exact: true })).toBeVisible();
  // The server's copy (its own time stamp) is in: what is shown now is what stays.
  await expect(bar.locator('.sync-indicator')).toHaveAttribute('title', 'Synced');
  expect(await barProblems(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('game-bar-360-paused.png') });
  const [pausedGame, pausedTurn] = [await gameClock.textContent(), await turnClock.textContent()];
  await page.clock.fastForward(5_000);
  await expect(gameClock).toHaveText(pausedGame!);
  await expect(turnClock).toHaveText(pausedTurn!);
  // A clock read afresh, after the 5 s, shows the same time.
  await openMenu(page, 'Table tools');
  const tools = page.getByRole('dialog', { name: 'Table tools' });
  await expect(tools.locator('.clock-list dd').first()).toHaveText(pausedGame!);
  await tools.getByRole('button', { name: 'Close' }).click();
  // Held sideways, the bar is a 60 px column: 'Paused', both clocks and the counters still fit whole.
  await page.setViewportSize({ width: 640, height: 360 });
  await expect(page.locator('.playmat--landscape')).toBeVisible();
  await expect(bar.getByText('Paused', { exact: true })).toBeVisible();
  await expect(counters).toHaveText('Storm 3+2');
  expect(await barProblems(page)).toEqual([]);
  // A tap on the counters opens Table tools, where they are stepped.
  await counters.click();
  await expect(tools.getByRole('group', { name: 'Clues: Table' })).toBeVisible();
  await tools.getByRole('button', { name: 'Close' }).click();
  await page.screenshot({ path: test.info().outputPath('game-bar-640-paused.png') });
  await page.setViewportSize({ width: 360, height: 640 });

  await openMenu(page, 'Resume clock');
  await expect(bar.getByText('Paused', { exact: true })).toBeHidden();
  // Resumed, it goes on from where it stood (never a moment's reading from before the pause).
  expect(seconds(await gameClock.textContent())).toBeGreaterThanOrEqual(seconds(pausedGame));
  await expect.poll(() => gameClock.textContent(), { timeout: 5_000 }).not.toBe(pausedGame);

  // The guest goes out to 21 from my commander: one tap ends the game as proposed.
  await api(baseURL, token, 'POST', `/api/games/${game.id}/increments`, { id: crypto.randomUUID(), seat: 0, counter: 'commanderDamage', delta: 21, source: { seat: 1, which: 'commander' } });
  await page.getByRole('button', { name: `End game: ${me.username} wins by commander damage` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${me.username} wins` })).toBeVisible();
  await expect(page.getByText('By commander damage on turn 1')).toBeVisible();
  const taken = page.getByRole('heading', { name: 'Who took out whom' }).locator('..');
  await expect(taken.getByRole('listitem')).toHaveText([`${me.username} took out ${LONG_NAME} by commander damage`]);
  await expect(page.locator('.summary-time').first()).toContainText('Turn time');
  // The life chart: the start of turn 1 and the end, one line each; readable at 360 px.
  const chart = page.getByRole('img', { name: `Life by turn: ${LONG_NAME} 40 → 19, ${me.username} 40 → 40.` });
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())!.width).toBeGreaterThanOrEqual(280);
  await expect(chart.locator('polyline')).toHaveCount(2);
  await page.getByRole('region', { name: 'Life by turn' }).screenshot({ path: test.info().outputPath('summary-life-chart-360.png') });
  const storedResult = async () => ((await (await fetch(`${baseURL}/api/games/${game.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { result: unknown }).result;
  await expect.poll(storedResult).toMatchObject({
    winnerSeat: 1,
    winMethod: 'commanderDamage',
    onTurn: 1,
    eliminations: [{ seat: 0, bySeat: 1, how: 'commanderDamage' }],
  });
  const stored = (await (await fetch(`${baseURL}/api/games/${game.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { table: { lifeByTurn: unknown } };
  expect(stored.table.lifeByTurn).toEqual([
    { turn: 1, life: { 0: 40, 1: 40 } },
    { turn: 1, life: { 0: 19, 1: 40 }, end: true },
  ]);
});
