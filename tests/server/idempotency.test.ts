import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/limits';
import { SyncText } from '../../src/contract/sync';
import type { User } from '../../src/contract/users';
import { requireUser } from '../../server/auth/authenticate';
import { avatars, idempotencyKeys, users } from '../../server/db/schema';
import { HttpError } from '../../server/errors';
import { ABANDONED_AFTER_MS, IDEMPOTENCY_RETENTION_MS, IN_FLIGHT_MESSAGE, REPLAYED_HEADER, purgeIdempotencyKeys } from '../../server/idempotency';
import { GIF_1X1, PNG_1X1 } from './fixtures';
import { startServer, unique, type TestServer } from './helpers';

/** A test-only write: counts its runs, can be held open, and fails on request. */
const runs = new Map<string, number>();
let release: (() => void) | undefined;
let held: Promise<void> | undefined;
let failNext = 0;

function testRoutes(app: FastifyInstance) {
  app.post<{ Body: { item?: string } }>('/api/test/items', { config: { auth: true, idempotent: true } }, async (request, reply) => {
    const user = requireUser(request);
    const item = request.body?.item ?? '';
    if (held) await held;
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('simulated crash');
    }
    if (item === 'invalid') throw new HttpError(400, 'That item is not allowed.');
    if (item === 'busy') throw new HttpError(429, 'Slow down.', { 'retry-after': '1' });
    const count = (runs.get(user.id) ?? 0) + 1;
    runs.set(user.id, count);
    return reply.code(201).send({ item, run: count, userId: user.id });
  });
  app.post('/api/test/other', { config: { auth: true, idempotent: true } }, async (_request, reply) => reply.code(201).send({}));
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ setup: testRoutes });
});
afterAll(async () => {
  await server?.close();
});

const post = (token: string, key: string | undefined, item: string, path = '/api/test/items') =>
  server.request<{ item: string; run: number; message?: string }>('POST', path, {
    token,
    body: { item },
    headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  });

