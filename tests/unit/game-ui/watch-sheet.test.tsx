// @vitest-environment happy-dom
/**
 * The playmat's TV sheet (src/features/game/watch/watch-sheet.tsx) against a stubbed sync layer:
 * opening makes a link and shows it with its QR code; New link replaces it; Stop sharing stops
 * it and opening again does not make another; a link made elsewhere is said to be live without
 * its address; offline it says a connection is needed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

const gameWatch = vi.hoisted(() => ({ read: vi.fn(), renew: vi.fn(), stop: vi.fn() }));
vi.mock('../../../src/sync/app', () => ({ actions: { gameWatch } }));

import { WatchText } from '../../../src/contract/game-watch';
import { WatchSheet, WatchSheetText } from '../../../src/features/game/watch/watch-sheet';
import { NetworkError } from '../../../src/sync/engine/api';

const T1 = 'a'.repeat(43);
const T2 = 'b'.repeat(43);
const made = (token: string) => ({ live: true, createdAt: '2026-11-28T20:00:00.000Z', token });
const none = { live: false, createdAt: null, token: null };

function sheet(open = true) {
  return render(<WatchSheet open={open} gameId="g1" onClose={() => undefined} />);
}

describe('the TV sheet', () => {
  beforeEach(() => {
    for (const spy of Object.values(gameWatch)) spy.mockReset();
  });
  afterEach(cleanup);

  it('makes a link when none lives and shows it with its QR code; New link shows the new one', async () => {
    gameWatch.read.mockResolvedValue(none);
    gameWatch.renew.mockResolvedValueOnce(made(T1)).mockResolvedValueOnce(made(T2));
    sheet();
    expect(await screen.findByText(`${window.location.origin}/watch/${T1}`)).toBeTruthy();
    expect(await screen.findByRole('img', { name: WatchSheetText.qrLabel })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: WatchSheetText.newLink }));
    expect(await screen.findByText(`${window.location.origin}/watch/${T2}`)).toBeTruthy();
    expect(gameWatch.renew).toHaveBeenCalledTimes(2);
  });

  it('Stop sharing stops the link, and opening the sheet again does not make another', async () => {
    gameWatch.read.mockResolvedValueOnce(none).mockResolvedValue(none);
    gameWatch.renew.mockResolvedValue(made(T1));
    gameWatch.stop.mockResolvedValue(none);
    const view = sheet();
    await screen.findByText(`${window.location.origin}/watch/${T1}`);
    fireEvent.click(screen.getByRole('button', { name: WatchSheetText.stop }));
    expect(await screen.findByText(WatchSheetText.stopped)).toBeTruthy();
    expect(screen.queryByText(`${window.location.origin}/watch/${T1}`)).toBeNull();
    view.rerender(<WatchSheet open={false} gameId="g1" onClose={() => undefined} />);
    view.rerender(<WatchSheet open gameId="g1" onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: WatchSheetText.make })).toBeTruthy();
    expect(gameWatch.renew).toHaveBeenCalledTimes(1);
  });

  it('a link made on another phone is live without its address', async () => {
    gameWatch.read.mockResolvedValue({ live: true, createdAt: '2026-11-28T20:00:00.000Z', token: null });
    sheet();
    expect(await screen.findByText(WatchSheetText.liveElsewhere)).toBeTruthy();
    expect(screen.getByRole('button', { name: WatchSheetText.stop })).toBeTruthy();
    expect(gameWatch.renew).not.toHaveBeenCalled();
  });

  it('without a connection it says the link needs one', async () => {
    gameWatch.read.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));
    sheet();
    expect((await screen.findByRole('alert')).textContent).toBe(WatchText.offlineLink);
  });
});
