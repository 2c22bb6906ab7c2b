/**
 * The push services browsers subscribe with, as origin patterns: the default allow-list of
 * push endpoints when PUSH_SERVICE_ORIGINS is unset. `https://*.example.com` matches any host
 * under example.com (one or more labels), on port 443 only.
 */
export const DEFAULT_PUSH_SERVICE_ORIGINS: readonly string[] = [
  // Chrome, Chromium-based browsers on Android (Edge, Samsung Internet, Opera, Brave, Vivaldi).
  'https://fcm.googleapis.com',
  // Firefox (autopush), desktop and Android.
  'https://updates.push.services.mozilla.com',
  // Safari on macOS, iOS and iPadOS.
  'https://web.push.apple.com',
  'https://*.push.apple.com',
  // Edge on Windows (WNS; endpoints such as https://wns2-par02p.notify.windows.com/w/?token=…).
  'https://*.notify.windows.com',
];

const LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/** The first pattern `url`'s origin matches (the push service it belongs to), or null. */
export function matchingOrigin(url: URL, patterns: readonly string[]): string | null {
  for (const pattern of patterns) {
    if (!pattern.includes('://*.')) {
      if (url.origin === pattern) return pattern;
      continue;
    }
    const wildcard = new URL(pattern.replace('://*.', '://'));
    const suffix = `.${wildcard.hostname}`;
    if (url.protocol !== wildcard.protocol || url.port !== wildcard.port || !url.hostname.endsWith(suffix)) continue;
    const labels = url.hostname.slice(0, -suffix.length).split('.');
    if (labels.every((label) => LABEL.test(label))) return pattern;
  }
  return null;
}

/** Whether `url` is one of the browsers' push services (trusted without resolving its name first). */
export const isKnownPushService = (url: URL): boolean => matchingOrigin(url, DEFAULT_PUSH_SERVICE_ORIGINS) !== null;
