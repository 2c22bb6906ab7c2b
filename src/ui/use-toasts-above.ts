/**
 * Keeps the toasts above an element docked at the bottom of the screen (a chat's composer), so
 * a toast never covers its controls: while the element is mounted, the CSS variable
 * `--toast-floor` on the root holds the distance from its top edge to the bottom of the layout
 * viewport, and shell.css lifts the toast viewport above the larger of that and the bottom
 * navigation. Measured again whenever the element or the viewport changes size (the composer
 * grows with its text; the on-screen keyboard moves it). One docked element at a time.
 */
import { useLayoutEffect, type RefObject } from 'react';

const FLOOR_VAR = '--toast-floor';

export function useToastsAbove(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const update = () => {
      const floor = Math.max(0, Math.round(window.innerHeight - element.getBoundingClientRect().top));
      root.style.setProperty(FLOOR_VAR, `${floor}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    observer.observe(document.body);
    window.addEventListener('resize', update);
    window.visualViewport?.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      window.visualViewport?.removeEventListener('resize', update);
      root.style.removeProperty(FLOOR_VAR);
    };
  }, [ref]);
}
