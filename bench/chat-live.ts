/**
 * Chat figures in Chromium against the real server, as absolute times (the targets are times the
 * user waits, not ratios), each the p50 and max of its rounds:
 *
 * - unread arrives: a direct message POSTed by a friend → the Pods tab's unread badge shown on
 *   each of the receiver's two signed-in devices (a MutationObserver in each page stamps the
 *   moment; the page and this process read the same clock);
 * - unread clears: the laptop opens the conversation and shows the message (stamped there) →
 *   the badge gone on the phone (the laptop's read marker goes through its outbox, the server's
 *   change log and the phone's live socket);
 * - older page shown: in a pod chat of 50 + OLDER_PAGES × OLDER_MESSAGES_PAGE − 10 messages on a new
 *   device, scrolling to the top OLDER_PAGES times; each time, the older page's response fully
 *   received (resource timing's responseEnd) → the first frame painted with its messages.
 */
import { chromium, type Page } from '@playwright/test';
import { OLDER_MESSAGES_PAGE } from '../src/contract/social';
import { CHROMIUM_ARGS } from '../playwright.config';
import { ensureChromium } from '../scripts/ensure-chromium';
import { call, signIn } from './accounts';

export const UNREAD_ROUNDS = 10;
export const OLDER_PAGES = 10;

interface Account {
  id: string;
  username: string;
  token: string;
  password: string;
}

export interface Spread {
  p50: number;
  max: number;
  count: number;
}

export interface ChatLiveResult {
  unreadShown: Spread;
  unreadCleared: Spread;
  olderPageShown: Spread;
}


function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted[sorted.length - 1]!, count: sorted.length };
}

/**
 * In the page: stamps (Date.now()) every change of whether the Pods tab carries an unread badge,
 * into window.__badge = [{ at, unread }]. Plain JavaScript source: tsx's helpers do not exist in the page.
 */
const BADGE_WATCH = `() => {
  window.__badge = [];
  const link = () => document.querySelector('nav[aria-label="Main"] a[href="/pods"]');
  let last = null;
  const check = () => {
    const unread = /unread/.test(link()?.textContent ?? '');
    if (unread !== last) { last = unread; window.__badge.push({ at: Date.now(), unread }); }
  };
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  check();
}`;

/** Stamps the first moment `text` is in the page's messages list: window.__shown[text]. */
const TEXT_WATCH = `(text) => {
  window.__shown = window.__shown ?? {};
  const check = () => {
    if (window.__shown[text]) return;
    const list = document.querySelector('ol[aria-label^="Messages with"]');
    if (list && list.textContent.includes(text)) window.__shown[text] = Date.now();
  };
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  check();
}`;

/** The first stamp after `since` where the badge is `unread`. */
async function badgeAt(page: Page, unread: boolean, since: number): Promise<number> {
  const handle = await page.waitForFunction(
    ([wanted, after]) => (window as unknown as { __badge: Array<{ at: number; unread: boolean }> }).__badge.find((mark) => mark.unread === wanted && mark.at >= after)?.at,
    [unread, since] as const,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}


async function unreadRounds(baseUrl: string, phone: Page, laptop: Page, me: Account, friend: Account) {
  const shown: number[] = [];
  const cleared: number[] = [];
  for (const page of [phone, laptop]) await page.evaluate(`(${BADGE_WATCH})()`);
  for (let round = 0; round <= UNREAD_ROUNDS; round += 1) {
    // Both devices away from the conversation, on the dashboard (an in-app navigation).
    for (const page of [phone, laptop]) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Home/ }).click();
    const text = `round ${round} ${Date.now()}`;
    const sentAt = Date.now();
    await call(baseUrl, friend, 'POST', '/api/direct-messages/send', { receiverId: me.id, content: text });
    const [onPhone, onLaptop] = await Promise.all([badgeAt(phone, true, sentAt), badgeAt(laptop, true, sentAt)]);
    // The laptop opens the conversation as a user does (no reload: the watches stay).
    await laptop.evaluate(`(${TEXT_WATCH})(${JSON.stringify(text)})`);
    await laptop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Pods/ }).click();
    await laptop.getByRole('tab', { name: 'Messages' }).click();
    await laptop.getByRole('button', { name: new RegExp(friend.username) }).first().click();
    const readAt = (await (await laptop.waitForFunction((wanted) => (window as unknown as { __shown: Record<string, number> }).__shown[wanted], text, { timeout: 60_000, polling: 50 })).jsonValue()) as number;
    const clearedOnPhone = await badgeAt(phone, false, readAt - 1);
    if (round === 0) continue; // warm-up
    shown.push(onPhone - sentAt, onLaptop - sentAt);
    cleared.push(Math.max(0, clearedOnPhone - readAt));
  }
  return { shown, cleared };
}

