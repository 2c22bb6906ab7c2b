/**
 * Calls `onReach()` when `target` comes within `marginPx` of the visible part of its list: past
 * the bottom of the viewport (clipped by any scrolling ancestor) for a list's "load more" row at
 * its end, or past the top of a scrolling box (`root`, `edge: 'top'`) for a chat's "older
 * messages" row at its start. A new observer reports at once whether the target is in view, so
 * one is made whenever `version` changes (what reaching it would do): a target still in view
 * after a page arrived asks again. Without IntersectionObserver nothing is called (the row's
 * button stays).
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export interface ReachOptions {
  /** The scrolling box the target sits in; the viewport when absent. */
  root?: RefObject<Element | null>;
  /** Which edge of the visible part the target is reached from (default 'bottom'). */
  edge?: 'top' | 'bottom';
  /** How far outside the visible part the target counts as reached (default 300). */
  marginPx?: number;
}

export function useReachSentinel(target: RefObject<Element | null>, onReach: () => void, version: string, options: ReachOptions = {}): void {
  const { root, edge = 'bottom', marginPx = 300 } = options;
  const latest = useRef(onReach);
  useLayoutEffect(() => {
    latest.current = onReach;
  });
  useEffect(() => {
    const element = target.current;
    const box = root ? root.current : null;
    if (!element || (root && !box) || typeof IntersectionObserver === 'undefined') return;
    /** Where the target sits now: an entry may have been computed before rows that arrived since moved it away. */
    const stillNear = () => {
      const rect = element.getBoundingClientRect();
      const visible = box ? box.getBoundingClientRect() : { top: 0, bottom: globalThis.innerHeight };
      return edge === 'bottom' ? rect.top <= visible.bottom + marginPx : rect.bottom >= visible.top - marginPx;
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && stillNear()) latest.current();
      },
      { root: box, rootMargin: edge === 'bottom' ? `0px 0px ${marginPx}px 0px` : `${marginPx}px 0px 0px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, root, edge, version, marginPx]);
}
