/**
 * Which push endpoints the server will POST to. A subscription's endpoint is chosen by whoever
 * calls our API, so without a rule the server could be made to send requests into its own
 * network (SSRF), or to a host that never answers.
 *
 * Rule: the endpoint's origin must match the allow-list: PUSH_SERVICE_ORIGINS when set, else the
 * browsers' push services (push-services.ts). Unless PUSH_ALLOW_PRIVATE is set (tests with a
 * loopback push service), it must also be https on port 443 by DNS name without userinfo
 * (public-origin.ts), and a host that is not one of the browsers' push services (an operator's
 * own entry) must resolve to public addresses only. The browsers' push services are not
 * resolved here: subscribing needs no outbound network. Every send checks again: the rule
 * (rows stored under an older rule) and the address its socket connects to (addresses.ts).
 */
import { PushText } from '../../src/contract/push';
import { publicAddresses, systemResolve, type Resolve } from './addresses';
import { isPublicHttpsOrigin } from './public-origin';
import { DEFAULT_PUSH_SERVICE_ORIGINS, isKnownPushService, matchingOrigin } from './push-services';

export interface PushEndpointRules {
  /** Allowed origin patterns (PUSH_SERVICE_ORIGINS); null: the browsers' push services. */
  origins: readonly string[] | null;
  /** PUSH_ALLOW_PRIVATE, for tests only: plain http, IP literals, any port and private addresses. */
  allowPrivate: boolean;
}

/** The rules as configured (PUSH_SERVICE_ORIGINS, PUSH_ALLOW_PRIVATE). */
export const pushEndpointRules = (config: { pushServiceOrigins: readonly string[] | null; pushAllowPrivate: boolean }): PushEndpointRules => ({
  origins: config.pushServiceOrigins,
  allowPrivate: config.pushAllowPrivate,
});

export type EndpointCheck =
  | { problem: string }
  /** `service`: the allow-list entry it matched (sends are limited per service); `resolveFirst`: its name must be checked. */
  | { problem: null; url: URL; service: string; resolveFirst: boolean };

/** Everything that needs no DNS: the allow-list and the endpoint's shape. */
export function checkEndpoint(endpoint: string, rules: PushEndpointRules): EndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { problem: PushText.endpointNotHttps };
  }
  if (!rules.allowPrivate && url.protocol !== 'https:') return { problem: PushText.endpointNotHttps };
  if (url.username !== '' || url.password !== '') return { problem: PushText.endpointRefused };
  const service = matchingOrigin(url, rules.origins ?? DEFAULT_PUSH_SERVICE_ORIGINS);
  if (!service) return { problem: PushText.endpointRefused };
  if (rules.allowPrivate) return { problem: null, url, service, resolveFirst: false };
  if (!isPublicHttpsOrigin(url)) return { problem: PushText.endpointRefused };
  return { problem: null, url, service, resolveFirst: !isKnownPushService(url) };
}

/** null when the server may send to `endpoint`, else the message to answer with (400). */
export async function endpointProblem(endpoint: string, rules: PushEndpointRules, resolve: Resolve = systemResolve): Promise<string | null> {
  const check = checkEndpoint(endpoint, rules);
  if (check.problem !== null) return check.problem;
  if (!check.resolveFirst) return null;
  try {
    await publicAddresses(check.url.hostname, resolve);
    return null;
  } catch {
    return PushText.endpointRefused;
  }
}
