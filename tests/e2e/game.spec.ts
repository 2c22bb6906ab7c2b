/**
 * The game end to end (the spec's screens, states and transitions, validation rules and
 * business constants): the new game wizard (custom table, guests,
 * layout page), the playmat (life, counters, commander damage, turns, recent events), what the
 * server stores, a guest's claim link, live updates between accounts, and offline play — one
 * device offline from the wizard on, and two devices editing the same game offline.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { befriend, expect, registerAndLogin, test, uniqueUser, waitForServiceWorker } from './fixtures';
import { maskEmail } from '../../src/contract/masked-email';

type Account = ReturnType<typeof uniqueUser>;
type Person = Account & { context: BrowserContext; page: Page };

/** U+2212: the playmat's and the log's minus sign (src/game/events.ts `total`). */
const MINUS = '\u2212';

interface ServerParticipant {
  seatNumber: number;
  role: string;
  displayName: string;
  userId: string | null;
  accountEmail: string | null;
  lifeTotal: number;
  poisonCounters: number;
  energyCounters: number;
  experienceCounters: number;
  commanderDamage: Record<string, number>;
}
interface ServerGame {
  id: string;
  status: string;
  activeSeat: number;
  turnNumber: number;
  participants: ServerParticipant[];
  events: { text: string }[];
}

async function person(browser: Browser, baseURL: string, prefix: string): Promise<Person> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const user = uniqueUser(prefix);
  await registerAndLogin(page, user);
  return { ...user, context, page };
}

/** An account that exists on the server (POST /api/users), never signed in in a browser. */
async function registerViaApi(baseURL: string, prefix: string): Promise<Account> {
  const user = uniqueUser(prefix);
  const response = await fetch(`${baseURL}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  expect(response.status).toBe(202);
  return user;
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

/** Two signed-in people made friends (fixtures.ts `befriend`), so the game seats both. */
async function befriendPeople(baseURL: string, a: Person, b: Person): Promise<void> {
  const me = async (token: string) => (await (await fetch(`${baseURL}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string };
  const tokenB = await tokenOf(b.page);
  await befriend(baseURL, { token: await tokenOf(a.page) }, { token: tokenB, id: (await me(tokenB)).id });
}

