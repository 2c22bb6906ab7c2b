/**
 * USER_DELETED (someone who shared something with this user deleted their account): its rows
 * come only from the log entry, so the next position asks for a pull and leaves the cursor
 * where it is; an old one is ignored.
 */
import { describe, expect, it } from 'vitest';
import { readCursor, writeCursor } from '../../../src/sync/engine/cursor';
import { applyLiveEvent } from '../../../src/sync/engine/live-events';
import { freshDb } from './helpers';

describe('USER_DELETED', () => {
  it('the next position pulls without moving the cursor; an older one is ignored', async () => {
    const db = await freshDb();
    await writeCursor(db, 4);
    expect(await applyLiveEvent(db, { type: 'USER_DELETED', userId: 'u2', pos: 5 })).toBe('pull');
    expect(await readCursor(db)).toBe(4);
    expect(await applyLiveEvent(db, { type: 'USER_DELETED', userId: 'u2', pos: 3 })).toBe('ignored');
    expect(await readCursor(db)).toBe(4);
  });
});
