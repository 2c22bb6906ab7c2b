/**
 * Keeps what the user reads where it is on screen when anything above it changes height: a page
 * of older messages arriving above, the top row's text, or a message above the visible part laid
 * out for the first time (message-thread.css lets the browser skip the messages far from the
 * screen, each counted at an estimated height until it comes near).
 * The anchor is the first list item that starts in view, chosen when the thread opens and again
 * whenever anything but this hook scrolls it (the user, a jump to a message): not after a change, as
 * an item that just arrived above it, at an estimated height, is not what the user reads. Its
 * offset in the content does not depend on the scroll: after every commit, every change of the
 * list's height and every scroll it is measured again, and the scroll moves by how far it moved (so
 * the user's own scrolling is never undone). The browser's own scroll anchoring is off
 * (message-thread.css): Safari has none, and it would move the thread a second time.
 * Cost: one layout read of the box and O(log n) item boxes per commit and per scroll (the layout
 * is already done by then, except after a commit, where it is the layout the next frame needs).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Shifts smaller than this (sub-pixel rounding between layout and scroll) are left alone. */
const MIN_SHIFT_PX = 0.5;

/**
 * The item the view holds still: the first child of `list` whose top is in view (one cut by the
 * box's top edge may itself still grow upwards when it is first laid out), else the one that spans
 * the whole view. By bisection: children are stacked in order.
 */
function anchorIn(list: Element, top: number, bottom: number): Element | null {
  const items = list.children;
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.getBoundingClientRect().top >= top) high = middle;
    else low = middle + 1;
  }
  const first = items[low];
  if (first && first.getBoundingClientRect().top < bottom) return first;
  return items[low - 1] ?? null;
}

export function useScrollAnchor(scrollRef: RefObject<HTMLElement | null>, listRef: RefObject<HTMLElement | null>): void {
  const anchor = useRef<{ node: Element; top: number } | null>(null);
  // The scroll offset this hook set last: the scroll event it causes is not the user's.
  const ownScroll = useRef<number | null>(null);
  const settle = useCallback(
    (scrolled: boolean) => {
      const box = scrollRef.current;
      const list = listRef.current;
      if (!box || !list) return;
      const { top: boxTop, bottom: boxBottom } = box.getBoundingClientRect();
      const contentTop = (node: Element) => node.getBoundingClientRect().top - boxTop + box.scrollTop;
      let node = anchor.current?.node.isConnected ? anchor.current.node : null;
      if (node) {
        const moved = contentTop(node) - anchor.current!.top;
        if (Math.abs(moved) >= MIN_SHIFT_PX) {
          box.scrollTop += moved;
          ownScroll.current = box.scrollTop;
        }
      }
      // Another anchor only when someone else scrolled.
      if (scrolled) {
        if (box.scrollTop !== ownScroll.current) node = null;
        ownScroll.current = null;
      }
      node ??= anchorIn(list, boxTop, boxBottom);
      anchor.current = node ? { node, top: contentTop(node) } : null;
    },
    [scrollRef, listRef],
  );

  // After every commit: rows added or changed above the anchor.
  useLayoutEffect(() => settle(false));

  // Heights that change outside React (an item first laid out near the screen), and the user's scrolling.
  useEffect(() => {
    const box = scrollRef.current;
    const list = listRef.current;
    if (!box || !list) return;
    const onScroll = () => settle(true);
    box.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => settle(false));
    observer?.observe(list);
    return () => {
      box.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [scrollRef, listRef, settle]);
}
