/**
 * Older games on demand, on a real server: an account with 130 finished games signs in on a
 * fresh device, whose first pull holds the newest 100. Scrolling to the end of the history
 * loads the older ones page by page (the row at the end is observed, no click) while the game
 * that was last on screen stays where it was. With the network REALLY gone (a loopback proxy
 * that is cut: the page, its service worker and the socket all see refused connections) the
 * history says the rest needs a connection, and loads it once the network is back; at the true
 * end it says "No older games.", and after a reload offline every game still shows, and so
 * does the end.
 */
import type { Page } from '@playwright/test';
import { startLoopbackProxy, type LoopbackProxy } from '../support/loopback-proxy';
import { expect, serverCall, test, uniqueUser, waitForServiceWorker } from './fixtures';

const COUNT = 130;
const guest = (n: number) => `Guest ${String(n).padStart(3, '0')}`;


const past = (page: Page) => page.getByRole('region', { name: 'Past games' }).getByRole('link');
const pastItem = (page: Page, n: number) => past(page).filter({ hasText: guest(n) });

let proxy: LoopbackProxy | undefined;
test.afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

test('scrolling to the end of the history loads older games in place until "No older games."; offline it says the rest needs a connection', async ({ browser, server }) => {
  test.setTimeout(420_000);
  // The account and its 130 finished games (game n ended n-th) exist before the device ever signs in.
  const user = uniqueUser('hist');
  await serverCall(server.url, null, 'POST', '/api/users', user);
  const { token } = await serverCall<{ token: string }>(server.url, null, 'POST', '/api/users/login', { username: user.username, password: user.password });
  const me = await serverCall<{ id: string }>(server.url, token, 'GET', '/api/users/me');
  for (let n = 1; n <= COUNT; n++) {
    const game = await serverCall<{ id: string }>(server.url, token, 'POST', '/api/games', {
      podId: null,
      requiresVerification: false,
      status: 'ACTIVE',
      participants: [
        { seatNumber: 0, role: 'self', displayName: user.username, userId: me.id, deckName: 'Vampires', commanderName: 'Edgar Markov' },
        { seatNumber: 1, role: 'guest', displayName: guest(n), guestName: guest(n), accountEmail: `guest${n}@example.test`, deckName: 'Elves', commanderName: 'Lathril' },
      ],
    });
    await serverCall(server.url, token, 'PUT', `/api/games/${game.id}`, { status: 'FINISHED', result: { winnerSeat: 0 } });
  }

  proxy = await startLoopbackProxy({ targetPort: server.port });
  const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await waitForServiceWorker(page);
  await page.goto('/games');

  // The first pull brought the newest 100.
  await expect(pastItem(page, COUNT)).toBeVisible();
  await expect(past(page)).toHaveCount(100);
  await expect(pastItem(page, 31)).toHaveCount(1);
  await expect(pastItem(page, 30)).toHaveCount(0);

  // To the end of the list: the next page arrives below, and the game that was last stays where it was on screen.
  // Scrolled and measured in one go in the page: the row's observer, and the page, come after.
  const before = await page.evaluate(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight });
    const last = [...document.querySelectorAll('[aria-labelledby="history-past-title"] a')].at(-1)!;
    return { top: last.getBoundingClientRect().top, href: last.getAttribute('href')! };
  });
  await expect(past(page)).toHaveCount(125, { timeout: 60_000 });
  const after = (await page.locator(`a[href="${before.href}"]`).boundingBox())!;
  expect(Math.abs(after.y - before.top), 'the game that was last stays where it was').toBeLessThanOrEqual(2);

  // The network goes: what the device holds stays, and the end row says the rest needs a connection.
  await proxy.cut();
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await expect(page.getByText("Older games load when you're online.")).toBeVisible({ timeout: 60_000 });
  await expect(past(page)).toHaveCount(125);
  await expect(page.getByRole('button', { name: 'Load older games' })).toHaveCount(0);

  // Back online (the live socket reopens): the rest comes, then the true end.
  await proxy.restore();
  await expect(past(page)).toHaveCount(COUNT, { timeout: 90_000 });
  await expect(page.getByText('No older games.')).toBeVisible();
  await expect(pastItem(page, 1)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Load older games' })).toHaveCount(0);

  // Offline after a reload: every game still shows, and so does the end.
  await proxy.cut();
  await page.reload();
  await expect(pastItem(page, COUNT)).toBeVisible();
  await expect(past(page)).toHaveCount(COUNT);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await expect(pastItem(page, 1)).toBeVisible();
  await expect(page.getByText('No older games.')).toBeVisible();
  await context.close();
});
