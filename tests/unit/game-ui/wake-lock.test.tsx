// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useWakeLock } from '../../../src/features/game/playmat/use-wake-lock';

class FakeSentinel {
  released = false;
  release = vi.fn(async () => {
    this.released = true;
  });
}

function installWakeLock(request: (type: 'screen') => Promise<FakeSentinel>) {
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request: vi.fn(request) } });
  return (navigator as unknown as { wakeLock: { request: ReturnType<typeof vi.fn> } }).wakeLock.request;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'wakeLock');
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('useWakeLock', () => {
  it('keeps the screen on while shown, asks again when the page is visible again, releases on unmount', async () => {
    const sentinels: FakeSentinel[] = [];
    const request = installWakeLock(async () => {
      const sentinel = new FakeSentinel();
      sentinels.push(sentinel);
      return sentinel;
    });
    setVisibility('visible');
    const { unmount } = renderHook(() => useWakeLock(true));
    await waitFor(() => expect(request).toHaveBeenCalledExactlyOnceWith('screen'));

    // The browser drops the lock when the page is hidden; coming back takes a new one.
    sentinels[0]!.released = true;
    act(() => setVisibility('hidden'));
    expect(request).toHaveBeenCalledTimes(1);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));

    unmount();
    expect(sentinels[1]!.release).toHaveBeenCalledOnce();
    act(() => setVisibility('visible'));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing when disabled, and is silent where unsupported or refused', async () => {
    const request = installWakeLock(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    renderHook(() => useWakeLock(false));
    expect(request).not.toHaveBeenCalled();
    renderHook(() => useWakeLock(true));
    await waitFor(() => expect(request).toHaveBeenCalledOnce());

    Reflect.deleteProperty(navigator, 'wakeLock');
    expect(() => renderHook(() => useWakeLock(true))).not.toThrow();
  });
});
