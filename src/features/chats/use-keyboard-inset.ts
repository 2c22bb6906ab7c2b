/**
 * While a chat thread is open: how much of the bottom of the layout viewport the on-screen
 * keyboard covers, as the CSS variable `--keyboard-inset` on the root (chats.css subtracts it, or
 * the bottom navigation, whichever is taller, from the thread's height, so the docked composer
 * stays above the keyboard). Read from `visualViewport` (iOS Safari, and Chrome on Android whose
 * keyboard resizes only the visual viewport); where the keyboard resizes the page itself the
 * inset stays 0 and `100dvh` already shrank. A pinch zoom is not a keyboard: zoomed, it is 0.
 */
import { useEffect } from 'react';

const INSET_VAR = '--keyboard-inset';

export function useKeyboardInset(active: boolean): void {
  useEffect(() => {
    const viewport = typeof window === 'undefined' ? undefined : window.visualViewport;
    if (!active || !viewport) return;
    const root = document.documentElement;
    const update = () => {
      const zoomed = viewport.scale > 1.01;
      const inset = zoomed ? 0 : Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop));
      root.style.setProperty(INSET_VAR, `${inset}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      root.style.removeProperty(INSET_VAR);
    };
  }, [active]);
}
