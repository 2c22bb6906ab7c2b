/** A 429 is a calm line, not an error: direct requests and queued writes alike. */
import { describe, expect, it } from 'vitest';
import { pushResponse } from '../../../src/contract/sync';
import { ServerText } from '../../../src/contract/users';
import { readSession } from '../../../src/db/session';
import { ApiError, createApiClient, serverMessage } from '../../../src/sync/engine/api';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { mutate } from '../../../src/sync/engine/mutate';
import { SENDING_QUICKLY } from '../../../src/sync/engine/rate-limit';
import { createSender } from '../../../src/sync/engine/sender';
import { freshDb, scriptedApi } from './helpers';

const answering = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  createApiClient({ getToken: () => 'tkn', fetchImpl: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }) });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('429 from a direct request', () => {
  it('reads as the calm line, in the message and in the body screens show, with Retry-After', async () => {
    const api = answering(429, { message: 'Too many requests. Please wait a moment and try again.' }, { 'retry-after': '12' });
    const error = await failure(api.request('POST', '/api/users/me/password', { body: {} }));
    expect(error.status).toBe(429);
    expect(error.message).toBe(SENDING_QUICKLY);
    expect(serverMessage(error)).toBe(SENDING_QUICKLY);
    expect(error.retryAfterSeconds).toBe(12);
  });

  it("keeps the login brake's own text (it is about password attempts)", async () => {
    const error = await failure(answering(429, { message: ServerText.tooManyRequests }).request('POST', '/api/users/login', { body: {} }));
    expect(serverMessage(error)).toBe(ServerText.tooManyRequests);
  });

  it('other errors are unchanged', async () => {
    const error = await failure(answering(404, { message: 'User not found.' }).request('GET', '/api/x'));
    expect([error.message, serverMessage(error)]).toEqual(['An error occurred while fetching the data.', 'User not found.']);
  });
});

describe('429 for queued writes', () => {
  const pod = { id: 'p1', name: 'Friday', ownerId: 'u1', createdById: 'u1', members: [{ id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null }], createdAt: '2026-01-01T00:00:00.000Z', rev: 1 };
  const readAnswer = (raw: unknown) => pushResponse.parse(raw);

  it('marks the session slowed down while the server asks to wait, and clears it with the next answer; the write stays queued', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod] } });
    const entry = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'hi' });
    let limited = true;
    const api = scriptedApi(() =>
      limited ? { results: [], retryAfter: 3, pull: null } : { results: [{ id: entry.id, status: 'applied' }], pull: null },
    );
    const sender = createSender({ db, api, readAnswer });
    expect(await sender.drain()).toEqual({ state: 'waiting', retryInMs: 3000 });
    expect((await readSession(db)).slowedDown).toBe(true);
    expect(await db.outbox.toArray()).toMatchObject([{ id: entry.id, status: 'queued', attempts: 0 }]);
    limited = false;
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect((await readSession(db)).slowedDown).toBe(false);
  });

  it('a whole-request 429 also waits for Retry-After and says so calmly', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod] } });
    await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'hi' });
    const api = scriptedApi(() => {
      throw new ApiError(429, { message: SENDING_QUICKLY }, SENDING_QUICKLY, 5);
    });
    expect(await createSender({ db, api, readAnswer }).drain()).toEqual({ state: 'waiting', retryInMs: 5000 });
    expect((await readSession(db)).slowedDown).toBe(true);
  });
});
