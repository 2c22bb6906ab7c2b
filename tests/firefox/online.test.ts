/**
 * The core journeys in Firefox ESR, online: signing in, a direct message arriving live in the
 * other person's open conversation, and a playmat tap that survives a reload. One server for the
 * file (the built app from dist/), a fresh Firefox profile per test.
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { ServerProcess } from '../e2e/server-process';
import { api, logIn, newAccount, storedDirectMessages } from './accounts';
import { click, fill, waitFor, waitUntil } from './dom';
import { launchFirefox, newPerson, runCleanups, WAIT_MS } from './firefox';

/** U+2212: the playmat's minus sign. */
const MINUS = '\u2212';

const server = new ServerProcess();
beforeAll(() => server.start());
afterAll(() => server.dispose());
afterEach(runCleanups);

test('signing in on the login page opens the dashboard, and the session survives a reload', async () => {
  const account = await newAccount(server.url, 'fox');
  const browser = await launchFirefox();
  const { page } = await newPerson(browser, false);

  await logIn(page, server.url, account);
  await waitFor(page, { text: account.username, within: 'main' });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.reload();
  await waitFor(page, { text: account.username, within: 'main' });
  expect(new URL(page.url()).pathname).toBe('/dashboard');
});

test("a direct message arrives live in the other person's open conversation", async () => {
  const [ann, ben] = await Promise.all([newAccount(server.url, 'ann'), newAccount(server.url, 'ben')]);
  const browser = await launchFirefox();
  const a = await newPerson(browser);
  const b = await newPerson(browser);
  await logIn(a.page, server.url, ann);
  await logIn(b.page, server.url, ben);

  // Ben has his conversation with Ann open (where a notification's click lands).
  await b.page.goto(`${server.url}/pods?tab=messages&peer=${ann.id}`);
  await waitFor(b.page, { text: 'No messages yet.' });
  await b.page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));

  // Ann finds Ben and writes to him.
  await a.page.goto(`${server.url}/pods?tab=messages`);
  await fill(a.page, 'Search users', ben.username);
  await click(a.page, { button: `Message ${ben.username}` });
  await fill(a.page, 'Message', 'Are we still on for Friday?');
  await click(a.page, { button: 'Send' });

  await waitFor(b.page, { text: 'Are we still on for Friday?', within: 'ol[aria-label^="Messages with"]' });
  // The same page, not a reload, shows it.
  expect(await b.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await storedDirectMessages(server.url, ben, ann)).toEqual(['Are we still on for Friday?']);
});

test('a playmat tap changes the life shown, reaches the server, and survives a reload', async () => {
  const account = await newAccount(server.url, 'tap');
  const game = await api<{ id: string }>(
    server.url,
    'POST',
    '/api/games',
    {
      requiresVerification: false,
      status: 'ACTIVE',
      participants: [
        { seatNumber: 1, role: 'self', displayName: account.username, userId: account.id, deckName: 'Vampires', commanderName: 'Edgar Markov' },
        { seatNumber: 2, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'gus@example.test', deckName: 'Giants', commanderName: 'Kenrith' },
      ],
    },
    account.token,
  );
  const browser = await launchFirefox();
  const { page } = await newPerson(browser, false);
  await logIn(page, server.url, account);

  const lifeShown = (expected: string) =>
    waitUntil(
      page,
      `${account.username}'s life shows ${expected}`,
      ({ group, value }) => document.querySelector(`[role="group"][aria-label="${group}"] .life-number`)?.textContent?.trim() === value,
      { group: `${account.username} life`, value: expected },
    );
  await page.goto(`${server.url}/game/${game.id}`);
  await lifeShown('40');
  await click(page, { button: `${account.username} life ${MINUS}1` });
  await lifeShown('39');

  const storedLife = async () => {
    const stored = await api<{ participants: Array<{ userId: string | null; lifeTotal: number }> }>(server.url, 'GET', `/api/games/${game.id}`, undefined, account.token);
    return stored.participants.find((participant) => participant.userId === account.id)?.lifeTotal;
  };
  await expect.poll(storedLife, { timeout: WAIT_MS, interval: 200 }).toBe(39);

  await page.reload();
  await lifeShown('39');
  expect(await storedLife()).toBe(39);
});