/** Paint stamps of older pages: responseEnd of each `before=` read, and the frame after its messages appear. */
const OLDER_WATCH = `() => {
  window.__older = { arrived: [], painted: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (/\\/messages\\?.*before=/.test(entry.name)) window.__older.arrived.push(performance.timeOrigin + entry.responseEnd);
  }).observe({ type: 'resource', buffered: false });
  const first = () => document.querySelector('.message-thread li:not([aria-hidden="true"])')?.textContent ?? '';
  let shown = first();
  new MutationObserver(() => {
    const now = first();
    if (now === shown) return;
    shown = now;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__older.painted.push(performance.timeOrigin + performance.now());
      channel.port2.postMessage(0);
    });
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}`;

/** The first pull's 50, then OLDER_PAGES pages, the last one short (so it is known to be the beginning). */
const OLDER_TOTAL = 50 + OLDER_PAGES * OLDER_MESSAGES_PAGE - 10;
const older = (n: number) => `old ${String(n).padStart(4, '0')}`;

/** A pod chat longer than the first pull's page by OLDER_PAGES pages, written before any device signs in. */
async function longPod(baseUrl: string, me: Account): Promise<string> {
  const pod = await call<{ id: string }>(baseUrl, me, 'POST', '/api/pods', { name: 'Bench Long Pod' });
  for (let n = 1; n <= OLDER_TOTAL; n += 1) await call(baseUrl, me, 'POST', `/api/pods/${pod.id}/messages`, { content: older(n) });
  return pod.id;
}

async function olderPages(page: Page, podId: string): Promise<number[]> {
  const pod = { id: podId };
  const total = OLDER_TOTAL;
  await page.goto(`/pods?tab=pods&pod=${pod.id}`);
  await page.getByText(older(total)).waitFor();
  // The first pull's 50 are in (its rest landed: until then scrolling up waits for the rest, not a page).
  await page.getByText(older(total - 49)).waitFor({ state: 'attached' });
  await page.evaluate(`(${OLDER_WATCH})()`);
  const latencies: number[] = [];
  for (let n = 0; n < OLDER_PAGES; n += 1) {
    const painted = (await page.evaluate('window.__older.painted.length')) as number;
    await page.locator('.message-thread').evaluate((element) => element.scrollTo({ top: 0 }));
    await page.waitForFunction((count) => (window as unknown as { __older: { painted: number[] } }).__older.painted.length > count, painted as number, { timeout: 60_000 });
    const { arrived, painted: paints } = (await page.evaluate('window.__older')) as { arrived: number[]; painted: number[] };
    const arrival = arrived[arrived.length - 1];
    if (arrival === undefined) throw new Error('an older page was shown without a read from the server');
    latencies.push(paints[paints.length - 1]! - arrival);
  }
  await page.getByText('Beginning of the conversation').waitFor();
  return latencies;
}

export async function chatLive(baseUrl: string, me: Account, friend: Account): Promise<ChatLiveResult> {
  ensureChromium();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const device = async (width: number, height: number) => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await signIn(page, me);
      return page;
    };
    const podId = await longPod(baseUrl, me);
    const phone = await device(360, 640);
    const laptop = await device(1280, 800);
    const { shown, cleared } = await unreadRounds(baseUrl, phone, laptop, me, friend);
    const newDevice = await device(360, 640);
    const pages = await olderPages(newDevice, podId);
    return { unreadShown: spread(shown), unreadCleared: spread(cleared), olderPageShown: spread(pages) };
  } finally {
    await browser.close();
  }
}
