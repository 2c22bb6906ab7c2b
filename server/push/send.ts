/**
 * Sends one push message (RFC 8030) to one subscription: web-push encrypts the payload
 * (RFC 8291, aes128gcm) and signs the VAPID token (RFC 8292); we send the request ourselves
 * with fetch (web-push's own sender speaks only https, and we want our timeout). What the push
 * service answers decides what happens to the subscription:
 * 201/202 delivered; 404/410 the subscription is gone (the caller deletes it); 413 our payload
 * is too big (a bug: logged); 429/5xx/timeouts: lost (the app shows the message on next open;
 * retrying a chat notification minutes later is worse than none).
 */
import webpush from 'web-push';
import type { PushPayload } from '../../src/contract/push';
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

export type SendOutcome = 'delivered' | 'gone' | 'failed';

export interface SendOptions {
  vapid: VapidKeys;
  subject: string;
  fetch?: typeof fetch;
}

/** A VAPID token is valid 12 h (web-push's default; RFC 8292 allows at most 24 h). */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
/** …and reused until 1 h before it expires. */
const VAPID_REUSE_MARGIN_SECONDS = 60 * 60;

/**
 * The `Authorization: vapid t=…, k=…` header per push service origin, signed once and reused:
 * signing (ES256) was ~1.6 ms of the ~3 ms a push cost the server (measured here), and one
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
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      // No vapidDetails: the token comes from `authorize` (cached), not a signature per push.
      headers: { Authorization: options.authorize(new URL(subscription.endpoint).origin) },
      TTL: PUSH_TTL_SECONDS,
      urgency: payload.kind === 'directMessages' ? 'high' : 'normal',
    },
  );
  // fetch sets Content-Length itself from the body.
  const headers = Object.fromEntries(Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch {
    return { outcome: 'failed' };
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return { outcome: 'gone', status: response.status };
  return { outcome: response.ok ? 'delivered' : 'failed', status: response.status };
}
