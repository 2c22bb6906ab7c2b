/**
 * Keeps the screen on while `enabled` (the playmat of a live game): a phone lying on the table
 * must not dim between turns. The browser drops the lock whenever the page is hidden, so it is
 * asked for again when the page becomes visible; released on unmount. Silently does nothing
 * where the Screen Wake Lock API is missing or refuses (low battery, no user activation, iframe).
 */
import { useEffect } from 'react';

export function useWakeLock(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('wakeLock' in navigator) || !navigator.wakeLock) return;
    const wakeLock = navigator.wakeLock;
    let sentinel: WakeLockSentinel | null = null;
    let disposed = false;

    async function acquire() {
      if (disposed || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const next = await wakeLock.request('screen');
        if (disposed) {
          void next.release().catch(() => undefined);
          return;
        }
        sentinel = next;
      } catch {
        // Refused: the screen may dim, the game goes on.
      }
    }

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void acquire();
    };

    void acquire();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      disposed = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
      sentinel = null;
    };
  }, [enabled]);
}
