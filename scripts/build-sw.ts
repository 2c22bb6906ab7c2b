/**
 * After `vite build`: bundle sw/sw.ts with esbuild into dist/sw.js, then let workbox-build
 * inject the precache manifest of dist/. The `define` matters: without it Workbox's dev-only
 * code paths reference `process` and the worker fails to evaluate in Chromium (recipes.md).
 */
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

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
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: outfile,
  globDirectory: 'dist',
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
  globIgnores: ['sw.js', '**/*.map'],
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
await rm(bundled);
for (const warning of warnings) console.warn(warning);
console.log(`service worker: precached ${count} files, ${(size / 1024).toFixed(0)} KiB`);
