import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startServer, tempDir, type TestServer } from './helpers';
import { rawRequest } from './raw-http';

const INDEX = '<!doctype html><title>PodTable</title><div id="root"></div>';
const BIG_CHUNK = `export const words = ${JSON.stringify('commander pod chat '.repeat(400))};`;
let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  const root = tempDir('podtable-static-');
  staticDir = path.join(root, 'dist');
  fs.mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(staticDir, 'assets', 'x-3f2a1b.js'), 'console.log("x")');
  fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"PodTable"}');
  fs.writeFileSync(path.join(staticDir, '.env'), 'SECRET=do-not-serve');
  // As scripts/compress-dist.ts leaves them: copies beside the file (a bigger chunk and index.html).
  fs.writeFileSync(path.join(staticDir, 'assets', 'big-9c8d7e.js'), BIG_CHUNK);
  for (const file of ['assets/big-9c8d7e.js', 'index.html']) {
    const content = fs.readFileSync(path.join(staticDir, file));
    fs.writeFileSync(path.join(staticDir, `${file}.br`), brotliCompressSync(content));
    fs.writeFileSync(path.join(staticDir, `${file}.gz`), gzipSync(content));
  }
  fs.writeFileSync(path.join(root, 'outside.txt'), 'outside the static folder');
  server = await startServer({ staticDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(path.dirname(staticDir), { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const get = (urlPath: string, headers: Record<string, string> = {}) => fetch(server.url + urlPath, { headers });

describe('static app', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const answer = await get('/assets/x-3f2a1b.js');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await answer.text()).toBe('console.log("x")');
  });

  it.each([['/'], ['/index.html'], ['/sw.js'], ['/manifest.webmanifest']])('serves %s with no-cache', async (urlPath) => {
    const answer = await get(urlPath, html);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([['/dashboard'], ['/pods/123'], ['/reset-password/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'], ['/login?redirect=%2Fprofile']])(
    'falls back to index.html for the app route %s',
    async (urlPath) => {
      const answer = await get(urlPath, html);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(await answer.text()).toBe(INDEX);
    },
  );

  it('answers JSON 404 for unknown /api paths even when HTML is accepted', async () => {
    const answer = await get('/api/does-not-exist', html);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ message: 'No such API endpoint.' });
  });

  it('never answers a missing asset or a non-HTML request with index.html', async () => {
    const missing = await get('/assets/missing-123.js', { accept: '*/*' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found.' });
    const post = await fetch(`${server.url}/dashboard`, { method: 'POST', headers: html });
    expect(post.status).toBe(404);
  });

  it('answers a plain GET on the socket path with JSON 426', async () => {
    const answer = await get('/ws', html);
    expect(answer.status).toBe(426);
    expect(await answer.json()).toEqual({ message: 'This address takes a WebSocket connection.' });
  });

  it('does not serve dotfiles or anything outside the folder', async () => {
    for (const urlPath of ['/.env', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt']) {
      const answer = await get(urlPath, { accept: '*/*' });
      const text = await answer.text();
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(text).not.toContain('do-not-serve');
      expect(text).not.toContain('outside the static folder');
    }
  });
});

describe('compressed static files', () => {
  it('sends the brotli copy of a hashed chunk to a client that accepts it, still immutable', async () => {
    const answer = await rawRequest(`${server.url}/assets/big-9c8d7e.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.wire.length).toBeLessThan(BIG_CHUNK.length / 10);
    expect(answer.text).toBe(BIG_CHUNK);
  });

  it('sends gzip to a gzip-only client and the file itself to an identity client, both varying on Accept-Encoding', async () => {
    const gzip = await rawRequest(`${server.url}/assets/big-9c8d7e.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(BIG_CHUNK);
    const plain = await rawRequest(`${server.url}/assets/big-9c8d7e.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.wire.toString('utf8')).toBe(BIG_CHUNK);
  });

  it.each([['/'], ['/dashboard']])('sends %s as compressed index.html with no-cache', async (urlPath) => {
    const answer = await rawRequest(server.url + urlPath, { headers: { ...html, 'accept-encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.text).toBe(INDEX);
  });

  it('falls back to the file itself when the build left no copies (a file too small to gain)', async () => {
    for (const accept of ['br, gzip', 'identity']) {
      const answer = await rawRequest(`${server.url}/assets/x-3f2a1b.js`, { headers: { 'accept-encoding': accept } });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.text).toBe('console.log("x")');
    }
  });
});
