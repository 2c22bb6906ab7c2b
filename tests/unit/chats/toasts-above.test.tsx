// @vitest-environment happy-dom
/**
 * A docked composer lifts the toasts above itself: while it is shown, the root carries the
 * distance from its top edge to the bottom of the screen (shell.css keeps the toast viewport
 * above it), measured again when it grows, and gives it back when it goes.
 */
import { render } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { Composer } from '../../../src/features/messages/composer';

test('the composer sets the toast floor to its top edge and removes it when it goes', () => {
  const observed: ResizeObserverCallback[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: ResizeObserverCallback) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  let top = window.innerHeight - 130;
  const rect = vi.spyOn(HTMLFormElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top }) as DOMRect);
  const floor = () => document.documentElement.style.getPropertyValue('--toast-floor');

  const shown = render(<Composer failureText="failed" onSend={async () => undefined} />);
  expect(floor()).toBe('130px');
  top -= 40; // it grew with a second line of text
  for (const callback of observed) callback([], {} as ResizeObserver);
  expect(floor()).toBe('170px');
  shown.unmount();
  expect(floor()).toBe('');
  rect.mockRestore();
  vi.unstubAllGlobals();
});
