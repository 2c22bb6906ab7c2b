/**
 * A REST write is a batch of one (server/sync/run.ts): it runs without a savepoint, so its
 * refusal rolls back the whole transaction. Nothing of a refused write may stay (not even the
 * claim of its id), the connection must be usable afterwards (on PostgreSQL a failed statement
 * aborts the transaction), and the same Idempotency-Key is judged again.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMutations, directMessages } from '../../../server/db/schema';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { startServer, type TestServer } from '../helpers';
import { keyed, people } from '../social/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const claims = (userId: string, id: string) =>
  server.database.db.select().from(appliedMutations).where(and(eq(appliedMutations.userId, userId), eq(appliedMutations.id, id)));

describe('a REST write (a batch of one)', () => {
  it('refused after a failed statement (unknown receiver: the foreign key) leaves nothing, and the next write goes through', async () => {
    const [ann, bob] = await people(server, 2, 'rs');
    const key = crypto.randomUUID();
    const refused = await server.request('POST', '/api/direct-messages/send', { token: ann!.token, headers: keyed(key), body: { receiverId: crypto.randomUUID(), content: 'nobody' } });
    expect(refused.status).toBe(404);
    expect(await claims(ann!.user.id, key)).toEqual([]);
    const sent = await server.request('POST', '/api/direct-messages/send', { token: ann!.token, body: { receiverId: bob!.user.id, content: 'somebody' } });
    expect(sent.status).toBe(201);
    const stored = await server.database.db.select().from(directMessages).where(eq(directMessages.senderId, ann!.user.id));
    expect(stored.map((row) => row.content)).toEqual(['somebody']);
  });

  it('refused, then sent again with the same key once the cause is gone, is applied (not answered as a repeat)', async () => {
    const [ann, bob] = await people(server, 2, 'rb');
    expect((await server.request('POST', '/api/blocks', { token: bob!.token, body: { userId: ann!.user.id } })).status).toBe(201);
    const key = crypto.randomUUID();
    const send = () => server.request('POST', '/api/direct-messages/send', { token: ann!.token, headers: keyed(key), body: { receiverId: bob!.user.id, content: 'hello' } });
    expect((await send()).status).toBe(404);
    expect(await claims(ann!.user.id, key)).toEqual([]);
    expect((await server.request('DELETE', `/api/blocks/${ann!.user.id}`, { token: bob!.token })).status).toBe(204);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await claims(ann!.user.id, key)).toHaveLength(1);
  });
});
