/**
 * The whole life of a game on two phones: each participant's phone shows their own
 * seat at the bottom, upright; table tools, markers (monarch, initiative, day/night, the city's
 * blessing, the Ring), a custom counter and commander tax reach the other phone live
 * and after an offline replay; End game with a winner shows the summary on both phones; and the
 * history reads offline, opening the summary. Assertions are what the players see.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { befriend, expect, registerAndLogin, test, uniqueUser, waitForServiceWorker } from './fixtures';

type Phone = ReturnType<typeof uniqueUser> & { id: string; token: string; context: BrowserContext; page: Page };

async function phone(browser: Browser, baseURL: string, prefix: string): Promise<Phone> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  const user = uniqueUser(prefix);
  await registerAndLogin(page, user);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const me = (await (await fetch(`${baseURL}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string };
  return { ...user, id: me.id, token, context, page };
}

const tile = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The newest line of the recent events, read from the events sheet. */
async function expectLatestEvent(page: Page, text: string | RegExp) {
  await openMenu(page, 'Recent events');
  await expect(page.getByRole('list', { name: 'Recent events, newest first' }).getByRole('listitem').first().locator('.event-text')).toHaveText(text);
  await page.getByRole('dialog', { name: 'Recent events' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Uses the table tools sheet; returns the result it then shows (waiting for one like `result`, when given). */
async function useTools(page: Page, use: (sheet: ReturnType<Page['getByRole']>) => Promise<void>, result?: RegExp): Promise<string> {
  await openMenu(page, 'Table tools');
  const sheet = page.getByRole('dialog', { name: 'Table tools' });
  await use(sheet);
  const output = sheet.getByLabel('Latest result');
  if (result) await expect(output).toHaveText(result);
  const shown = (await output.textContent()) ?? '';
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return shown;
}

/** Every tile upright, and `me`'s tile along the bottom of the table. */
async function expectMySeatAtTheBottom(page: Page, me: string, others: string[]) {
  await expect(page.locator('.seat-turn--90, .seat-turn--180, .seat-turn--270')).toHaveCount(0);
  const table = (await page.locator('.playmat-table').boundingBox())!;
  const mine = (await tile(page, me).boundingBox())!;
  expect(mine.y + mine.height).toBeCloseTo(table.y + table.height, 0);
  for (const name of others) {
    const other = (await tile(page, name).boundingBox())!;
    expect(other.y + other.height).toBeLessThanOrEqual(mine.y + 1);
  }
}

test('two phones of one game: my seat on each, tools and markers live and after offline replay, end → summary on both, history offline', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const ana = await phone(browser, baseURL, 'ana');
  const ben = await phone(browser, baseURL, 'ben');
  await befriend(baseURL!, ana, ben);
  // Ana starts the game through the API with the spec's payload; both open it from a link.
  const created = await fetch(`${baseURL}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${ana.token}` },
    body: JSON.stringify({
      podId: null,
      requiresVerification: false,
      status: 'ACTIVE',
      participants: [
        { seatNumber: 1, role: 'self', displayName: ana.username, userId: ana.id, deckName: 'Vampires', commanderName: 'Edgar Markov' },
        { seatNumber: 2, role: 'friend', displayName: ben.username, userId: ben.id, deckName: 'Elves', commanderName: 'Lathril' },
        { seatNumber: 3, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'gus@example.test', deckName: 'Giants', commanderName: 'Kenrith' },
      ],
    }),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  for (const { page } of [ana, ben]) {
    await page.goto(`/game/${id}`);
    await expect(page.getByRole('group', { name: `${ana.username} life`, exact: true })).toBeVisible();
  }

  // Each phone: its owner's seat at the bottom, upright, the others above it.
  await expectMySeatAtTheBottom(ana.page, ana.username, [ben.username, 'Gus']);
  await expectMySeatAtTheBottom(ben.page, ben.username, [ana.username, 'Gus']);

  // A d20 on Ana's phone: the same result in Ben's recent events.
  const roll = await useTools(ana.page, (sheet) => sheet.getByRole('button', { name: 'Roll d20' }).click(), /^Rolled a d20: ([1-9]|1\d|20)$/);
  await expectLatestEvent(ben.page, roll);

  // The monarch, and Ana's commander tax, reach Ben's phone.
  await useTools(ana.page, async (sheet) => {
    await sheet.getByLabel('Monarch').selectOption({ label: ben.username });
  });
  await expect(tile(ben.page, ben.username)).toContainText('Monarch');

  // Night, Ben's city's blessing and the Ring tempting him: chips on Ben's phone.
  await useTools(ana.page, async (sheet) => {
    await sheet.getByRole('button', { name: 'Night', exact: true }).click();
    await sheet.getByRole('button', { name: `City's blessing: ${ben.username}` }).click();
    await sheet.getByRole('button', { name: `The Ring tempts you: ${ben.username}` }).click();
  });
  await expect(ben.page.getByText('Night', { exact: true })).toBeVisible();
  await expect(tile(ben.page, ben.username)).toContainText("City's blessing");
  await expect(tile(ben.page, ben.username)).toContainText('Ring 1');

  // A "Storm" counter Ana adds for Ben and taps up twice: a chip on Ben's tile on his phone.
  await useTools(ana.page, async (sheet) => {
    await sheet.getByLabel('Name', { exact: true }).fill('Storm');
    await sheet.getByLabel('For', { exact: true }).selectOption({ label: ben.username });
    await sheet.getByRole('button', { name: 'Add counter' }).click();
    const up = sheet.getByRole('button', { name: `Storm +1: ${ben.username}`, exact: true });
    await up.click();
    await up.click();
    await expect(sheet.getByRole('group', { name: `Storm: ${ben.username}`, exact: true }).locator('.stepper-value')).toHaveText('2');
  });
  await expect(tile(ben.page, ben.username)).toContainText('Storm 2');
  await ana.page.getByRole('button', { name: `${ana.username} counters`, exact: true }).click();
  await ana.page.getByRole('button', { name: `${ana.username} Edgar Markov tax +2`, exact: true }).click();
  await ana.page.getByRole('button', { name: `Close ${ana.username} counters`, exact: true }).click();
  await expect(tile(ben.page, ana.username)).toContainText('Edgar Markov tax 2');

  // Ben offline: a coin and the initiative stay on his phone, then reach Ana's when he is back.
  await waitForServiceWorker(ben.page);
  await ben.context.setOffline(true);
  const coin = await useTools(
    ben.page,
    async (sheet) => {
      await sheet.getByRole('button', { name: 'Flip a coin' }).click();
      await sheet.getByLabel('Initiative').selectOption({ label: ana.username });
    },
    /^Flipped a coin: (heads|tails)$/,
  );
  await expect(tile(ben.page, ana.username)).toContainText('Has the initiative');
  await expect(ben.page.getByText('Saved on this device')).toBeVisible();
  const onServer = async () => ((await (await fetch(`${baseURL}/api/games/${id}`, { headers: { Authorization: `Bearer ${ana.token}` } })).json()) as { events: { text: string }[] }).events.map((e) => e.text);
  expect(await onServer()).not.toContain(coin);
  await ben.context.setOffline(false);
  await expect(tile(ana.page, ana.username)).toContainText('Has the initiative', { timeout: 20_000 });
  await expectLatestEvent(ana.page, `${ana.username} took the initiative`);
  expect((await onServer()).slice(0, 2)).toEqual([`${ana.username} took the initiative`, coin]);

  // End game on Ana's phone, Ben the winner: the summary on both phones.
  await openMenu(ana.page, 'End game');
  const end = ana.page.getByRole('dialog', { name: 'End game' });
  await end.getByRole('radio', { name: ben.username }).check();
  await end.getByRole('button', { name: 'End game' }).click();
  for (const { page } of [ana, ben]) {
    await expect(page.getByRole('heading', { level: 1, name: `${ben.username} wins` })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Thanks for the game!')).toBeVisible();
  }
  // Nobody was out: the order End game proposed (seat order, kept by Ana) ranks Gus second.
  await expect(ben.page.getByRole('heading', { name: 'Players' }).locator('..').locator('.summary-name')).toHaveText([ben.username, 'Gus', ana.username]);

  // Ben's history, offline: the game with its winner, opening its summary.
  await waitForServiceWorker(ben.page);
  await ben.context.setOffline(true);
  await ben.page.goto('/games');
  const past = ben.page.getByRole('heading', { name: 'Past games' }).locator('..');
  await expect(past.getByRole('link')).toHaveCount(1);
  await expect(past.getByRole('link')).toContainText(`${ben.username} won`);
  await past.getByRole('link').click();
  await expect(ben.page.getByRole('heading', { level: 1, name: `${ben.username} wins` })).toBeVisible();
  await ana.context.close();
  await ben.context.close();
});
