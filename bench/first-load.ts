/**
 * First-load figures of the built app, measured in Chromium against the real server:
 * - the JavaScript requested before the first contentful paint of a route, summed as the
 *   server sends it (its .gz and .br copies);
 * - what the service worker adds to a first visit: every byte of a visit with the worker,
 *   minus the same visit without it, minus the route chunks it precaches for later (those
 *   are the point of installing it). Counted on the wire by a proxy both go through.
 */
import type { Browser } from '@playwright/test';
import { CountingProxy, type ProxiedAnswer } from './counting-proxy';
import { precachedUrls, sentSizes, sumSizes, type SentSizes } from './dist-files';

export interface FirstRouteScripts {
  path: string;
  scripts: string[];
  sizes: SentSizes;
}

/** The .js resources the page requested before its first contentful paint. */
export async function firstRouteScripts(browser: Browser, baseUrl: string, path: string): Promise<FirstRouteScripts> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(baseUrl + path, { waitUntil: 'load' });
    const scripts = await page.evaluate(async () => {
      const fcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      });
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < fcp && new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => new URL(entry.name).pathname);
    });
    return { path, scripts, sizes: sumSizes(scripts.map(sentSizes)) };
  } finally {
    await context.close();
  }
}

export interface ServiceWorkerCost {
  /** Every byte of the first visit with the service worker. */
  visitWithWorker: number;
  visitWithoutWorker: number;
  /** Route chunks the page did not load but the worker precached (not counted as extra). */
  routeChunks: number;
  routeChunkCount: number;
  /** visitWithWorker − visitWithoutWorker − routeChunks. */
  extra: number;
  /** What the extra is made of: path → bytes. */
  extraParts: Array<[string, number]>;
  /** Files downloaded more than once in the visit with the worker. */
  downloadedTwice: string[];
}

const total = (answers: ProxiedAnswer[]) => answers.reduce((sum, answer) => sum + answer.bytes, 0);

async function visit(browser: Browser, proxy: CountingProxy, withWorker: boolean): Promise<ProxiedAnswer[]> {
  proxy.reset();
  const context = await browser.newContext({ serviceWorkers: withWorker ? 'allow' : 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${proxy.url}/`, { waitUntil: 'load' });
    if (withWorker) {
      // Ready = activated = installed: every precache fetch has finished.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
    }
    await page.waitForLoadState('networkidle');
    return [...proxy.answers];
  } finally {
    await context.close();
  }
}

export async function serviceWorkerCost(browser: Browser, serverUrl: string): Promise<ServiceWorkerCost> {
  const proxy = new CountingProxy(serverUrl);
  await proxy.start();
  try {
    const without = await visit(browser, proxy, false);
    const withWorker = await visit(browser, proxy, true);
    const pageFetched = new Set(without.map((answer) => answer.path));
    const routeChunkPaths = new Set(precachedUrls().filter((url) => url.startsWith('/assets/') && !pageFetched.has(url)));
    const byPath = new Map<string, number[]>();
    for (const answer of withWorker) byPath.set(answer.path, [...(byPath.get(answer.path) ?? []), answer.bytes]);
    let routeChunks = 0;
    for (const chunk of routeChunkPaths) routeChunks += byPath.get(chunk)?.[0] ?? 0;
    const withoutByPath = new Map<string, number>();
    for (const answer of without) withoutByPath.set(answer.path, (withoutByPath.get(answer.path) ?? 0) + answer.bytes);
    const extraParts: Array<[string, number]> = [];
    for (const [path, sizes] of byPath) {
      const counted = sizes.reduce((sum, bytes) => sum + bytes, 0) - (withoutByPath.get(path) ?? 0) - (routeChunkPaths.has(path) ? (sizes[0] ?? 0) : 0);
      if (counted > 0) extraParts.push([path, counted]);
    }
    const downloadedTwice = [...byPath].filter(([, sizes]) => sizes.filter((bytes) => bytes > 0).length > 1).map(([path]) => path);
    const visitWithWorker = total(withWorker);
    const visitWithoutWorker = total(without);
    return {
      visitWithWorker,
      visitWithoutWorker,
      routeChunks,
      routeChunkCount: routeChunkPaths.size,
      extra: visitWithWorker - visitWithoutWorker - routeChunks,
      extraParts: extraParts.sort((a, b) => b[1] - a[1]),
      downloadedTwice,
    };
  } finally {
    await proxy.stop();
  }
}
