/**
 * The conversation list reads `direct_conversations`, which a trigger keeps on every insert into
 * `direct_messages`, whatever writes it (a route, the sync push, a bulk insert): each of the two
 * people has a row naming the newest message of the pair, and an older insert never moves it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { directConversations, directMessages } from '../../../server/db/schema';
import { listConversations } from '../../../server/sync/reads';
import { startServer, type TestServer } from '../helpers';
import { people, type Person } from '../social/support';
import { mutation, push } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const lastOf = async (me: Person) => (await listConversations(server.database.db, me.user.id)).map((row) => [row.participant.id, row.lastMessage?.content]);

describe('conversation rows', () => {
  it('follow the newest message in either direction, for both people; an edit or a deletion of it shows', async () => {
    const [ann, bob, cleo] = await people(server, 3, 'cr');
    await push(server, ann!.token, [mutation('dm.send', { id: crypto.randomUUID(), receiverId: bob!.user.id, content: 'hi bob' })]);
    await push(server, cleo!.token, [mutation('dm.send', { id: crypto.randomUUID(), receiverId: ann!.user.id, content: 'hi ann' })]);
    const reply = crypto.randomUUID();
    await push(server, bob!.token, [mutation('dm.send', { id: reply, receiverId: ann!.user.id, content: 'hi back' })]);

    expect(await lastOf(ann!)).toEqual([
      [bob!.user.id, 'hi back'],
      [cleo!.user.id, 'hi ann'],
    ]);
    expect(await lastOf(bob!)).toEqual([[ann!.user.id, 'hi back']]);
    expect(await lastOf(cleo!)).toEqual([[ann!.user.id, 'hi ann']]);

    await push(server, bob!.token, [mutation('dm.edit', { id: reply, content: 'hi back!' })]);
    expect((await lastOf(ann!))[0]).toEqual([bob!.user.id, 'hi back!']);
    await push(server, bob!.token, [mutation('dm.delete', { id: reply })]);
    const [deleted] = await listConversations(server.database.db, ann!.user.id, { peerIds: [bob!.user.id] });
    expect(deleted?.lastMessage).toMatchObject({ content: '', deletedAt: expect.any(String) });
  });

  it('a message written straight into the table moves its conversation; a back-dated one does not', async () => {
    const [ann, bob] = await people(server, 2, 'cb');
    const db = server.database.db;
    const insert = (content: string, createdAt: Date) => db.insert(directMessages).values({ id: crypto.randomUUID(), senderId: bob!.user.id, receiverId: ann!.user.id, content, createdAt });
    await insert('now', new Date());
    await insert('long ago', new Date(Date.now() - 86_400_000));
    expect(await lastOf(ann!)).toEqual([[bob!.user.id, 'now']]);
    expect(await lastOf(bob!)).toEqual([[ann!.user.id, 'now']]);
    const rows = await db.select().from(directConversations).where(and(eq(directConversations.userId, ann!.user.id), eq(directConversations.peerId, bob!.user.id)));
    expect(rows).toHaveLength(1);
  });

  it('a list asked for some peers, or for the newest few, answers only those', async () => {
    const [ann, bob, cleo] = await people(server, 3, 'cl');
    await push(server, bob!.token, [mutation('dm.send', { id: crypto.randomUUID(), receiverId: ann!.user.id, content: 'from bob' })]);
    await push(server, cleo!.token, [mutation('dm.send', { id: crypto.randomUUID(), receiverId: ann!.user.id, content: 'from cleo' })]);
    const db = server.database.db;
    expect((await listConversations(db, ann!.user.id, { limit: 1 })).map((row) => row.participant.id)).toEqual([cleo!.user.id]);
    expect((await listConversations(db, ann!.user.id, { peerIds: [bob!.user.id] })).map((row) => row.participant.id)).toEqual([bob!.user.id]);
    expect(await listConversations(db, ann!.user.id, { peerIds: [] })).toEqual([]);
  });
});