/** GET /api/games/:id as the user: the game, or null while the server does not have it (404). */
async function serverGame(baseURL: string, token: string, id: string): Promise<ServerGame | null> {
  const response = await fetch(`${baseURL}/api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  return (await response.json()) as ServerGame;
}

/** The counters of a server game, per seat, in a form that compares in one assertion. */
function totals(game: ServerGame | null) {
  if (!game) return null;
  return {
    activeSeat: game.activeSeat,
    turnNumber: game.turnNumber,
    seats: game.participants.map((p) => ({
      seat: p.seatNumber,
      life: p.lifeTotal,
      poison: p.poisonCounters,
      energy: p.energyCounters,
      experience: p.experienceCounters,
      commanderDamage: p.commanderDamage,
    })),
  };
}

function seatTotals(seat: number, values: Partial<{ life: number; poison: number; commanderDamage: Record<string, number> }> = {}) {
  return { seat, life: 40, poison: 0, energy: 0, experience: 0, commanderDamage: {}, ...values };
}

// ----- The wizard -----------------------------------------------------------------------------

async function openCustomTable(page: Page, seats: number) {
  await page.goto('/game/setup');
  await page.getByRole('button', { name: 'Build a Custom Table' }).click();
  await expect(page.getByRole('heading', { name: 'Build a Custom Table' })).toBeVisible();
  await page.getByLabel('Seats').selectOption(String(seats));
}

async function addFromSearch(page: Page, username: string) {
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: `Add ${username}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Remove ${username}`, exact: true })).toBeVisible();
}

async function addGuest(page: Page, guest: { name: string; commander: string; email: string }) {
  await page.getByRole('tab', { name: 'Guest' }).click();
  const form = page.getByRole('form', { name: 'Add a guest' });
  await form.getByLabel('Guest name').fill(guest.name);
  await form.getByLabel('Commander', { exact: true }).fill(guest.commander);
  await form.getByLabel('Guest email').fill(guest.email);
  await form.getByRole('button', { name: 'Add guest' }).click();
  await expect(page.getByRole('button', { name: `Remove ${guest.name}`, exact: true })).toBeVisible();
}

/** On the layout page: a player's deck name and (unless a guest brought one) commander. */
async function setUpPlayer(page: Page, name: string, setup: { deck: string; commander?: string }) {
  const fieldset = page.getByRole('group', { name: new RegExp(`^Seat \\d+ ${name} \\(`) });
  await fieldset.getByLabel('Deck name').fill(setup.deck);
  if (setup.commander) {
    await fieldset.getByRole('button', { name: `Choose commander for ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Commander', { exact: true }).fill(setup.commander);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(fieldset).toContainText(`Commander: ${setup.commander}`);
  }
}

/** Start game → /game/<uuid>; returns the id. */
async function startGame(page: Page, firstPlayer: string): Promise<string> {
  await page.getByLabel('First player').selectOption({ label: firstPlayer });
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/game\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Playmat' })).toBeAttached();
  return id;
}

/** A custom table of the signed-in user (first player) and others found by Search. */
async function gameWith(page: Page, me: string, others: string[]): Promise<string> {
  await openCustomTable(page, others.length + 1);
  for (const other of others) await addFromSearch(page, other);
  await expect(page.getByText('Every seat is taken.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/game\/layout$/);
  await setUpPlayer(page, me, { deck: 'Vampires', commander: 'Edgar Markov' });
  for (const [i, other] of others.entries()) await setUpPlayer(page, other, { deck: `Deck ${i + 1}`, commander: `Commander ${i + 1}` });
  return startGame(page, me);
}

// ----- The playmat ----------------------------------------------------------------------------

const tile = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The number a tile's life or a counter shows ('35', or '−5' with U+2212). */
const shown = (page: Page, group: string) => page.getByRole('group', { name: group, exact: true }).locator('.life-number, .stepper-value');

async function tap(page: Page, button: string, times = 1) {
  for (let i = 0; i < times; i += 1) await page.getByRole('button', { name: button, exact: true }).click();
}

async function openCounters(page: Page, name: string) {
  await page.getByRole('button', { name: `${name} counters`, exact: true }).click();
  await expect(page.getByRole('region', { name: `${name} counters`, exact: true })).toBeVisible();
}

async function closeCounters(page: Page, name: string) {
  await page.getByRole('button', { name: `Close ${name} counters`, exact: true }).click();
  await expect(page.getByRole('region', { name: `${name} counters`, exact: true })).toHaveCount(0);
}

/** Opens the 'Recent events' sheet from the game menu, checks its items (newest first), and closes it. */
async function expectEvents(page: Page, texts: string[]) {
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: 'Recent events' }).click();
  const items = page.getByRole('list', { name: 'Recent events, newest first' }).getByRole('listitem');
  await expect(items).toHaveCount(texts.length);
  // Each item is its text and a time: compare the text part, newest first.
  await expect(items.locator('.event-text')).toHaveText(texts);
  await page.getByRole('dialog', { name: 'Recent events' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

// ----- The tests ------------------------------------------------------------------------------

test('a custom table of 4 with a guest: wizard → layout → playmat → the server holds the same game → the guest claims it', async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  const me = uniqueUser('host');
  await registerAndLogin(page, me);
  const bea = await registerViaApi(baseURL, 'bea');
  const cal = await registerViaApi(baseURL, 'cal');
  const guest = { name: 'Gus', commander: 'Thrasios', email: `gus${Date.now().toString(36)}@example.test` };

  await openCustomTable(page, 4);
  await expect(page.getByRole('heading', { name: 'Players at the table (1/4)' })).toBeVisible();
  await expect(page.getByText('Add 3 more player(s) to continue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await addFromSearch(page, bea.username);
  await addFromSearch(page, cal.username);
  await addGuest(page, guest);
  await expect(page.getByRole('heading', { name: 'Players at the table (4/4)' })).toBeVisible();
  await expect(page.getByText('Every seat is taken.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/game\/layout$/);
  // Start game without commanders and decks: the spec's messages, and no game.
  await page.getByLabel('First player').selectOption({ label: me.username });
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page.getByRole('alert')).toHaveText('Resolve the highlighted issues to start the game.');
  await expect(page).toHaveURL(/\/game\/layout$/);
  const myFieldset = page.getByRole('group', { name: new RegExp(`^Seat 1 ${me.username} \\(`) });
  await expect(myFieldset).toContainText('Commander name is required.');
  await expect(myFieldset).toContainText('Provide a deck selection.');
  // The guest's commander and e-mail came from the guest form; the deck is still missing.
  const guestFieldset = page.getByRole('group', { name: /^Seat 4 Gus \(/ });
  await expect(guestFieldset).toContainText('Commander: Thrasios');
  await expect(guestFieldset.getByLabel('Guest email')).toHaveValue(guest.email);

  await setUpPlayer(page, me.username, { deck: 'Vampires', commander: 'Edgar Markov' });
  await setUpPlayer(page, bea.username, { deck: 'Giants', commander: 'Kenrith' });
  await setUpPlayer(page, cal.username, { deck: 'Graveyard', commander: 'Muldrotha' });
  await setUpPlayer(page, guest.name, { deck: 'Blue-green' });
  const id = await startGame(page, me.username);

  // Seat order is the order players joined; the first player is active.
  for (const name of [me.username, bea.username, cal.username, guest.name]) await expect(shown(page, `${name} life`)).toHaveText('40');
  await expect(tile(page, me.username)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[aria-current="true"]')).toHaveCount(1);

  await tap(page, `${bea.username} life ${MINUS}5`);
  await expect(shown(page, `${bea.username} life`)).toHaveText('35');

  await openCounters(page, cal.username);
  await tap(page, `${cal.username} poison +1`);
  await expect(shown(page, `${cal.username} poison`)).toHaveText('1');
  await closeCounters(page, cal.username);
  await expect(tile(page, cal.username)).toContainText('Poison 1');

  // Commander damage from Bea's Kenrith to the guest: 3, and 3 life lost with it (rule 903.10).
  await openCounters(page, guest.name);
  const fromKenrith = `${guest.name} commander damage from ${bea.username}'s Kenrith`;
  await tap(page, `${fromKenrith} +1`, 3);
  await expect(shown(page, fromKenrith)).toHaveText('3');
  await closeCounters(page, guest.name);
  await expect(shown(page, `${guest.name} life`)).toHaveText('37');
  await expect(tile(page, guest.name)).toContainText(`Commander damage from ${bea.username}'s Kenrith: 3`);

  await page.getByRole('button', { name: 'Pass turn' }).click();
  await expect(tile(page, bea.username)).toHaveAttribute('aria-current', 'true');
  await expect(tile(page, me.username)).not.toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(page.getByText(`Turn 2 · ${bea.username}`)).toBeVisible();

  const expectedEvents = [
    `Turn passed to ${bea.username}`,
    `${guest.name} took 1 commander damage from ${bea.username}\u2019s Kenrith`,
    `${guest.name} took 1 commander damage from ${bea.username}\u2019s Kenrith`,
    `${guest.name} took 1 commander damage from ${bea.username}\u2019s Kenrith`,
    `${cal.username}: poison +1 (1)`,
    `${bea.username}: life ${MINUS}5 (35)`,
  ];
  // The sheet reads three taps of the same change in one turn as one line; the log keeps all three.
  await expectEvents(page, [
    `Turn passed to ${bea.username}`,
    `${guest.name} took 3 commander damage from ${bea.username}\u2019s Kenrith`,
    `${cal.username}: poison +1 (1)`,
    `${bea.username}: life ${MINUS}5 (35)`,
  ]);
  await expect(page.getByText('Synced')).toBeVisible({ timeout: 15_000 });

  // What the server stored: the same totals, turn and log.
  const token = await tokenOf(page);
  await expect
    .poll(async () => totals(await serverGame(baseURL, token, id)), { message: 'the server game has every change', timeout: 15_000 })
    .toEqual({
      activeSeat: 1,
      turnNumber: 2,
      seats: [
        seatTotals(0),
        seatTotals(1, { life: 35 }),
        seatTotals(2, { poison: 1 }),
        seatTotals(3, { life: 37, commanderDamage: { '1:commander': 3 } }),
      ],
    });
  const stored = (await serverGame(baseURL, token, id))!;
  expect(stored.status).toBe('ACTIVE');
  expect(stored.events.map((event) => event.text)).toEqual(expectedEvents);
  expect(stored.participants.map((p) => [p.role, p.displayName])).toEqual([
    ['self', me.username],
    ['friend', bea.username],
    ['friend', cal.username],
    ['guest', guest.name],
  ]);
  expect(stored.participants[3]!.userId).toBeNull();
  // The creator reads the guest's address masked; the full one went to the claim only.
  expect(stored.participants[3]!.accountEmail).toBe(maskEmail(guest.email));

  // The guest's claim mail (sent in the background): a link APP_URL/claim/<token>.
  const mailTo = () => server.mails().find((text) => text.includes(guest.email));
  await expect.poll(() => mailTo() !== undefined, { message: 'a claim mail in DATA_DIR/outbox' }).toBe(true);
  const link = mailTo()!
    .replace(/=\r?\n/g, '')
    .match(/https?:\/\/[^\s"<>]+\/claim\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeDefined();
  expect(new URL(link!).origin).toBe(baseURL);

  // Someone with a new account opens it: they take the guest's seat and land on the game.
  const dee = await person(browser, baseURL, 'dee');
  await dee.page.goto(new URL(link!).pathname);
  await expect(dee.page).toHaveURL(new RegExp(`/game/${id}$`));
  await expect(tile(dee.page, dee.username)).toBeVisible();
  await expect(shown(dee.page, `${dee.username} life`)).toHaveText('37');
  await expect(shown(dee.page, `${bea.username} life`)).toHaveText('35');
  await expect(tile(dee.page, guest.name)).toHaveCount(0);

  const deeToken = await tokenOf(dee.page);
  const deeId = (await (await fetch(`${baseURL}/api/users/me`, { headers: { Authorization: `Bearer ${deeToken}` } })).json()).id as string;
  const claimed = (await serverGame(baseURL, deeToken, id))!;
  expect(claimed.participants[3]).toMatchObject({ seatNumber: 3, role: 'guest', userId: deeId, displayName: dee.username, accountEmail: null, lifeTotal: 37 });
  const deeGames = (await (await fetch(`${baseURL}/api/games`, { headers: { Authorization: `Bearer ${deeToken}` } })).json()) as ServerGame[];
  expect(deeGames.map((game) => game.id)).toContain(id);
  // The host's playmat follows live: the seat now carries Dee's name.
  await expect(tile(page, dee.username)).toBeVisible();

  // The link works once.
  const again = await fetch(`${baseURL}/api/games/claim/${new URL(link!).pathname.split('/').pop()}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${deeToken}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(again.status).toBeGreaterThanOrEqual(400);
  await dee.context.close();
});

test('taps followed at once by a reload (before their writes could start) are kept, and reach the server once', async ({ page, baseURL }) => {
  const me = uniqueUser('hasty');
  await registerAndLogin(page, me);
  const token = await tokenOf(page);
  const meId = ((await (await fetch(`${baseURL}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string }).id;
  const created = await fetch(`${baseURL}/api/games`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      requiresVerification: false,
      status: 'ACTIVE',
      participants: [
        { seatNumber: 1, role: 'self', displayName: me.username, userId: meId, deckName: 'Vampires', commanderName: 'Edgar Markov' },
        { seatNumber: 2, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'gus@example.test', deckName: 'Giants', commanderName: 'Kenrith' },
      ],
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/game/${id}`);
  await expect(shown(page, `${me.username} life`)).toHaveText('40');

  // Two taps and a reload in one task: a tap's write waits for its frame, which never comes.
  await page.evaluate((label) => {
    const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
    button.click();
    button.click();
    location.reload();
  }, `${me.username} life ${MINUS}1`);
  await expect(shown(page, `${me.username} life`)).toHaveText('38');
  await expect
    .poll(async () => (await serverGame(baseURL, token, id))?.participants.find((p) => p.userId === meId)?.lifeTotal, { message: 'both taps reach the server', timeout: 20_000 })
    .toBe(38);
  const stored = (await serverGame(baseURL, token, id))!;
  expect(stored.events.map((event) => event.text)).toEqual([`${me.username}: life ${MINUS}1 (38)`, `${me.username}: life ${MINUS}1 (39)`]);
});

test('a game played with the network off from the wizard on reaches the server with exactly its totals', async ({ page, context, baseURL }) => {
  const me = uniqueUser('off');
  await registerAndLogin(page, me);
  await page.goto('/game/setup');
  await expect(page.getByRole('button', { name: 'Build a Custom Table' })).toBeVisible();
  await waitForServiceWorker(page);
  const token = await tokenOf(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Build a Custom Table' }).click();
  await page.getByLabel('Seats').selectOption('2');
  await page.getByRole('tab', { name: 'Search' }).click();
  await expect(page.getByText('Searching needs a connection.', { exact: false })).toBeVisible();
  const guest = { name: 'Olga', commander: 'Kenrith', email: 'olga@example.test' };
  await addGuest(page, guest);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/game\/layout$/);
  await setUpPlayer(page, me.username, { deck: 'Vampires', commander: 'Edgar Markov' });
  await setUpPlayer(page, guest.name, { deck: 'Giants' });
  const id = await startGame(page, me.username);

  await tap(page, `${me.username} life ${MINUS}5`, 2);
  await tap(page, `${me.username} life +1`);
  await expect(shown(page, `${me.username} life`)).toHaveText('31');
  await openCounters(page, guest.name);
  await tap(page, `${guest.name} poison +1`, 3);
  await expect(shown(page, `${guest.name} poison`)).toHaveText('3');
  await closeCounters(page, guest.name);
  await expect(page.getByText('Saved on this device')).toBeVisible();
  const expectedEvents = [
    `${guest.name}: poison +1 (3)`,
    `${guest.name}: poison +1 (2)`,
    `${guest.name}: poison +1 (1)`,
    `${me.username}: life +1 (31)`,
    `${me.username}: life ${MINUS}5 (30)`,
    `${me.username}: life ${MINUS}5 (35)`,
  ];
  // The sheet groups runs of the same change; the log (and the server) keep each one.
  const shownEvents = [`${guest.name}: poison +3 (3)`, `${me.username}: life +1 (31)`, `${me.username}: life ${MINUS}10 (30)`];
  await expectEvents(page, shownEvents);
  // Nothing left the device.
  expect(await serverGame(baseURL, token, id)).toBeNull();

  // Reloaded with no network, the playmat comes back from the mirror with the same totals.
  await page.reload();
  await expect(shown(page, `${me.username} life`)).toHaveText('31');
  await expect(shown(page, `${guest.name} life`)).toHaveText('40');
  await expect(tile(page, guest.name)).toContainText('Poison 3');
  await expect(tile(page, me.username)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('Saved on this device')).toBeVisible();
  await expectEvents(page, shownEvents);
  expect(await serverGame(baseURL, token, id)).toBeNull();

  await context.setOffline(false);
  await expect
    .poll(async () => totals(await serverGame(baseURL, token, id)), { message: 'the game and its changes reach the server', timeout: 20_000 })
    .toEqual({ activeSeat: 0, turnNumber: 1, seats: [seatTotals(0, { life: 31 }), seatTotals(1, { poison: 3 })] });
  const stored = (await serverGame(baseURL, token, id))!;
  expect(stored.events.map((event) => event.text)).toEqual(expectedEvents);
  expect(stored.participants.map((p) => [p.role, p.displayName, p.accountEmail])).toEqual([
    ['self', me.username, null],
    ['guest', guest.name, maskEmail(guest.email)],
  ]);
  await expect(page.getByText('Synced')).toBeVisible();
  await expect(shown(page, `${me.username} life`)).toHaveText('31');
});

test("another participant's playmat follows changes live, both ways, without a reload", async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'ana');
  const ben = await person(browser, baseURL, 'ben');
  await befriendPeople(baseURL!, ana, ben);
  const id = await gameWith(ana.page, ana.username, [ben.username]);

  await ben.page.goto(`/game/${id}`);
  await expect(shown(ben.page, `${ben.username} life`)).toHaveText('40');
  await expect(shown(ben.page, `${ana.username} life`)).toHaveText('40');
  await expect(tile(ben.page, ana.username)).toHaveAttribute('aria-current', 'true');
  // A mark on the window: it is gone if the page reloads.
  await ben.page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await ana.page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await tap(ana.page, `${ben.username} life ${MINUS}1`);
  await expect(shown(ana.page, `${ben.username} life`)).toHaveText('39');
  await expect(shown(ben.page, `${ben.username} life`)).toHaveText('39');
  await expectEvents(ben.page, [`${ben.username}: life ${MINUS}1 (39)`]);

  await tap(ben.page, `${ana.username} life ${MINUS}5`);
  await ben.page.getByRole('button', { name: 'Pass turn' }).click();
  await expect(shown(ana.page, `${ana.username} life`)).toHaveText('35');
  await expect(tile(ana.page, ben.username)).toHaveAttribute('aria-current', 'true');
  await expect(shown(ben.page, `${ben.username} life`)).toHaveText('39');

  const token = await tokenOf(ana.page);
  await expect
    .poll(async () => totals(await serverGame(baseURL, token, id)), { timeout: 15_000 })
    .toEqual({ activeSeat: 1, turnNumber: 2, seats: [seatTotals(0, { life: 35 }), seatTotals(1, { life: 39 })] });
  for (const { page } of [ana, ben]) expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await ana.context.close();
  await ben.context.close();
});

test('two devices edit the same game offline and both edits survive', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'amy');
  const ben = await person(browser, baseURL, 'bob');
  await befriendPeople(baseURL!, ana, ben);
  const id = await gameWith(ana.page, ana.username, [ben.username]);
  await ben.page.goto(`/game/${id}`);
  await expect(shown(ben.page, `${ana.username} life`)).toHaveText('40');
  await waitForServiceWorker(ana.page);
  await waitForServiceWorker(ben.page);
  await expect(ana.page.getByText('Synced')).toBeVisible();

  await ana.context.setOffline(true);
  await ben.context.setOffline(true);

  // Ana: poison on Ben, and one life off herself. Ben: five, then one, off Ana.
  await openCounters(ana.page, ben.username);
  await tap(ana.page, `${ben.username} poison +1`);
  await closeCounters(ana.page, ben.username);
  await tap(ana.page, `${ana.username} life ${MINUS}1`);
  await tap(ben.page, `${ana.username} life ${MINUS}5`);
  await tap(ben.page, `${ana.username} life ${MINUS}1`);
  await expect(shown(ana.page, `${ana.username} life`)).toHaveText('39');
  await expect(shown(ben.page, `${ana.username} life`)).toHaveText('34');
  await expect(tile(ben.page, ben.username)).not.toContainText('Poison');
  await expect(ana.page.getByText('Saved on this device')).toBeVisible();
  await expect(ben.page.getByText('Saved on this device')).toBeVisible();

  const token = await tokenOf(ana.page);
  expect(totals(await serverGame(baseURL, token, id))?.seats).toEqual([seatTotals(0), seatTotals(1)]);

  // Ana's device comes back first: the server has her edits only, then Ben's join them.
  await ana.context.setOffline(false);
  await expect
    .poll(async () => totals(await serverGame(baseURL, token, id))?.seats, { message: 'Ana’s edits reach the server', timeout: 20_000 })
    .toEqual([seatTotals(0, { life: 39 }), seatTotals(1, { poison: 1 })]);
  await expect(shown(ana.page, `${ana.username} life`)).toHaveText('39');
  await ben.context.setOffline(false);

  const both = { activeSeat: 0, turnNumber: 1, seats: [seatTotals(0, { life: 33 }), seatTotals(1, { poison: 1 })] };
  await expect.poll(async () => totals(await serverGame(baseURL, token, id)), { message: 'the server has both devices’ edits', timeout: 20_000 }).toEqual(both);
  for (const { page } of [ana, ben]) {
    await expect(shown(page, `${ana.username} life`)).toHaveText('33', { timeout: 20_000 });
    await expect(tile(page, ben.username)).toContainText('Poison 1');
    await expect(shown(page, `${ben.username} life`)).toHaveText('40');
    await expect(page.getByText('Synced')).toBeVisible();
  }
  const stored = (await serverGame(baseURL, token, id))!;
  // Four counter events, each device's once: the order between devices is the server's.
  const texts = stored.events.map((event) => event.text);
  expect(texts).toHaveLength(4);
  expect(texts).toContain(`${ben.username}: poison +1 (1)`);
  expect(texts.filter((text) => text.startsWith(`${ana.username}: life ${MINUS}1 (`))).toHaveLength(2);
  expect(texts.filter((text) => text.startsWith(`${ana.username}: life ${MINUS}5 (`))).toHaveLength(1);
  expect(texts[0]).toMatch(new RegExp(`\\(33\\)$`));
  await ana.context.close();
  await ben.context.close();
});
