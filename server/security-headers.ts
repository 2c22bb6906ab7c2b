/**
 * Security headers on every answer (@fastify/helmet's, computed once at start, plus two of ours):
 * - Content-Security-Policy: scripts only from this origin (no inline script, no eval: the
 *   built app has neither — scripts/check-inline.ts… see tests/e2e/csp.spec.ts), workers and
 *   the manifest from this origin, images from this origin and data: URIs (avatars DiceBear
 *   draws on the device), connections (fetch, the WebSocket) to this origin only, no plugins,
 *   no <base>, forms post here only, and no framing (frame-ancestors 'none': no clickjacking).
 *   Styles allow 'unsafe-inline' (known limit): Radix's dialogs inject a <style> element at
 *   run time (react-remove-scroll-bar) whose content depends on the scrollbar width, so neither
 *   a hash nor a build-time nonce can name it; the script policy is what stops XSS.
 * - Referrer-Policy: no-referrer (mailed links carry tokens in their paths).
 * - Permissions-Policy: no camera, microphone, location, sensors, payment or USB; the screen
 *   wake lock (the playmat keeps the screen on) for this origin only.
 * - Strict-Transport-Security only when the request came over HTTPS (directly, or per
 *   X-Forwarded-Proto from a trusted proxy: TRUST_PROXY): sent over plain HTTP it would be
 *   ignored by browsers and would wrongly pin a LAN setup to HTTPS.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), screen-wake-lock=(self)';
/** One year, the preload lists' minimum. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The same policy as a plain header map, for the answers Fastify's router gives before any hook
 * runs (a malformed URL, an over-long path: errors.ts frameworkErrors).
 */
export function baselineSecurityHeaders(): Record<string, string> {
  const csp = Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
  return {
    'content-security-policy': csp,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/** @fastify/helmet's options: the policy above, HSTS left to the hook (HTTPS only). */
const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
  // Would block the cross-origin images a deck link preview may show one day; nothing here needs isolation.
  crossOriginEmbedderPolicy: false,
} as const;

/** Headers Fastify itself writes on the scratch answer below (not helmet's). */
const FASTIFY_OWN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The headers @fastify/helmet sets with HELMET_OPTIONS, read ONCE from a scratch instance that
 * answers one request. The plugin rebuilds its middleware (and the CSP string) on every
 * request; the policy never changes, so the same headers are now set from this list.
 */
export async function helmetHeaders(): Promise<Array<[string, string]>> {
  const scratch = Fastify({ logger: false });
  await scratch.register(fastifyHelmet, HELMET_OPTIONS);
  scratch.get('/', async () => '');
  try {
    const answer = await scratch.inject({ method: 'GET', url: '/' });
    return Object.entries(answer.headers)
      .filter(([name]) => !FASTIFY_OWN.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await scratch.close();
  }
}

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers: Array<[string, string]> = [...(await helmetHeaders()), ['permissions-policy', PERMISSIONS_POLICY]];
  // First onRequest hook (registered before every other), so every answer sent after it carries
  // the headers: routes, 4xx/5xx from hooks and handlers, 404s. Router-level failures that run
  // no hook get baselineSecurityHeaders (errors.ts frameworkErrors).
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    if (request.protocol === 'https') raw.setHeader('strict-transport-security', HSTS);
    done();
  });
}
