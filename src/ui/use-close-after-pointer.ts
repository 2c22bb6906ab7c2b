/**
 * A popup in the flow (it pushes down what is under it) that closes on blur would, when a
 * pointer press elsewhere took the focus, move the control under the pointer before the pointer
 * comes up: the click lands on something else, or nothing (a Save button below an open list of
 * suggestions "does nothing"). The returned `closeOnBlur(close)` closes at once when the focus
 * left by keyboard, and, while a pointer is down, only after it is up and its click has run.
 */
import { useCallback, useEffect, useRef } from 'react';

export function useCloseAfterPointer(): (close: () => void) => void {
  const pressed = useRef(false);
  useEffect(() => {
    const press = () => {
      pressed.current = true;
    };
    const release = () => {
      pressed.current = false;
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);
  return useCallback((close: () => void) => {
    if (!pressed.current) {
      close();
      return;
    }
    // The click follows pointerup in the same task; a timer runs after it.
    const after = () => {
      document.removeEventListener('pointerup', after, true);
      document.removeEventListener('pointercancel', after, true);
      setTimeout(close, 0);
    };
    document.addEventListener('pointerup', after, true);
    document.addEventListener('pointercancel', after, true);
  }, []);
}
