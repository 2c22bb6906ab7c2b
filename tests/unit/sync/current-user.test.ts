import { describe, expect, it } from 'vitest';
import { getCurrentUser, readSession, wipeMirror } from '../../../src/db/session';
import { applyServerUser } from '../../../src/sync/current-user';
import { saveProfile } from '../../../src/sync/profile';
import { createSender } from '../../../src/sync/sender';
import { appliers } from '../../../src/sync/appliers';
import { freshDb, offline, scriptedApi } from './helpers';

const serverUser = { id: 'u1', username: 'ana', displayName: null, email: 'ana@example.test', avatarUrl: null, defaultDeckId: null };

describe('current user mirror', () => {
  it('shows a profile edit at once, keeps it through a pull while unsent, and takes the server record once sent', async () => {
    const db = await freshDb('u1');
    await applyServerUser(db, serverUser);
    let online = false;
    const api = scriptedApi((call) => {
      if (!online) offline();
      return { ...serverUser, ...(call.options.body as object), displayName: 'Ana the Bold' };
    });
    const ctx = { db, api, kick: () => undefined };

    await saveProfile(ctx, { displayName: 'Ana the Bold' });
    expect((await getCurrentUser(db))?.displayName).toBe('Ana the Bold');

    const sender = createSender({ db, api, appliers });
    expect((await sender.drain()).state).toBe('waiting');
    // A pull brings the old server row: the pending edit stays on top.
    await applyServerUser(db, serverUser);
    expect((await getCurrentUser(db))?.displayName).toBe('Ana the Bold');

    online = true;
    const later = createSender({ db, api, appliers, now: () => Date.now() + 60_000 });
    expect(await later.drain()).toEqual({ state: 'empty' });
    expect(api.calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/users/me', options: { body: { displayName: 'Ana the Bold' } } });
    expect(await getCurrentUser(db)).toEqual({ ...serverUser, displayName: 'Ana the Bold' });
  });

  it('rejects a malformed server user and leaves the mirror unchanged', async () => {
    const db = await freshDb('u1');
    await applyServerUser(db, serverUser);
    await expect(applyServerUser(db, { id: 'u1', username: 42 })).rejects.toThrow();
    expect(await getCurrentUser(db)).toEqual(serverUser);
  });

  it('wipes every table on logout', async () => {
    const db = await freshDb('u1');
    await applyServerUser(db, serverUser);
    await saveProfile({ db, api: scriptedApi(offline), kick: () => undefined }, { displayName: 'x' });
    await wipeMirror(db);
    expect(await db.users.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await readSession(db)).userId).toBeNull();
  });
});
