/** How stats read on screen. Pure. */
export { formatDuration } from '../game/summary';

/** 0.666… → '67%'. */
export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** A mean place: 1 → '1', 1.5 → '1.5', 2.333… → '2.3'; null → '—'. */
export function averageFinish(place: number | null): string {
  return place === null ? '—' : String(Math.round(place * 10) / 10);
}

/** Competition rank: 2 → '#2'. */
export function rankText(rank: number): string {
  return `#${rank}`;
}
