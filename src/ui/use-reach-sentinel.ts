/**
 * Calls `onReach()` when `target` comes within `marginPx` below the visible part of the page
 * (the viewport, clipped by any scrolling ancestor): a list's "load more" row at its end.
 * A new observer reports at once whether the target is in view, so one is made whenever
 * `version` changes (what reaching the end would do): a target still in view after a page
 * arrived asks again. Without IntersectionObserver nothing is called (the row's button stays).
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export function useReachSentinel(target: RefObject<Element | null>, onReach: () => void, version: string, marginPx = 300): void {
  const latest = useRef(onReach);
  useLayoutEffect(() => {
    latest.current = onReach;
  });
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        // An entry may have been computed before rows that arrived since pushed the target down.
        if (element.getBoundingClientRect().top > globalThis.innerHeight + marginPx) return;
        latest.current();
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, version, marginPx]);
}
