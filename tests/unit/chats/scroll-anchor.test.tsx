// @vitest-environment happy-dom
/**
 * What the user reads stays where it is on screen (use-scroll-anchor.ts): when a page arrives
 * above it, and when an item above it gets its real height later (the browser lays out messages
 * far from the screen only when they come near). The anchor is the first item that starts in view,
 * chosen again when the user scrolls, not when the hook scrolls. A made-up layout stands in for
 * the browser's: a 30 px row above the list, items stacked at their `data-h` heights, a 300 px box.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { useScrollAnchor } from '../../../src/features/messages/use-scroll-anchor';

const TOP_ROW = 30;
const BOX_HEIGHT = 300;
let resized: ResizeObserverCallback[] = [];

function Thread({ items }: { items: Array<[string, number]> }) {
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  useScrollAnchor(box, list);
  return (
    <div ref={box} data-box="">
      <ol ref={list}>
        {items.map(([id, height]) => (
          <li key={id} data-id={id} data-h={height} />
        ))}
      </ol>
    </div>
  );
}

const box = () => document.querySelector<HTMLElement>('[data-box]')!;
const item = (id: string) => document.querySelector<HTMLElement>(`[data-id="${id}"]`)!;
/** Where an item is on screen, from the box's top. */
const onScreen = (id: string) => item(id).getBoundingClientRect().top;
const run = (prefix: string, count: number, height: number): Array<[string, number]> => Array.from({ length: count }, (_, n) => [`${prefix}${n}`, height]);

/** The user scrolls (the browser fires `scroll` afterwards). */
function userScrolls(to: number) {
  box().scrollTop = to;
  act(() => void box().dispatchEvent(new Event('scroll')));
}

/** An item gets another height outside React: the list's size observer reports it. */
function grows(id: string, height: number) {
  item(id).setAttribute('data-h', String(height));
  act(() => resized.forEach((callback) => callback([], {} as ResizeObserver)));
}

beforeEach(() => {
  resized = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: ResizeObserverCallback) {
        resized.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.hasAttribute('data-box')) return { top: 0, bottom: BOX_HEIGHT } as DOMRect;
    let offset = TOP_ROW;
    for (let node = this.previousElementSibling; node; node = node.previousElementSibling) offset += Number(node.getAttribute('data-h'));
    const top = offset - box().scrollTop;
    return { top, bottom: top + Number(this.getAttribute('data-h')) } as DOMRect;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('keeps the first message in place when a page arrives above it at the top, and when those messages get their real height', () => {
  const latest = run('new', 20, 50);
  const view = render(<Thread items={latest} />);
  userScrolls(0);
  expect(onScreen('new0')).toBe(30);

  // The older page comes at an estimate of 20 px each: the last of them starts in view, above new0.
  const older = run('old', 10, 20);
  view.rerender(<Thread items={[...older, ...latest]} />);
  expect(onScreen('new0')).toBe(30);
  expect(onScreen('old9')).toBe(10);
  act(() => void box().dispatchEvent(new Event('scroll'))); // the scroll the hook made

  // Laid out near the screen, they get their real height: new0 still does not move.
  grows('old9', 70);
  grows('old8', 45);
  expect(onScreen('new0')).toBe(30);
  expect(box().scrollTop).toBe(200 + 50 + 25);
});

it('keeps what the user scrolled to in place when an item above it changes height; the user’s own scrolling is never undone', () => {
  render(<Thread items={run('m', 30, 50)} />);
  userScrolls(520);
  // The first item that starts in view is m10 (at 30 + 500 - 520 = 10).
  expect(onScreen('m10')).toBe(10);
  grows('m3', 90);
  expect(onScreen('m10')).toBe(10);
  expect(box().scrollTop).toBe(560);

  userScrolls(400);
  expect(onScreen('m10')).toBe(170);
  // Held now: m7, the first item that starts in view (30 + 350 + 40 - 400 = 20). An item below it changes nothing above it.
  grows('m9', 20);
  expect(onScreen('m7')).toBe(20);
  expect(box().scrollTop).toBe(400);
  grows('m2', 10);
  expect(onScreen('m7')).toBe(20);
  expect(box().scrollTop).toBe(360);
});
