/**
 * Lighthouse's mobile audit (its default: a mid-range phone, simulated slow 4G and a 4× slower
 * CPU) of a page, performance and accessibility, run RUNS times: the median is printed, since
 * one run moves by several points on a shared 2-core machine. Needs the npm `lighthouse`
 * package and Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); without either the
 * caller prints why it skipped.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM_ARGS } from '../playwright.config';
import { median } from './stats';

export const RUNS = 3;

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  /** Every run's performance score, in order. */
  performanceRuns: number[];
}

export type LighthouseOutcome = { scores: LighthouseScores[] } | { skipped: string };

export async function lighthouseScores(baseUrl: string, paths: string[]): Promise<LighthouseOutcome> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) return { skipped: `no Chromium at ${chromePath} (set CHROME_PATH)` };
  let lighthouse: typeof import('lighthouse').default;
  let launch: typeof import('chrome-launcher').launch;
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
  } catch (error) {
    return { skipped: `the lighthouse package is not installed (${(error as Error).message})` };
  }
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const scores: LighthouseScores[] = [];
    for (const path of paths) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(baseUrl + path, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
        const categories = result?.lhr.categories;
        if (!categories) throw new Error(`Lighthouse returned no report for ${path}`);
        performance.push(Math.round((categories.performance?.score ?? 0) * 100));
        accessibility.push(Math.round((categories.accessibility?.score ?? 0) * 100));
      }
      scores.push({ path, performance: median(performance), accessibility: median(accessibility), performanceRuns: performance });
    }
    return { scores };
  } catch (error) {
    return { skipped: `Lighthouse could not run: ${(error as Error).message}` };
  } finally {
    chrome.kill();
  }
}
