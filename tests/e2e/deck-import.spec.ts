/**
 * Deck import and export end to end: a list pasted from Moxfield becomes a deck with
 * its commanders (checked by the server's card search, here a local stand-in for Scryfall),
 * lines not understood are listed by number, the deck is exported back as text (copy and .txt
 * download), and an import with no signal is saved through the outbox and reaches the server.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startCardService, type FakeCardService } from '../server/card-service';
import { expect, registerAndLogin, test as base, uniqueUser, waitForServiceWorker } from './fixtures';
import { ServerProcess } from './server-process';

const test = base.extend<object, { cards: FakeCardService; server: ServerProcess }>({
  cards: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const cards = await startCardService();
      await use(cards);
      await cards.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ cards }, use) => {
      const server = new ServerProcess({ CARD_API_URL: cards.url });
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

const MOXFIELD_LIST = `Commander
1 tymna the weaver (C16) 48
1 Thrasios, Triton Hero (C16) 46 *F*

Deck
1 Sol Ring (C21) 263
1 Arcane Signet (CMM) 378
30 Island (UNF) 236
Rhystic Study

SIDEBOARD:
1 Smothering Tithe (RNA) 22
`;

interface StoredDeck {
  name: string;
  commander: string | null;
  hasPartner: boolean;
  partnerCommander: string | null;
  cards: Array<{ quantity: number; name: string }>;
}

async function serverDecks(page: Page, baseURL: string): Promise<StoredDeck[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return (await fetch(`${baseURL}/api/decks`, { headers: { Authorization: `Bearer ${token}` } })).json();
}

async function openDecks(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Decks' }).click();
  await expect(page.getByRole('heading', { name: 'Your decks' })).toBeVisible();
}

async function importList(page: Page, list: string) {
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a deck' });
  await dialog.getByLabel('Deck list or link').fill(list);
  await dialog.getByRole('button', { name: 'Check list' }).click();
  return dialog;
}

test('a list pasted from Moxfield becomes a deck with its partner commanders, and exports back', async ({ page, context, baseURL }) => {
  await registerAndLogin(page, uniqueUser('importer'));
  await openDecks(page);
  const dialog = await importList(page, MOXFIELD_LIST);

  const summary = dialog.getByRole('region', { name: 'What was read' });
  // The card search gave the commander its own spelling.
  await expect(summary.getByText('Tymna the Weaver // Thrasios, Triton Hero')).toBeVisible();
  await expect(summary.getByText('32 cards')).toBeVisible();
  await expect(summary.getByText('1 sideboard or maybeboard card was left out.')).toBeVisible();
  await expect(summary.getByRole('alert')).toContainText('Line 9: Rhystic Study — Not a card line');
  expect(await new AxeBuilder({ page }).include('[role="dialog"]').analyze().then((result) => result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))).toEqual([]);

  await dialog.getByLabel('Name').fill('Blue Farm');
  await dialog.getByRole('button', { name: 'Import deck' }).click();
  await expect(dialog).toBeHidden();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Blue Farm' }) });
  await expect(item.getByText('Tymna the Weaver // Thrasios, Triton Hero')).toBeVisible();
  await expect(item.getByText('32 cards')).toBeVisible();
  await expect(item.getByText('Pending')).toBeHidden();
  expect(await serverDecks(page, baseURL!)).toEqual([
    expect.objectContaining({
      name: 'Blue Farm',
      commander: 'Tymna the Weaver',
      hasPartner: true,
      partnerCommander: 'Thrasios, Triton Hero',
      cards: [
        { quantity: 1, name: 'Sol Ring' },
        { quantity: 1, name: 'Arcane Signet' },
        { quantity: 30, name: 'Island' },
      ],
    }),
  ]);

  const expected = 'Commander\n1 Tymna the Weaver\n1 Thrasios, Triton Hero\n\nDeck\n1 Sol Ring\n1 Arcane Signet\n30 Island\n';
  await page.getByRole('button', { name: 'Export Blue Farm' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export “Blue Farm”' });
  await expect(exportDialog.getByLabel('Deck list')).toHaveValue(expected);
  const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Download .txt' }).click()]);
  expect(download.suggestedFilename()).toBe('blue-farm.txt');
  expect(await readFile((await download.path())!, 'utf8')).toBe(expected);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await exportDialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Deck list copied.').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test('an import with no signal keeps the commander as typed and reaches the server when back online', async ({ page, context, baseURL }) => {
  await registerAndLogin(page, uniqueUser('offlineimp'));
  await waitForServiceWorker(page);
  await openDecks(page);
  await context.setOffline(true);
  const dialog = await importList(page, "1x Sol Ring\n1x K'rrik, Son of Yawgmoth *CMDR*\n1x Dark Ritual\n");
  await expect(dialog.getByText('The commanders could not be checked right now; they are kept as typed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import deck' }).click();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: "K'rrik, Son of Yawgmoth" }) });
  await expect(item.getByText('Pending')).toBeVisible();
  await expect(item.getByText('2 cards')).toBeVisible();

  await context.setOffline(false);
  await expect(item.getByText('Pending')).toBeHidden({ timeout: 20_000 });
  expect(await serverDecks(page, baseURL!)).toEqual([
    expect.objectContaining({ name: "K'rrik, Son of Yawgmoth", commander: "K'rrik, Son of Yawgmoth", cards: [{ quantity: 1, name: 'Sol Ring' }, { quantity: 1, name: 'Dark Ritual' }] }),
  ]);
});
