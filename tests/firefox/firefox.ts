/**
 * Debian's Firefox ESR driven headless by puppeteer-core over WebDriver BiDi (no driver, nothing
 * downloaded; scripts/ensure-firefox.ts installs the browser). Every launch gets a fresh profile
 * directory of its own, removed on close: no service worker, cache or IndexedDB carries over.
 * `cleanups` closes what a test opened even when it fails (call `runCleanups` in afterEach).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { FIREFOX_PATH } from '../../scripts/ensure-firefox';

/** Generous: a busy 2-core machine, maybe shared with CI. Never asserted as a time. */
export const WAIT_MS = 90_000;

const cleanups: Array<() => Promise<void>> = [];

/** Runs `close` at the end of the current test (last registered, first run), failed or not. */
export function onCleanup(close: () => Promise<void>): void {
  cleanups.push(close);
}

export async function runCleanups(): Promise<void> {
  const errors: unknown[] = [];
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}

export async function launchFirefox(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'podtable-firefox-'));
  onCleanup(async () => rmSync(profile, { recursive: true, force: true }));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    headless: true,
    executablePath: FIREFOX_PATH,
    userDataDir: profile,
    defaultViewport: { width: 390, height: 844 },
    timeout: 120_000,
    protocolTimeout: 120_000,
    extraPrefsFirefox: {
      // No connection to Mozilla's push service (autopush) on a closed network; no test here
      // subscribes to Web Push.
      'dom.push.connection.enabled': false,
    },
  });
  onCleanup(async () => {
    await browser.close().catch(() => undefined);
  });
  return browser;
}

/**
 * A page in a window of its own: Firefox throttles a background tab hard (its timers, its input),
 * and two people side by side must both be in front. `own`: a user context of its own (cookies,
 * storage, service workers), for a second person in the same browser.
 */
export async function newPerson(browser: Browser, own = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = own ? await browser.createBrowserContext() : browser.defaultBrowserContext();
  const page = await context.newPage({ type: 'window' });
  page.setDefaultTimeout(WAIT_MS);
  page.setDefaultNavigationTimeout(WAIT_MS);
  return { context, page };
}
