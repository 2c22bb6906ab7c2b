/** Sizes of the built app's files as the server sends them: raw, and its .gz and .br copies. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const DIST = 'dist';

export interface SentSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** `urlPath` as the browser asked for it (/assets/x.js); a missing copy counts as the raw file. */
export function sentSizes(urlPath: string): SentSizes {
  const file = path.join(DIST, decodeURIComponent(urlPath.replace(/^\//, '')));
  const raw = statSync(file).size;
  const copy = (ext: string) => (existsSync(file + ext) ? statSync(file + ext).size : raw);
  return { raw, gzip: copy('.gz'), brotli: copy('.br') };
}

export function sumSizes(list: SentSizes[]): SentSizes {
  return list.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
}

/** The URLs Workbox precaches, read from the manifest injected into dist/sw.js. */
export function precachedUrls(): string[] {
  const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => `/${match[1]}`);
}
