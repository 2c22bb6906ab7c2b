/**
 * The size of an element, kept current with a ResizeObserver (the playmat's table area: it
 * changes when the phone turns or the browser's bars come and go). Measured before paint, so
 * the first frame already has the tiles in place; `fallback` is used until a real size is known
 * (and where layout does not exist, as in unit tests).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { Area } from './fit';

export function useArea<E extends HTMLElement>(fallback: () => Area): [Area, React.RefObject<E | null>] {
  const ref = useRef<E | null>(null);
  const [area, setArea] = useState<Area>(fallback);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      if (width > 0 && height > 0) setArea((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return [area, ref];
}
