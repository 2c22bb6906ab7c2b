/**
 * Which push endpoints the server will POST to. A subscription's endpoint is chosen by the
 * browser, i.e. by whoever calls our API, so without a rule the server could be made to send
 * requests into its own network (SSRF). Rule: with PUSH_SERVICE_ORIGINS set, only those
 * origins; otherwise any https origin whose host is a name (not an IP address, localhost or a
 * .local/.internal name). Known limit: a public name that resolves to a private address
 * passes the default rule; deployments that care set PUSH_SERVICE_ORIGINS to their browsers'
 * push services (e.g. https://fcm.googleapis.com, https://updates.push.services.mozilla.com,
 * https://web.push.apple.com).
 */
import { isIP } from 'node:net';
import { PushText } from '../../src/contract/push';

/** null when the endpoint is acceptable, else the message to answer with. */
export function endpointProblem(endpoint: string, allowedOrigins: readonly string[] | null): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PushText.endpointNotHttps;
  }
  if (allowedOrigins) return allowedOrigins.includes(url.origin) ? null : PushText.endpointRefused;
  if (url.protocol !== 'https:') return PushText.endpointNotHttps;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0 || host === 'localhost' || /\.(localhost|local|internal)$/.test(host) || !host.includes('.')) return PushText.endpointRefused;
  return null;
}
