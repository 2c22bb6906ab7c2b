/**
 * Taps paint first: a life tap on the playmat of a 6-player game (badges, clocks and counters on
 * every tile) against a plain button, in Debian's Chromium at 360 × 640 with the CPU throttled
 * 4× (DevTools' mobile throttling, as Lighthouse does), the same page and run. Each latency is the tap's
 * click → the first frame painted after the change (a MutationObserver sees the text change,
 * then requestAnimationFrame, then a MessageChannel task, which runs after that frame's paint).
 * The reference is a plain DOM button whose click handler sets its own text: no React, no
 * mirror. Taps alternate between the two, spaced so each tap's write is done before the next
 * (a player taps a few times a second). Reported: p50 and p95 of each, and the p95 ratio.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { ensureChromium } from '../scripts/ensure-chromium';
import { percentile } from './stats';

export const TAPS = 100;
/** DevTools' mobile CPU throttling: a mid-range phone, as Lighthouse's mobile run. */
export const CPU_SLOWDOWN = 4;
/** Pause between taps: the recorded write of one tap settles before the next (tuned: ~5 taps/s). */
const PAUSE_MS = 200;

export interface TapPaintResult {
  reference: { p50: number; p95: number };
  playmat: { p50: number; p95: number };
  /** Click → the DOM changed (the script part of the tap), p50 of each. */
  commit: { reference: number; playmat: number };
}

interface Account {
  id: string;
  username: string;
  token: string;
  password: string;
}

async function createGame(baseUrl: string, me: Account): Promise<string> {
  const guests = ['Gus', 'Kim', 'Lou', 'Max', 'Nia'].map((name) => ({ role: 'guest', displayName: name, guestName: name, accountEmail: `${name.toLowerCase()}@example.test`, deckName: 'Deck', commanderName: 'Kenrith' }));
  const response = await fetch(`${baseUrl}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
    body: JSON.stringify({ participants: [{ role: 'self', displayName: me.username, userId: me.id, deckName: 'Vampires', commanderName: 'Edgar Markov' }, ...guests] }),
  });
  if (response.status !== 201) throw new Error(`create game answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * In the page: a plain reference button, and a recorder of click → painted-frame latencies for
 * both. Plain JavaScript source, not a function: the bench runs under tsx, whose helpers
 * (`__name`) do not exist in the page.
 */
const HARNESS = `(selector) => {
  window.__latencies = { reference: [], playmat: [] };
  window.__commits = { reference: [], playmat: [] };
  let started = null;
  const reference = document.createElement('button');
  reference.id = 'bench-reference';
  reference.textContent = '0';
  Object.assign(reference.style, { position: 'fixed', left: '8px', bottom: '8px', zIndex: '99', width: '60px', height: '44px' });
  reference.addEventListener('click', () => { reference.textContent = String(Number(reference.textContent) + 1); });
  document.body.append(reference);
  window.addEventListener('click', (event) => {
    started = { at: performance.now(), kind: event.target === reference ? 'reference' : 'playmat' };
  }, true);
  const painted = () => {
    if (!started) return;
    const { at, kind } = started;
    started = null;
    window.__commits[kind].push(performance.now() - at);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__latencies[kind].push(performance.now() - at);
      channel.port2.postMessage(0);
    });
  };
  const watch = { characterData: true, childList: true, subtree: true };
  new MutationObserver(painted).observe(reference, watch);
  new MutationObserver(painted).observe(document.querySelector(selector), watch);
}`;

async function installHarness(page: Page, lifeSelector: string): Promise<void> {
  await page.evaluate(`(${HARNESS})(${JSON.stringify(lifeSelector)})`);
}

async function samples(page: Page, kind: 'reference' | 'playmat'): Promise<number> {
  return page.evaluate(`window.__latencies[${JSON.stringify(kind)}].length`);
}

export async function tapPaint(baseUrl: string, me: Account): Promise<TapPaintResult> {
  ensureChromium();
  const gameId = await createGame(baseUrl, me);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill(me.username);
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.goto(`/game/${gameId}`);
    const life = page.getByRole('group', { name: `${me.username} life`, exact: true });
    await life.waitFor();
    const tile = page.getByRole('region', { name: me.username, exact: true });
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await installHarness(page, `section[data-seat="${await tile.getAttribute('data-seat')}"] .life-number`);
    // A tap on the half toward the centre (−1), where a player taps: its centre, clear of the ±5 buttons.
    const half = (await tile.getByRole('button', { name: `${me.username} life \u22121`, exact: true }).boundingBox())!;
    const reference = (await page.locator('#bench-reference').boundingBox())!;
    const targets = {
      playmat: { x: half.x + half.width / 2, y: half.y + half.height / 2 },
      reference: { x: reference.x + reference.width / 2, y: reference.y + reference.height / 2 },
    };
    for (let i = 0; i < TAPS * 2; i += 1) {
      const kind = i % 2 === 0 ? 'playmat' : 'reference';
      const before = await samples(page, kind);
      await page.mouse.click(targets[kind].x, targets[kind].y);
      // A function, not a string: the app's CSP (script-src 'self') refuses a string predicate's eval.
      await page.waitForFunction(
        ([which, count]) => (window as unknown as { __latencies: Record<string, number[]> }).__latencies[which]!.length > count,
        [kind, before] as const,
        { timeout: 30_000 },
      );
      await page.waitForTimeout(PAUSE_MS);
    }
    const latencies = (await page.evaluate('window.__latencies')) as Record<'reference' | 'playmat', number[]>;
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    };
    // Every tap counted once: 40 life less TAPS (a negative total is shown with U+2212).
    const left = 40 - TAPS;
    await page.getByRole('group', { name: `${me.username} life`, exact: true }).getByText(left < 0 ? `\u2212${-left}` : String(left), { exact: true }).waitFor();
    const commits = (await page.evaluate('window.__commits')) as Record<'reference' | 'playmat', number[]>;
    return {
      reference: stats(latencies.reference),
      playmat: stats(latencies.playmat),
      commit: { reference: stats(commits.reference).p50, playmat: stats(commits.playmat).p50 },
    };
  } finally {
    await browser.close();
  }
}
