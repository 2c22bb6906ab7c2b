/**
 * Dexie versions 6 and 7 (src/db/upgrade-v7.ts): game invitation rows are keyed by `id`. A
 * version-5 database upgrades with its invitations still readable, the server copies of pending
 * writes re-keyed, the cursor forgotten and the outbox untouched, so a write queued before the
 * update is sent exactly once after it.
 */
import { describe, expect, it } from 'vitest';
import type { PushRequest, PushResponse } from '../../../src/contract/sync';
import { pushResponse } from '../../../src/contract/sync';
import { openDatabase, type OutboxEntry } from '../../../src/db/schema';
import { readCursor } from '../../../src/sync/engine/cursor';
import { discardWrite } from '../../../src/sync/engine/failed-writes';
import { createSender } from '../../../src/sync/engine/sender';
import { scriptedApi, type RecordedCall } from '../sync/helpers';
import { openReleasedVersion } from './released-versions';

const me = { id: 'u1', username: 'ana', displayName: null, email: 'ana@example.test', avatarUrl: null, defaultDeckId: null };
const host = { id: 'u-host', username: 'host', displayName: 'Host', avatarUrl: null };

/** A game invitation as version 7 stores it (and as the server sends it). */
function invite(id: string, gameId: string) {
  return {
    id,
    invitedBy: host,
    game: { id: gameId, startTime: '2026-01-01T19:00:00.000Z', players: [{ seatNumber: 0, displayName: 'Host' }] },
    createdAt: `2026-01-0${gameId.slice(1)}T19:00:00.000Z`,
  };
}

/** The same invitation as version 5 stored it (keyed by `inviteId`). */
function v5Invite(id: string, gameId: string) {
  const { id: inviteId, ...rest } = invite(id, gameId);
  return { inviteId, ...rest };
}

function answer(inviteId: string, name: 'game.invite.accept' | 'game.invite.decline', status: OutboxEntry['status'], createdAt: number): OutboxEntry {
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    name,
    args: { inviteId },
    target: { table: 'gameInvites', id: inviteId },
    keys: [`gameInvites:${inviteId}`],
    status,
    attempts: 0,
    createdAt,
  };
  return status === 'failed' ? { ...entry, error: 'Game invitation not found.' } : entry;
}

const body = (call: RecordedCall) => call.options.body as PushRequest;

describe('mirror version 7: game invitations keyed by id', () => {
  it('upgrades a version-5 database: rows re-keyed and readable, bases re-keyed, cursor forgotten, outbox intact', async () => {
    const name = `upgrade-v7-${crypto.randomUUID()}`;
    const old = await openReleasedVersion(name, 5);
    await old.table('meta').bulkPut([
      { key: 'session', value: { userId: me.id, token: 'tkn', paused: false } },
      { key: 'sync:cursor', value: 12 },
    ]);
    await old.table('users').put(me);
    // gi1 waits for an answer; gi2 was accepted offline (gone from the table, its server copy in
    // bases); gi3's decline was refused (the row shows failed, its server copy in bases).
    await old.table('gameInvites').bulkPut([v5Invite('gi1', 'g1'), { ...v5Invite('gi3', 'g3'), syncState: 'failed', syncError: 'Game invitation not found.' }]);
    await old.table('bases').bulkPut([
      { key: 'gameInvites:gi2', row: v5Invite('gi2', 'g2') },
      { key: 'gameInvites:gi3', row: v5Invite('gi3', 'g3') },
    ]);
    const accept = answer('gi2', 'game.invite.accept', 'queued', 1000);
    const decline = answer('gi3', 'game.invite.decline', 'failed', 2000);
    await old.table('outbox').bulkAdd([accept, decline]);
    const queued = await old.table('outbox').toArray();
    old.close();

    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(8); // upgraded through 6, 7 and 8 (read markers)
    expect(db.gameInvites.schema.primKey.keyPath).toBe('id');
    expect((await db.gameInvites.toArray()).map((row) => [row.id, 'inviteId' in row])).toEqual([
      ['gi1', false],
      ['gi3', false],
    ]);
    expect(await db.gameInvites.get('gi3')).toMatchObject({ id: 'gi3', game: { id: 'g3' }, syncState: 'failed' });
    expect(await db.gameInvites.where('game.id').equals('g1').count()).toBe(1);
    expect(await db.bases.toArray()).toEqual([
      { key: 'gameInvites:gi2', row: invite('gi2', 'g2') },
      { key: 'gameInvites:gi3', row: invite('gi3', 'g3') },
    ]);
    expect(await readCursor(db)).toBeNull();
    expect(await db.meta.get('upgrade:gameInvites')).toBeUndefined();
    expect((await db.meta.get('session'))?.value).toMatchObject({ userId: me.id });
    expect(await db.outbox.toArray()).toEqual(queued);

    // Discarding the refused decline puts its server copy back: a row the new store accepts.
    await discardWrite(db, decline.id);
    expect(await db.gameInvites.get('gi3')).toEqual(invite('gi3', 'g3'));

    // The queued accept is sent once, with no cursor (so its answer carries a snapshot), and leaves.
    const api = scriptedApi((call): PushResponse => ({
      results: body(call).mutations.map((m) => ({ id: m.id, status: 'applied' as const })),
      pull: { cursor: 20, reset: true, more: false, applied: [], puts: { gameInvites: [invite('gi1', 'g1')] }, dels: {} },
    }));
    const sender = createSender({ db, api, readAnswer: (raw) => pushResponse.parse(raw), catchUp: true });
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect(api.calls.map((call) => [body(call).cursor, body(call).mutations.map((m) => [m.id, m.name, m.args])])).toEqual([
      [null, [[accept.id, 'game.invite.accept', { inviteId: 'gi2' }]]],
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.bases.count()).toBe(0);
    expect((await db.gameInvites.toArray()).map((row) => row.id)).toEqual(['gi1']);
    expect(await readCursor(db)).toBe(20);
    db.close();
  });

  it('a new database has the version-7 store', async () => {
    const db = openDatabase(`fresh-v7-${crypto.randomUUID()}`);
    await db.open();
    expect(db.gameInvites.schema.primKey.keyPath).toBe('id');
    await db.gameInvites.put(invite('gi9', 'g9'));
    expect(await db.gameInvites.get('gi9')).toMatchObject({ id: 'gi9' });
    db.close();
  });
});
