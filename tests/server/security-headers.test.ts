/** Security headers on every answer: success, 4xx, 404, bad JSON, a WebSocket path; HSTS only over HTTPS. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { helmetHeaders } from '../../server/security-headers';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
let token: string;
let helmet: Array<[string, string]>;
beforeAll(async () => {
  helmet = await helmetHeaders();
  server = await startServer({ config: { trustProxy: true } });
  ({ token } = await server.newUser('hdr'));
});
afterAll(async () => {
  await server?.close();
});

function expectSecurityHeaders(headers: Headers, throughHooks = true) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('permissions-policy')).toContain('camera=()');
  expect(headers.get('permissions-policy')).toContain('screen-wake-lock=(self)');
  // Every header @fastify/helmet sets with our options (read once at start), as it sets it; a
  // router-level failure (no hook runs) carries the baseline set (errors.ts frameworkErrors).
  if (throughHooks) for (const [name, value] of helmet) expect(headers.get(name), name).toBe(value);
}

it('the headers read once from @fastify/helmet are its full set', () => {
  expect(helmet.map(([name]) => name).sort()).toEqual(
    [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ].sort(),
  );
});

it.each([
  ['GET', '/api/users/me', true, 200],
  ['GET', '/api/users/me', false, 401],
  ['GET', '/api/nope', false, 404],
  ['POST', '/api/users/login', false, 400],
  ['GET', '/ws', false, 426],
  ['GET', '/api/users/%E0%A4%A/avatar', false, 400],
])('%s %s (signed in: %s) → %i carries the security headers', async (method, path, signedIn, status) => {
  const routed = !path.includes('%E0%A4%A');
  const answer = await server.request(method, path, { token: signedIn ? token : undefined, ...(method === 'POST' ? { raw: '{', headers: { 'content-type': 'application/json' } } : {}) });
  expect(answer.status).toBe(status);
  expectSecurityHeaders(answer.headers, routed);
});

it('sends HSTS only when the request came over HTTPS', async () => {
  const plain = await server.request('GET', '/api/users/me', { token });
  expect(plain.headers.get('strict-transport-security')).toBeNull();
  const viaProxy = await server.request('GET', '/api/users/me', { token, headers: { 'x-forwarded-proto': 'https' } });
  expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
});

it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
  const direct = await startServer();
  try {
    const answer = await direct.request('GET', '/api/nope', { headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.headers.get('strict-transport-security')).toBeNull();
    expectSecurityHeaders(answer.headers);
  } finally {
    await direct.close();
  }
});
