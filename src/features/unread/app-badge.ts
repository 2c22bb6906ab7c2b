/**
 * The installed app's icon badge (the Badging API): the unread total, cleared at 0. Feature-
 * detected: where `navigator.setAppBadge` is missing (Firefox, Safari outside a home-screen app)
 * nothing happens, and a browser that refuses (the app is not installed, no permission) is
 * ignored: the counts in the app are the reference, the icon only echoes them.
 * Known limits: the badge follows the mirror only while a page with the bottom navigation is
 * open (it is cleared when that navigation goes: logout, a game's full-screen pages), and nothing
 * sets it while the app is closed (the service worker does not count).
 */
import { useEffect } from 'react';

interface BadgingNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Shows `total` on the app's icon (clears it at 0) where the browser can; answers whether it could. */
export function showAppBadge(total: number, nav: BadgingNavigator | undefined = globalThis.navigator as BadgingNavigator | undefined): boolean {
  if (!nav || typeof nav.setAppBadge !== 'function' || typeof nav.clearAppBadge !== 'function') return false;
  const done = total > 0 ? nav.setAppBadge(total) : nav.clearAppBadge();
  void Promise.resolve(done).catch(() => undefined);
  return true;
}

/** Keeps the icon's badge at `total` (undefined: not known yet, left as it is); cleared when the caller goes. */
export function useAppBadge(total: number | undefined): void {
  useEffect(() => {
    if (total !== undefined) showAppBadge(total);
  }, [total]);
  // Gone (signed out, or a page without the count): a stale number must not stay on the icon.
  useEffect(() => () => void showAppBadge(0), []);
}
