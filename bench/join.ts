/**
 * Joining a table by its link: a signed-in phone opens `/join/<code>` (a full page load, as a
 * scanned QR code is), takes the free seat, and is on the playmat in that seat — its own tile
 * shown with its life. The reference, in the same run and the same browser: an existing
 * participant opening the same game at `/game/<id>` (a full page load too) until the joiner's
 * tile is on their table. JOINS rounds, each with a new game and code, the two measured one
 * after the other; reported as the p50 of each and their ratio. Chromium at 360 × 640.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { ensureChromium } from '../scripts/ensure-chromium';
import { call, signIn } from './accounts';
import { percentile } from './stats';

export const JOINS = 20;

interface Account {
  id: string;
  username: string;
  token: string;
  password: string;
}


/** A game of the host and one free guest seat ("Gus"), and its join code. */
async function openTable(baseUrl: string, host: Account): Promise<{ gameId: string; code: string }> {
  const game = await call<{ id: string }>(baseUrl, host, 'POST', '/api/games', {
    podId: null,
    requiresVerification: false,
    status: 'ACTIVE',
    startTime: new Date().toISOString(),
    participants: [
      { seatNumber: 0, role: 'self', displayName: host.username, userId: host.id, deckName: 'Vampires', commanderName: 'Edgar Markov' },
      { seatNumber: 1, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'gus@example.test', deckName: 'Borrowed', commanderName: 'Tymna' },
    ],
  });
  const { code } = await call<{ code: string }>(baseUrl, host, 'POST', `/api/games/${game.id}/join-code`);
  return { gameId: game.id, code };
}


const lifeOf = (page: Page, name: string) => page.getByRole('region', { name, exact: true }).locator('.life-number');

async function timed(step: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await step();
  return performance.now() - started;
}

export interface JoinResult {
  join: { p50: number; min: number; max: number };
  open: { p50: number; min: number; max: number };
}

export async function joinBench(baseUrl: string, host: Account, joiner: Account): Promise<JoinResult> {
  ensureChromium();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const phone = async (who: Account) => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 640 } });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await signIn(page, who);
      return page;
    };
    const [hostPage, joinerPage] = [await phone(host), await phone(joiner)];
    const joins: number[] = [];
    const opens: number[] = [];
    // One round more than counted: the first warms both pages' worker and caches.
    for (let round = 0; round <= JOINS; round += 1) {
      const { gameId, code } = await openTable(baseUrl, host);
      const join = await timed(async () => {
        await joinerPage.goto(`/join/${code}`);
        await joinerPage.getByRole('button', { name: 'Take seat 2: Gus' }).click();
        await lifeOf(joinerPage, joiner.username).getByText('40', { exact: true }).waitFor();
      });
      if (!joinerPage.url().endsWith(`/game/${gameId}`)) throw new Error(`the joiner landed on ${joinerPage.url()}`);
      const open = await timed(async () => {
        await hostPage.goto(`/game/${gameId}`);
        await lifeOf(hostPage, joiner.username).getByText('40', { exact: true }).waitFor();
      });
      if (round > 0) {
        joins.push(join);
        opens.push(open);
      }
    }
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), min: sorted[0]!, max: sorted[sorted.length - 1]! };
    };
    return { join: stats(joins), open: stats(opens) };
  } finally {
    await browser.close();
  }
}
