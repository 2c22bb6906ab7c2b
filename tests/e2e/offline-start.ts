/**
 * The installed app opened from cold with no network, as a figure (e2e and `npm run bench`):
 * a signed-in user has seen their pod chat once online; then the server is stopped (the network
 * is really gone: connections are refused), every page is closed and the service worker is
 * stopped, and a new page navigates to /pods. Measured: milliseconds from the navigation's start
 * to the first frame that shows the pod's last message (recorded in the page, so Playwright's
 * polling does not add to it).
 */
import type { Browser, BrowserContext } from '@playwright/test';

export const POD_NAME = 'Cold Start Pod';
export const POD_MESSAGE = 'see you at the store';
const SHOWN_AT = '__podChatShownAt';

interface Account {
  username: string;
  password: string;
  token: string;
}

async function api<T>(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await fetch(baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

async function newAccount(baseUrl: string): Promise<Account> {
  const username = `cold${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'cold start password';
  await api(baseUrl, 'POST', '/api/users', { username, email: `${username}@example.test`, password });
  const { token } = await api<{ token: string }>(baseUrl, 'POST', '/api/users/login', { username, password });
  return { username, password, token };
}

/** A context whose user has a pod with one message, seen once online, and the service worker installed. */
export async function podChatSeenOnline(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const account = await newAccount(baseUrl);
  const pod = await api<{ id: string }>(baseUrl, 'POST', '/api/pods', { name: POD_NAME }, account.token);
  await api(baseUrl, 'POST', `/api/pods/${pod.id}/messages`, { content: POD_MESSAGE }, account.token);

  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard/);
  await page.goto('/pods');
  await page.getByText(POD_MESSAGE).first().waitFor();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
  // A string, not a function: tsx (the bench) would compile a function with helpers the page lacks.
  await context.addInitScript(`
    (() => {
      const seen = () => {
        if (window[${JSON.stringify(SHOWN_AT)}] !== undefined || !document.body?.textContent?.includes(${JSON.stringify(POD_MESSAGE)})) return;
        window[${JSON.stringify(SHOWN_AT)}] = null;
        requestAnimationFrame(() => (window[${JSON.stringify(SHOWN_AT)}] = performance.now()));
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
    })();
  `);
  return context;
}

/** One cold start of the installed app at /pods; the server must be stopped already. */
export async function coldStartToPodChat(context: BrowserContext): Promise<number> {
  for (const open of context.pages()) await open.close();
  const blank = await context.newPage();
  const devtools = await context.newCDPSession(blank);
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.stopAllWorkers');
  await devtools.detach();
  await blank.close();

  const page = await context.newPage();
  await page.goto('/pods');
  // A function, not a string: the app's CSP (script-src 'self') refuses a string predicate's eval.
  const shownAt = await page.waitForFunction((key) => (window as unknown as Record<string, number | null>)[key] || false, SHOWN_AT, { timeout: 30_000 });
  return Number(await shownAt.jsonValue());
}