describe('Idempotency-Key machinery', () => {
  it('runs a write once per key; a repeat gets the first answer again', async () => {
    const { token, user } = await server.newUser('idem');
    const key = crypto.randomUUID();
    const first = await post(token, key, 'apple');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ item: 'apple', run: 1, userId: user.id });
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();

    const repeat = await post(token, key, 'apple');
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(runs.get(user.id)).toBe(1);

    // Without a key, or with another key, it runs again.
    expect((await post(token, undefined, 'pear')).body.run).toBe(2);
    expect((await post(token, crypto.randomUUID(), 'plum')).body.run).toBe(3);
  });

  it('keys are per user: the same key from two users runs twice', async () => {
    const a = await server.newUser('ka');
    const b = await server.newUser('kb');
    const key = 'shared-key-1';
    const fromA = await post(a.token, key, 'x');
    const fromB = await post(b.token, key, 'x');
    expect(fromA.body).toEqual({ item: 'x', run: 1, userId: a.user.id });
    expect(fromB.body).toEqual({ item: 'x', run: 1, userId: b.user.id });
    expect(fromB.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('a concurrent duplicate gets 409 while the first is running, then the stored answer', async () => {
    const { token, user } = await server.newUser('conc');
    const key = crypto.randomUUID();
    held = new Promise((resolve) => (release = resolve));
    const first = post(token, key, 'slow');
    // Wait until the first request has reserved the key.
    for (let i = 0; i < 200; i += 1) {
      const rows = await server.database.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
      if (rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const duplicate = await post(token, key, 'slow');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: IN_FLIGHT_MESSAGE });
    held = undefined;
    release!();
    expect((await first).status).toBe(201);
    const later = await post(token, key, 'slow');
    expect(later.status).toBe(201);
    expect(later.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(runs.get(user.id)).toBe(1);
  });

  it('does not store a 5xx (a retry runs and can succeed) but stores a 4xx', async () => {
    const { token, user } = await server.newUser('err');
    const key = crypto.randomUUID();
    failNext = 1;
    const crashed = await post(token, key, 'ok');
    expect(crashed.status).toBe(500);
    expect(crashed.body).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    const retried = await post(token, key, 'ok');
    expect(retried.status).toBe(201);
    expect(retried.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(runs.get(user.id)).toBe(1);

    const badKey = crypto.randomUUID();
    const refused = await post(token, badKey, 'invalid');
    expect(refused.status).toBe(400);
    const refusedAgain = await post(token, badKey, 'invalid');
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.body).toEqual({ message: 'That item is not allowed.' });
    expect(refusedAgain.headers.get(REPLAYED_HEADER)).toBe('true');
  });

  it('does not store a 429 (retry later with the same key must run)', async () => {
    const { token } = await server.newUser('busy');
    const key = crypto.randomUUID();
    expect((await post(token, key, 'busy')).status).toBe(429);
    const retried = await post(token, key, 'fine');
    expect(retried.status).toBe(201);
    expect(retried.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('refuses a key reused for a different request with 422', async () => {
    const { token } = await server.newUser('reuse');
    const key = crypto.randomUUID();
    expect((await post(token, key, 'a')).status).toBe(201);
    const other = await post(token, key, 'a', '/api/test/other');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'This Idempotency-Key was already used for a different request.' });
    // Writes that are mutations keep their keys with the mutation: reused for another kind, 422 too.
    const mutationKey = crypto.randomUUID();
    expect((await server.request('POST', '/api/pods', { token, body: { name: 'Pod' }, headers: { [IDEMPOTENCY_KEY_HEADER]: mutationKey } })).status).toBe(201);
    const renamed = await server.request('PUT', '/api/users/me', { token, body: { displayName: 'x' }, headers: { [IDEMPOTENCY_KEY_HEADER]: mutationKey } });
    expect(renamed.status).toBe(422);
    expect(renamed.body).toEqual({ message: SyncText.mutationIdReused });
    expect((await server.request<User>('GET', '/api/users/me', { token })).body.displayName).toBeNull();
  });

  it.each([[''], ['   '], ['x'.repeat(101)], ['clé']])('refuses an invalid key %j with 400 and runs nothing', async (key) => {
    const { token, user } = await server.newUser('inv');
    const answer = await post(token, key, 'a');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'The Idempotency-Key header must be 1 to 100 printable characters.' });
    expect(runs.get(user.id)).toBeUndefined();
  });

  it('a reservation abandoned by a crashed request is taken over after a while', async () => {
    const { token, user } = await server.newUser('aband');
    const key = crypto.randomUUID();
    await server.database.db.insert(idempotencyKeys).values({
      userId: user.id,
      key,
      request: 'POST /api/test/items',
      createdAt: new Date(Date.now() - 5_000),
    });
    expect((await post(token, key, 'a')).status).toBe(409);
    await server.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - ABANDONED_AFTER_MS - 1000) })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
    const takenOver = await post(token, key, 'a');
    expect(takenOver.status).toBe(201);
    expect((await post(token, key, 'a')).headers.get(REPLAYED_HEADER)).toBe('true');
  });

  it('keys older than 24 h are purged', async () => {
    const { token, user } = await server.newUser('purge');
    const oldKey = crypto.randomUUID();
    const newKey = crypto.randomUUID();
    await post(token, oldKey, 'a');
    await post(token, newKey, 'b');
    await server.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_RETENTION_MS - 1000) })
      .where(eq(idempotencyKeys.key, oldKey));
    await purgeIdempotencyKeys(server.database.db, new Date());
    const left = await server.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((row) => row.key)).toEqual([newKey]);
  });

  it('is ignored without a user (register stays as it is)', async () => {
    const key = crypto.randomUUID();
    const username = unique('anon');
    const first = await server.request('POST', '/api/users', {
      body: { email: `${username}@example.com`, username, password: 'password1' },
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    });
    expect(first.status).toBe(202);
  });
});

describe('account writes are idempotent', () => {
  it('PUT /api/users/me replayed with its key returns the first answer and changes nothing', async () => {
    const { token, user } = await server.newUser('pm');
    const key = crypto.randomUUID();
    const first = await server.request<User>('PUT', '/api/users/me', { token, body: { displayName: 'First' }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    expect(first.body.displayName).toBe('First');
    await server.request('PUT', '/api/users/me', { token, body: { displayName: 'Second' }, headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } });
    const replay = await server.request<User>('PUT', '/api/users/me', { token, body: { displayName: 'First' }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.displayName).toBe('Second');
  });

  it('an avatar upload replayed with its key stores nothing new', async () => {
    const { token, user } = await server.newUser('pa');
    const key = crypto.randomUUID();
    const send = (bytes: Buffer) => {
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(bytes)]), 'a');
      return server.request<User>('POST', '/api/users/avatar', { token, raw: form, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    };
    const first = await send(PNG_1X1);
    const replay = await send(GIF_1X1);
    expect(replay.body).toEqual(first.body);
    const [row] = await server.database.db.select().from(avatars).where(eq(avatars.userId, user.id));
    expect(row!.mime).toBe('image/png');
  });
});
