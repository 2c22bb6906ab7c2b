/**
 * Dexie version 8 (src/db/schema.ts): the read markers' store. A version-7 database upgrades with
 * every row still readable and the outbox untouched; the cursor is forgotten, so the next pull is
 * a snapshot that brings the markers an older app skipped, and a write queued before the update
 * is sent once after it.
 */
import { describe, expect, it } from 'vitest';
import type { PushRequest, PushResponse } from '../../../src/contract/sync';
import { pushResponse } from '../../../src/contract/sync';
import { unreadCounts } from '../../../src/db/queries/unread';
import { openDatabase, type OutboxEntry } from '../../../src/db/schema';
import { readCursor } from '../../../src/sync/engine/cursor';
import { createSender } from '../../../src/sync/engine/sender';
import { scriptedApi, type RecordedCall } from '../sync/helpers';
import { openReleasedVersion } from './released-versions';

const me = { id: 'u1', username: 'ana', displayName: null, email: 'ana@example.test', avatarUrl: null, defaultDeckId: null };
const bo = { id: 'u2', username: 'bo', displayName: 'Bo', avatarUrl: null };
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
/** The message queued before the update (a creating write's id is a UUID). */
const LATER = crypto.randomUUID();

function message(id: string, minute: number, fromMe = false) {
  return {
    id,
    clientId: null,
    senderId: fromMe ? me.id : bo.id,
    receiverId: fromMe ? bo.id : me.id,
    content: id,
    createdAt: at(minute),
    sender: fromMe ? { id: me.id, username: me.username, displayName: null, avatarUrl: null } : bo,
    peerId: bo.id,
  };
}

const body = (call: RecordedCall) => call.options.body as PushRequest;

describe('mirror version 8: read markers', () => {
  it('upgrades a version-7 database: rows readable, outbox intact, cursor forgotten; the snapshot brings the markers', async () => {
    const name = `upgrade-v8-${crypto.randomUUID()}`;
    const old = await openReleasedVersion(name, 7);
    await old.table('meta').bulkPut([
      { key: 'session', value: { userId: me.id, token: 'tkn', paused: false } },
      { key: 'sync:cursor', value: 41 },
    ]);
    await old.table('users').put(me);
    await old.table('conversations').put({ participantId: bo.id, participant: bo, lastMessage: { content: 'd3', createdAt: at(3) } });
    await old.table('directMessages').bulkPut([message('d1', 1), message('d2', 2), message('d3', 3)]);
    const send: OutboxEntry = {
      id: LATER,
      name: 'dm.send',
      args: { id: LATER, receiverId: bo.id, content: 'later' },
      target: { table: 'directMessages', id: LATER },
      keys: [`directMessages:${LATER}`],
      status: 'queued',
      attempts: 0,
      createdAt: 1000,
    };
    await old.table('outbox').add(send);
    await old.table('directMessages').put({ ...message(LATER, 9, true), syncState: 'queued' });
    const queued = await old.table('outbox').toArray();
    old.close();

    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(8);
    expect(db.readMarkers.schema.primKey.keyPath).toBe('id');
    expect(await db.readMarkers.count()).toBe(0);
    expect((await db.directMessages.orderBy('createdAt').toArray()).map((row) => row.id)).toEqual(['d1', 'd2', 'd3', LATER]);
    expect(await readCursor(db)).toBeNull();
    expect((await db.meta.get('session'))?.value).toMatchObject({ userId: me.id });
    expect(await db.outbox.toArray()).toEqual(queued);
    // Offline, before any pull: with no marker yet, every message from bo in the mirror counts.
    expect((await unreadCounts(db, me.id)).total).toBe(3);

    // The queued message goes once, with no cursor: its answer carries the snapshot, markers included.
    const marker = { id: `dm:${bo.id}`, kind: 'dm' as const, targetId: bo.id, upTo: { createdAt: at(2), messageId: 'd2' }, updatedAt: at(5) };
    const api = scriptedApi((call): PushResponse => ({
      results: body(call).mutations.map((m) => ({ id: m.id, status: 'applied' as const })),
      pull: {
        cursor: 50,
        reset: true,
        more: false,
        applied: [],
        puts: { users: [me], conversations: [{ participant: bo, lastMessage: { content: 'later', createdAt: at(9) } }], directMessages: [message('d1', 1), message('d2', 2), message('d3', 3), message(LATER, 9, true)], readMarkers: [marker] },
        dels: {},
      },
    }));
    const sender = createSender({ db, api, readAnswer: (raw) => pushResponse.parse(raw), catchUp: true });
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect(api.calls.map((call) => [body(call).cursor, body(call).mutations.map((m) => m.id)])).toEqual([[null, [send.id]]]);
    expect(await db.outbox.count()).toBe(0);
    expect(await readCursor(db)).toBe(50);
    expect(await db.readMarkers.get(`dm:${bo.id}`)).toEqual(marker);
    expect((await unreadCounts(db, me.id)).dms.get(bo.id)).toBe(1);
    db.close();
  });

  it('a new database has the version-8 store', async () => {
    const db = openDatabase(`fresh-v8-${crypto.randomUUID()}`);
    await db.open();
    await db.readMarkers.put({ id: 'pod:p1', kind: 'pod', targetId: 'p1', upTo: { createdAt: at(1), messageId: 'm1' }, updatedAt: at(1) });
    expect(await db.readMarkers.where('kind').equals('pod').count()).toBe(1);
    db.close();
  });
});
