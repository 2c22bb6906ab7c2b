/**
 * The first-load section of `npm run bench`: builds the app, then prints each first-load
 * figure next to its reference (the figure the app had before its first-load budget) and the
 * budget it has to meet. Byte figures are counts, not timings: they do not move with load.
 */
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { coldStartToPodChat, podChatSeenOnline } from '../tests/e2e/offline-start';
import type { ServerProcess } from '../tests/e2e/server-process';
import { sentSizes } from './dist-files';
import { firstRouteScripts, serviceWorkerCost } from './first-load';
import { lighthouseScores } from './lighthouse';
import { fmt, median } from './stats';

/** Cold starts measured; the median is printed. */
const COLD_STARTS = 5;

const kB = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;
const row = (what: string, ours: string, reference: string, budget: string) =>
  console.log(`  ${what.padEnd(40)} ${ours.padStart(14)}   ${reference.padEnd(34)} ${budget}`);

export function buildApp(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') {
    console.log('(BENCH_SKIP_BUILD=1: measuring the dist/ already built)');
    return;
  }
  const built = spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run build failed');
}

export async function reportFirstLoad(server: ServerProcess): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    console.log('First load (Chromium, loopback; bytes as the server sends them)');
    console.log(`  ${'what'.padEnd(40)} ${'PodTable'.padStart(14)}   ${'reference (before)'.padEnd(34)} budget`);
    for (const path of ['/', '/login']) {
      const first = await firstRouteScripts(browser, server.url, path);
      row(`JS before first paint ${path}, gzip`, kB(first.sizes.gzip), '239 kB (one 791 kB script)', '≤ 100 kB');
      row(`JS before first paint ${path}, brotli`, kB(first.sizes.brotli), '204 kB', '');
    }
    const sw = sentSizes('/sw.js');
    row('sw.js, gzip', kB(sw.gzip), `599 kB uncompressed (now ${kB(sw.raw)})`, '≤ 60 kB');
    const cost = await serviceWorkerCost(browser, server.url);
    row('service worker first-visit extra bytes', kB(cost.extra), '≈ 1,390 kB (sw.js + main chunk again)', '≤ 60 kB');
    console.log(`    (${cost.extraParts.map(([path, bytes]) => `${path} ${kB(bytes)}`).join(', ')}; downloaded twice: ${cost.downloadedTwice.length === 0 ? 'nothing' : cost.downloadedTwice.join(', ')})`);
    row('first visit of / in all, with the worker', kB(cost.visitWithWorker), '1,482 kB', '');
    console.log(`    (the page ${kB(cost.visitWithoutWorker)}, ${cost.routeChunkCount} route chunks precached for later ${kB(cost.routeChunks)}, the worker's extra ${kB(cost.extra)})`);

    const context = await podChatSeenOnline(browser, server.url);
    await server.stop();
    try {
      const samples: number[] = [];
      for (let run = 0; run < COLD_STARTS; run++) samples.push(await coldStartToPodChat(context));
      row(`offline cold start → pod chat (median of ${COLD_STARTS})`, `${fmt(median(samples), 0)} ms`, '1,500–2,000 ms', '< 1,000 ms');
      console.log(`    (server stopped, service worker stopped before each start; runs in order: ${samples.map((ms) => fmt(ms, 0)).join(', ')} ms)`);
    } finally {
      await context.close();
      await server.start();
    }
  } finally {
    await browser.close();
  }

  const lighthouse = await lighthouseScores(server.url, ['/', '/login']);
  if ('skipped' in lighthouse) {
    console.log(`  Lighthouse: skipped — ${lighthouse.skipped}`);
    return;
  }
  for (const scores of lighthouse.scores) {
    row(`Lighthouse mobile performance ${scores.path}`, String(scores.performance), '44 (LifeTrinket 62)', '≥ 90');
    console.log(`    (median of ${scores.performanceRuns.length} runs: ${scores.performanceRuns.join(', ')})`);
    row(`Lighthouse accessibility ${scores.path}`, String(scores.accessibility), '—', '100');
  }
}
