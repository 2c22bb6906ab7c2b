/**
 * Finding what a user sees, by label and text, inside the page: puppeteer's ARIA selectors need
 * Chrome's accessibility tree and are not available over WebDriver BiDi. The finder runs in the
 * page (serialized by puppeteer), so it is self-contained: it references nothing outside itself.
 * A control is visible (has a box) and, for buttons, enabled. Every wait is on a condition,
 * with a generous limit (WAIT_MS); a timeout names what was awaited.
 */
import type { ElementHandle, EvaluateFunc, Page } from 'puppeteer-core';
import { WAIT_MS } from './firefox';

export type Query =
  /** A form control by its <label>'s text, or an element by its aria-label. */
  | { label: string }
  /** An enabled button by its name (aria-label, or its text). */
  | { button: string }
  /** A link by its name, e.g. inside `within: 'nav[aria-label="Main"]'`. */
  | { link: string; within?: string }
  /** The innermost element whose text contains this text. */
  | { text: string; within?: string };

function find(query: Query): Element | null {
  const norm = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const visible = (element: Element) => element.getClientRects().length > 0;
  const nameOf = (element: Element) => {
    const label = element.getAttribute('aria-label');
    if (label) return norm(label);
    const ids = element.getAttribute('aria-labelledby');
    if (ids) return norm(ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    return norm(element.textContent);
  };
  const root: ParentNode | null = 'within' in query && query.within ? document.querySelector(query.within) : document;
  if (!root) return null;
  if ('label' in query) {
    for (const label of root.querySelectorAll('label')) {
      if (norm(label.textContent) === query.label && label.control && visible(label.control)) return label.control;
    }
    for (const element of root.querySelectorAll('[aria-label]')) {
      if (norm(element.getAttribute('aria-label')) === query.label && visible(element)) return element;
    }
    return null;
  }
  if ('button' in query) {
    for (const element of root.querySelectorAll('button, [role="button"]')) {
      if (nameOf(element) === query.button && visible(element) && !(element as HTMLButtonElement).disabled) return element;
    }
    return null;
  }
  if ('link' in query) {
    for (const element of root.querySelectorAll('a[href]')) if (nameOf(element) === query.link && visible(element)) return element;
    return null;
  }
  let found: Element | null = null;
  for (const element of root.querySelectorAll('*')) {
    // Document order visits a parent before its children: the last match inside is the innermost.
    if (norm(element.textContent).includes(query.text) && visible(element) && (!found || found.contains(element))) found = element;
  }
  return found;
}

/** What the page shows, for a failure's message. */
async function shownText(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body?.innerText ?? '').catch((error: unknown) => `(unreadable: ${String(error)})`);
  return text.replace(/\s+/g, ' ').slice(0, 600);
}

/** Waits until `query` matches and returns the element. */
export async function waitFor(page: Page, query: Query): Promise<ElementHandle<Element>> {
  try {
    const handle = await page.waitForFunction(find, { timeout: WAIT_MS, polling: 100 }, query);
    return handle.asElement() as ElementHandle<Element>;
  } catch (error) {
    throw new Error(`Not shown on ${page.url()}: ${JSON.stringify(query)}\nThe page shows: ${await shownText(page)}`, { cause: error });
  }
}

export async function click(page: Page, query: Query): Promise<void> {
  await (await waitFor(page, query)).click();
}

/** Types into an empty control like a user (real key events, so React sees every change). */
export async function fill(page: Page, label: string, text: string): Promise<void> {
  const control = await waitFor(page, { label });
  await control.click();
  await control.type(text);
}

/** Waits for a condition evaluated in the page (self-contained, like `find`). */
export async function waitUntil<Params extends unknown[]>(page: Page, what: string, predicate: EvaluateFunc<Params>, ...args: Params): Promise<void> {
  try {
    await page.waitForFunction(predicate, { timeout: WAIT_MS, polling: 100 }, ...args);
  } catch (error) {
    throw new Error(`Still not true on ${page.url()}: ${what}\nThe page shows: ${await shownText(page)}`, { cause: error });
  }
}

/** Waits until the page's address matches (a client-side navigation has no load event to wait for). */
export async function waitForPath(page: Page, path: RegExp): Promise<void> {
  await waitUntil(page, `the address matches ${path}`, (source) => new RegExp(source).test(location.pathname), path.source);
}

/** Before cutting the network the page must be controlled by the service worker (recipes.md). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await waitUntil(page, 'the service worker controls the page', () => navigator.serviceWorker?.controller != null);
}
