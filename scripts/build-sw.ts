/**
 * After `vite build`: bundle sw/sw.ts with esbuild into dist/sw.js, then let workbox-build
 * inject the precache manifest of dist/. The `define` matters: without it Workbox's dev-only
 * code paths reference `process` and the worker fails to evaluate in Chromium.
 *
 * Lean by construction (docs/first-load.md): the contract is zod/mini, so only the schemas the
 * worker reaches are bundled; Dexie comes from its modern (ES2018+) build, as in the app.
 *
 * Precache: the app shell (index.html, the manifest, the default avatar) and every file under
 * assets/, i.e. every route's chunks, so the installed app opens offline on any route. Files
 * under assets/ carry their content hash in their names: their manifest entries have no
 * revision, so Workbox fetches them through the HTTP cache, and a chunk the page has already
 * loaded (cached as immutable for a year) is not downloaded a second time. The install icons
 * are not precached: the browser fetches them when installing, and no page shows them.
 */
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { DEXIE_MODERN } from './dexie-modern';

const bundled = '.tmp/sw.bundle.js';
const outfile = 'dist/sw.js';

await build({
  entryPoints: ['sw/sw.ts'],
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  outfile: bundled,
  alias: { dexie: DEXIE_MODERN },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: outfile,
  globDirectory: 'dist',
  globPatterns: ['index.html', 'manifest.webmanifest', 'default-avatar.svg', 'assets/**/*.{js,css,svg,png,webp,woff2}'],
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
await rm(bundled);
for (const warning of warnings) console.warn(warning);
console.log(`service worker: precached ${count} files, ${(size / 1024).toFixed(0)} KiB`);
