/**
 * Editing and deleting one's own message on the device: the optimistic change (new text and
 * `editedAt`, or blank text and `deletedAt`), its rebase over newer server copies, a refusal and
 * its Discard, and a deletion that a late, older copy cannot undo in the mirror.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DirectMessage, PodMessage } from '../../../src/contract/social';
import type { PodTableDB } from '../../../src/db/schema';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { discardWrite } from '../../../src/sync/engine/failed-writes';
import { mutate } from '../../../src/sync/engine/mutate';
import { freshDb } from './helpers';

const me = { id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null };
const bo = { id: 'u2', username: 'bo', displayName: null, avatarUrl: null };

function dm(patch: Partial<DirectMessage> = {}): DirectMessage {
  return { id: 'm1', clientId: 'm1', senderId: me.id, receiverId: bo.id, content: 'helo', createdAt: '2026-01-01T10:00:00.000Z', sender: me, ...patch };
}

function podMessage(patch: Partial<PodMessage> = {}): PodMessage {
  return { id: 'pm1', clientId: 'pm1', podId: 'p1', content: 'gg', createdAt: '2026-01-01T10:00:00.000Z', sender: { id: me.id, username: me.username, displayName: null }, ...patch };
}

let db: PodTableDB;
beforeEach(async () => {
  db = await freshDb(me.id);
});
afterEach(() => db.close());

describe('dm.edit and dm.delete on the mirror', () => {
  it('an edit shows at once with editedAt, queued, and the server copy is kept as its base', async () => {
    await applyServerData(db, { puts: { directMessages: [dm()] } });
    const entry = await mutate(db, 'dm.edit', { id: 'm1', content: '  hello  ' });
    expect(entry.target).toEqual({ table: 'directMessages', id: 'm1' });
    expect(await db.directMessages.get('m1')).toMatchObject({ content: 'hello', editedAt: expect.any(String), syncState: 'queued', peerId: bo.id });
    expect((await db.bases.get('directMessages:m1'))?.row).toMatchObject({ content: 'helo' });
    expect((await db.directMessages.get('m1'))?.deletedAt).toBeUndefined();
  });

  it('a deletion blanks the text at once and sets deletedAt; an edit queued after it changes nothing', async () => {
    await applyServerData(db, { puts: { directMessages: [dm()] } });
    await mutate(db, 'dm.delete', { id: 'm1' });
    await mutate(db, 'dm.edit', { id: 'm1', content: 'too late' });
    expect(await db.directMessages.get('m1')).toMatchObject({ content: '', deletedAt: expect.any(String), syncState: 'queued' });
    expect((await db.directMessages.get('m1'))?.editedAt).toBeUndefined();
  });

  it("leaves someone else's message alone (the server refuses it too)", async () => {
    await applyServerData(db, { puts: { directMessages: [dm({ senderId: bo.id, receiverId: me.id, sender: bo })] } });
    await mutate(db, 'dm.edit', { id: 'm1', content: 'not mine' });
    expect(await db.directMessages.get('m1')).toMatchObject({ content: 'helo' });
  });

  it('rebases a pending edit over a newer server copy, then takes the server row when the edit is applied', async () => {
    await applyServerData(db, { puts: { directMessages: [dm()] } });
    const edit = await mutate(db, 'dm.edit', { id: 'm1', content: 'from this phone' });
    // Another device of mine edited it first: the pending edit still shows on top.
    await applyServerData(db, { puts: { directMessages: [dm({ content: 'from the laptop', editedAt: '2026-01-01T10:01:00.000Z' })] } });
    expect(await db.directMessages.get('m1')).toMatchObject({ content: 'from this phone', syncState: 'queued' });
    await applyServerData(db, { applied: [edit.id], puts: { directMessages: [dm({ content: 'from this phone', editedAt: '2026-01-01T10:02:00.000Z' })] } });
    expect(await db.directMessages.get('m1')).toEqual({ ...dm({ content: 'from this phone', editedAt: '2026-01-01T10:02:00.000Z' }), peerId: bo.id });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.bases.count()).toBe(0);
  });

  it('a refused edit shows the server copy marked failed with its message; Discard leaves the server copy unmarked', async () => {
    await applyServerData(db, { puts: { directMessages: [dm()] } });
    const edit = await mutate(db, 'dm.edit', { id: 'm1', content: 'hello' });
    await applyServerData(db, { refused: new Map([[edit.id, 'This message was deleted and can no longer be edited.']]) });
    expect(await db.directMessages.get('m1')).toMatchObject({ content: 'helo', syncState: 'failed', syncError: 'This message was deleted and can no longer be edited.' });
    expect(await db.outbox.get({ id: edit.id })).toMatchObject({ status: 'failed' });
    await discardWrite(db, edit.id);
    expect(await db.directMessages.get('m1')).toEqual({ ...dm(), peerId: bo.id });
  });

  it('a message sent and deleted offline is sent, then deleted, in that order', async () => {
    const sent = await mutate(db, 'dm.send', { id: crypto.randomUUID(), receiverId: bo.id, content: 'wrong chat' });
    const deletion = await mutate(db, 'dm.delete', { id: sent.id });
    expect(await db.directMessages.get(sent.id)).toMatchObject({ content: '', deletedAt: expect.any(String), syncState: 'queued' });
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((entry) => entry.name)).toEqual(['dm.send', 'dm.delete']);
    expect(queued[1]!.id).toBe(deletion.id);
  });

  it("moves the conversation's preview to the deletion of its latest message", async () => {
    const fromBo = { senderId: bo.id, receiverId: me.id, sender: bo };
    await applyServerData(db, { puts: { directMessages: [dm(fromBo)] } });
    await applyServerData(db, { puts: { directMessages: [dm({ ...fromBo, content: '', deletedAt: '2026-01-01T10:05:00.000Z' })] } });
    expect((await db.conversations.get(bo.id))?.lastMessage).toEqual({ content: '', createdAt: dm().createdAt, deletedAt: '2026-01-01T10:05:00.000Z' });
  });

  it('a copy read before the deletion never brings the text back', async () => {
    await applyServerData(db, { puts: { directMessages: [dm({ content: '', deletedAt: '2026-01-01T10:05:00.000Z' })] } });
    await applyServerData(db, { puts: { directMessages: [dm({ content: 'secret' })] } });
    expect(await db.directMessages.get('m1')).toMatchObject({ content: '', deletedAt: '2026-01-01T10:05:00.000Z' });
  });
});

describe('pod.message.edit and pod.message.delete on the mirror', () => {
  it('edit and delete show at once; the acknowledged deletion stays against a late older copy', async () => {
    await applyServerData(db, { puts: { podMessages: [podMessage()] } });
    const edit = await mutate(db, 'pod.message.edit', { id: 'pm1', podId: 'p1', content: 'gg wp' });
    expect(await db.podMessages.get('pm1')).toMatchObject({ content: 'gg wp', editedAt: expect.any(String), syncState: 'queued' });
    const deletion = await mutate(db, 'pod.message.delete', { id: 'pm1', podId: 'p1' });
    expect(await db.podMessages.get('pm1')).toMatchObject({ content: '', deletedAt: expect.any(String), syncState: 'queued' });

    await applyServerData(db, { applied: [edit.id, deletion.id], puts: { podMessages: [podMessage({ content: '', editedAt: '2026-01-01T10:01:00.000Z', deletedAt: '2026-01-01T10:02:00.000Z' })] } });
    await applyServerData(db, { puts: { podMessages: [podMessage({ content: 'gg wp', editedAt: '2026-01-01T10:01:00.000Z' })] } });
    expect(await db.podMessages.get('pm1')).toEqual(podMessage({ content: '', editedAt: '2026-01-01T10:01:00.000Z', deletedAt: '2026-01-01T10:02:00.000Z' }));
  });

  it('a path naming another pod changes nothing here either', async () => {
    await applyServerData(db, { puts: { podMessages: [podMessage()] } });
    await mutate(db, 'pod.message.delete', { id: 'pm1', podId: 'p2' });
    expect(await db.podMessages.get('pm1')).toMatchObject({ content: 'gg' });
  });
});
