/**
 * Following the newest message, as chat apps do. A thread read near its end (within a screen of
 * it) scrolls to each new last message; so does one whose new last message is the user's own (they
 * just sent it). Scrolled further up — reading back, or at a search result — the thread stays
 * where the user put it, and `away` is true: the thread offers to jump to the latest message and
 * counts the messages of others that arrived below since the user last saw the end (`unseen`).
 * Invariant: `away` flips only when the user scrolls across one screen's height from the end, so
 * a scroll does not render the thread unless that changes.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface LatestFollow {
  away: boolean;
  /** Messages of others below what the user last saw of the end. */
  unseen: number;
  /** Scrolls to the newest message. */
  jump(): void;
}

export function useLatestFollow<T extends { id: string }>(
  scrollRef: RefObject<HTMLElement | null>,
  endRef: RefObject<HTMLElement | null>,
  messages: readonly T[],
  mine: (message: T) => boolean,
): LatestFollow {
  const [away, setAway] = useState(false);
  const awayNow = useRef(false);
  const last = messages.at(-1);
  const [seenId, setSeenId] = useState<string | undefined>(last?.id);

  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const onScroll = () => {
      const next = box.scrollHeight - box.scrollTop - box.clientHeight > box.clientHeight;
      if (next === awayNow.current) return;
      awayNow.current = next;
      setAway(next);
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, [scrollRef]);

  // Back near the end: everything there is seen.
  useEffect(() => {
    if (!away) setSeenId(last?.id);
  }, [away, last?.id]);

  // `last` is described by its id; `mine` is a new function each render.
  const lastId = last?.id;
  useEffect(() => {
    if (!last || (awayNow.current && !mine(last))) return;
    endRef.current?.scrollIntoView?.({ block: 'end' });
    setSeenId(last.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastId]);

  const seenAt = seenId === undefined ? -1 : messages.findIndex((message) => message.id === seenId);
  const unseen = away && seenAt >= 0 ? messages.slice(seenAt + 1).filter((message) => !mine(message)).length : 0;

  const jump = useCallback(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
    // The button goes with the scroll: focus moves to the thread, where the arrow keys scroll it.
    const box = scrollRef.current;
    if (box && document.activeElement && box.contains(document.activeElement)) {
      box.tabIndex = -1;
      box.focus({ preventScroll: true });
      box.addEventListener('blur', () => box.removeAttribute('tabindex'), { once: true });
    }
  }, [scrollRef, endRef]);

  return { away, unseen, jump };
}
