/**
 * Sends one push message (RFC 8030) to one subscription: web-push encrypts the payload
 * (RFC 8291, aes128gcm) and signs the VAPID token (RFC 8292); we send the request ourselves
 * with node:https, whose socket resolves the push service's name through `guardedLookup`
 * (addresses.ts: only public addresses, and the one checked is the one connected to), with our
 * timeout and no redirects. The endpoint is checked against the rules again first
 * (endpoints.ts): a row stored under an older, looser rule is not sent to ('refused').
 * What the push service answers decides what happens to the subscription:
 * 201/202 delivered; 404/410 the subscription is gone (the caller deletes it); 413 our payload
 * is too big (a bug: logged); 429/5xx/timeouts/refused addresses: lost (the app shows the
 * message on next open; retrying a chat notification minutes later is worse than none).
 */
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../src/contract/push';
import { guardedLookup, systemResolve, type Resolve } from './addresses';
import { checkEndpoint, type PushEndpointRules } from './endpoints';
import type { VapidKeys } from './vapid';

/** A push service that has not answered in 10 s will not be waited for. */
export const PUSH_TIMEOUT_MS = 10_000;
/**
 * How long a push service keeps a message for a device that is offline: 12 h, so a phone
 * switched on the next morning still hears of last night's invitation.
 */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'refused': the endpoint no longer passes the rules; nothing was sent. */
export type SendOutcome = 'delivered' | 'gone' | 'failed' | 'refused';

export interface SendOptions {
  vapid: VapidKeys;
  subject: string;
  rules: PushEndpointRules;
  /** Name resolution for the send's socket (tests inject one); default the system resolver. */
  resolve?: Resolve;
  /** Default PUSH_TIMEOUT_MS: the whole request, connection included. */
  timeoutMs?: number;
}

/** Keep-alive sockets to push services, separate from any other outbound traffic of the server. */
const agents = { 'https:': new https.Agent({ keepAlive: true }), 'http:': new http.Agent({ keepAlive: true }) };

/** A VAPID token is valid 12 h (web-push's default; RFC 8292 allows at most 24 h). */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
/** …and reused until 1 h before it expires. */
const VAPID_REUSE_MARGIN_SECONDS = 60 * 60;

/**
 * The `Authorization: vapid t=…, k=…` header per push service origin, signed once and reused:
 * signing (ES256) is about half of what a push costs the server, and one
 * message to a pod of eight with two devices each is 14 pushes.
 */
export function createVapidAuthorizer(options: Pick<SendOptions, 'vapid' | 'subject'>, nowSeconds = () => Math.floor(Date.now() / 1000)) {
  const cache = new Map<string, { header: string; expiresAt: number }>();
  return (audience: string): string => {
    const now = nowSeconds();
    const hit = cache.get(audience);
    if (hit && hit.expiresAt - now > VAPID_REUSE_MARGIN_SECONDS) return hit.header;
    const expiresAt = now + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, options.subject, options.vapid.publicKey, options.vapid.privateKey, 'aes128gcm', expiresAt);
    cache.set(audience, { header: Authorization, expiresAt });
    return Authorization;
  };
}

export async function sendPush(
  subscription: StoredSubscription,
  payload: PushPayload,
  options: SendOptions & { authorize: (audience: string) => string },
): Promise<{ outcome: SendOutcome; status?: number }> {
  const check = checkEndpoint(subscription.endpoint, options.rules);
  if (check.problem !== null) return { outcome: 'refused' };
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      // No vapidDetails: the token comes from `authorize` (cached), not a signature per push.
      headers: { Authorization: options.authorize(check.url.origin) },
      TTL: PUSH_TTL_SECONDS,
      urgency: payload.kind === 'directMessages' ? 'high' : 'normal',
    },
  );
  const body = details.body ? Buffer.from(details.body) : Buffer.alloc(0);
  const headers = Object.fromEntries(Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
  headers['Content-Length'] = String(body.length);
  const status = await post(check.url, details.method, headers, body, options);
  if (status === null) return { outcome: 'failed' };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  return { outcome: status >= 200 && status < 300 ? 'delivered' : 'failed', status };
}

/** The push service's status code, or null when it could not be reached in time (or not at all). */
function post(url: URL, method: string, headers: Record<string, string>, body: Buffer, options: SendOptions): Promise<number | null> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve) => {
    const request = (secure ? https : http).request(url, {
      method,
      headers,
      agent: agents[secure ? 'https:' : 'http:'],
      // With PUSH_ALLOW_PRIVATE (tests) the loopback push service is reached by IP literal anyway.
      ...(options.rules.allowPrivate ? {} : { lookup: guardedLookup(options.resolve ?? systemResolve) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? PUSH_TIMEOUT_MS),
    });
    request.on('response', (response) => {
      // The body is not read; a reset while it drains changes nothing.
      response.on('error', () => undefined);
      response.resume();
      resolve(response.statusCode ?? null);
    });
    request.on('error', () => resolve(null));
    request.end(body);
  });
}
