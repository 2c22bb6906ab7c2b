// The door to the sync layer: one load, sync started once, and a failed load tried again.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SYNC_APP = '../../../src/sync/app';
const startSync = vi.fn();
const syncLayer = () => ({ startSync, actions: { marker: 'the sync layer' } });

describe('loadSync', () => {
  beforeEach(() => {
    vi.resetModules();
    startSync.mockClear();
  });

  it('loads the sync layer once and starts sync once, however often it is asked', async () => {
    vi.doMock(SYNC_APP, syncLayer);
    const { loadSync } = await import('../../../src/sync/load');
    const [first, second] = await Promise.all([loadSync(), loadSync()]);
    const third = await loadSync();
    expect(first.actions).toEqual({ marker: 'the sync layer' });
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(startSync).toHaveBeenCalledOnce();
  });

  it('tries again after a load that failed (e.g. offline before the service worker had the chunk)', async () => {
    vi.doMock(SYNC_APP, () => {
      throw new Error('chunk missing');
    });
    const { loadSync } = await import('../../../src/sync/load');
    await expect(loadSync()).rejects.toThrow();
    expect(startSync).not.toHaveBeenCalled();

    vi.doMock(SYNC_APP, syncLayer);
    const layer = await loadSync();
    expect(layer.actions).toEqual({ marker: 'the sync layer' });
    expect(startSync).toHaveBeenCalledOnce();
  });
});
