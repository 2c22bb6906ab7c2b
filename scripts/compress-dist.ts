/**
 * The last build step: a brotli (.br) and a gzip (.gz) copy beside every text file of dist/, so
 * the server sends compressed bytes without compressing per request (static.ts, @fastify/static
 * `preCompressed`). Maximum effort, since this runs once per build: brotli quality 11, and gzip
 * by Zopfli, whose output any gzip reader takes and is ~3 % smaller than zlib's level 9 (it takes
 * the first-paint scripts under the 100 kB budget with room to spare; docs/first-load.md). It
 * costs a few seconds of build time. A copy is kept only when it is smaller than the file; tiny
 * files are left alone (compression would not save a packet).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/** Zopfli's default is 15; beyond a few iterations the gain is bytes and the cost is seconds. */
const ZOPFLI_ITERATIONS = 5;

const DIST = process.argv[2] ?? 'dist';
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt)$/;
const MIN_BYTES = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite/ holds build metadata that is never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (TEXT_FILE.test(entry.name)) yield full;
  }
}

let files = 0;
let rawBytes = 0;
let brBytes = 0;
for await (const file of filesUnder(DIST)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gz = await gzipAsync(content, { numiterations: ZOPFLI_ITERATIONS });
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  files += 1;
  rawBytes += content.length;
  brBytes += Math.min(br.length, content.length);
}
console.log(`compressed ${files} files: ${(rawBytes / 1024).toFixed(0)} KiB → ${(brBytes / 1024).toFixed(0)} KiB brotli`);
