/**
 * A button that repeats while held (the playmat's life halves and ±5): a click steps once; a
 * press held HOLD_DELAY_MS steps at once and then every REPEAT_MS until released, and the click
 * that ends it adds nothing. Keyboard and assistive tech use the plain click.
 */
import { useEffect, useRef, type PointerEvent } from 'react';

/** Tuned by hand on a phone: long enough that a slow tap is not a hold, short enough to feel held. */
export const HOLD_DELAY_MS = 450;
/** ~9 steps a second: 40 → 20 in about two seconds. */
export const REPEAT_MS = 110;

export function usePressRepeat(onStep: () => void, disabled = false) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const held = useRef(false);
  const step = useRef(onStep);
  useEffect(() => {
    step.current = onStep;
  }, [onStep]);

  const stop = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);

  const repeat = () => {
    held.current = true;
    step.current();
    timer.current = setTimeout(repeat, REPEAT_MS);
  };

  return {
    onPointerDown(event: PointerEvent) {
      if (disabled || event.button !== 0) return;
      held.current = false;
      stop();
      timer.current = setTimeout(repeat, HOLD_DELAY_MS);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onClick() {
      stop();
      if (held.current) {
        held.current = false;
        return;
      }
      if (!disabled) step.current();
    },
    onContextMenu(event: { preventDefault(): void }) {
      // A long press on a phone opens no context menu over the table.
      event.preventDefault();
    },
  };
}
