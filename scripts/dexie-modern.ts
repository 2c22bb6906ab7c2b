/**
 * Dexie's modern build (ES2018+, ~2.5 kB smaller gzipped than the ES5 one its package points
 * to). The app (vite.config.ts) and the service worker (build-sw.ts) both bundle this one file,
 * so each has exactly one Dexie. Unit tests run on the package's default build.
 */
import { createRequire } from 'node:module';

export const DEXIE_MODERN = createRequire(import.meta.url).resolve('dexie/dist/modern/dexie.mjs');
