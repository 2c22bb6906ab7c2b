// @vitest-environment happy-dom
/** Hold to repeat on the playmat's life halves and ±5 (src/features/game/playmat/use-press-repeat.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HOLD_DELAY_MS, REPEAT_MS, usePressRepeat } from '../../../src/features/game/playmat/use-press-repeat';

function Harness({ onStep, disabled = false }: { onStep(): void; disabled?: boolean }) {
  const press = usePressRepeat(onStep, disabled);
  return (
    <button type="button" disabled={disabled} {...press}>
      step
    </button>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const button = () => screen.getByRole('button', { name: 'step' });

describe('usePressRepeat', () => {
  it('a click steps once; a quick press and release too', () => {
    const onStep = vi.fn();
    render(<Harness onStep={onStep} />);
    fireEvent.click(button());
    expect(onStep).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(button(), { button: 0 });
    act(() => vi.advanceTimersByTime(HOLD_DELAY_MS - 50));
    fireEvent.pointerUp(button());
    fireEvent.click(button());
    expect(onStep).toHaveBeenCalledTimes(2);
  });

  it('a held press steps after the delay, then every REPEAT_MS, and its closing click adds nothing', () => {
    const onStep = vi.fn();
    render(<Harness onStep={onStep} />);
    fireEvent.pointerDown(button(), { button: 0 });
    act(() => vi.advanceTimersByTime(HOLD_DELAY_MS));
    expect(onStep).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(REPEAT_MS * 5));
    expect(onStep).toHaveBeenCalledTimes(6);
    fireEvent.pointerUp(button());
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(REPEAT_MS * 5));
    expect(onStep).toHaveBeenCalledTimes(6);
  });

  it('sliding off the button stops the repeat; a disabled button never steps', () => {
    const onStep = vi.fn();
    const { rerender } = render(<Harness onStep={onStep} />);
    fireEvent.pointerDown(button(), { button: 0 });
    act(() => vi.advanceTimersByTime(HOLD_DELAY_MS + REPEAT_MS));
    fireEvent.pointerLeave(button());
    act(() => vi.advanceTimersByTime(REPEAT_MS * 10));
    expect(onStep).toHaveBeenCalledTimes(2);
    rerender(<Harness onStep={onStep} disabled />);
    fireEvent.pointerDown(button(), { button: 0 });
    act(() => vi.advanceTimersByTime(HOLD_DELAY_MS * 3));
    expect(onStep).toHaveBeenCalledTimes(2);
  });
});
