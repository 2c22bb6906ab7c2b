/** Decks: CRUD, ownership, bad input, and the default deck of the profile. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeckText, type Deck } from '../../../src/contract/decks';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/contract/limits';
import type { User } from '../../../src/contract/users';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { openSocket, startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('decks CRUD', () => {
  it('creates with the client id (normalised), lists, reads, replaces and deletes', async () => {
    const { token } = await server.newUser('deck');
    const id = randomUUID();
    const created = await server.request<Deck>('POST', '/api/decks', {
      token,
      body: {
        id,
        name: '  Superfriends ',
        description: '   ',
        commander: ' Atraxa ',
        hasPartner: false,
        partnerCommander: 'Stale partner',
        externalLinks: ['https://moxfield.example/decks/1', '   ', ''],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id,
      name: 'Superfriends',
      description: null,
      commander: 'Atraxa',
      hasPartner: false,
      partnerCommander: null,
      externalLinks: ['https://moxfield.example/decks/1'],
      cards: [],
      bracket: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      rev: 1,
    });

    const withoutId = await server.request<Deck>('POST', '/api/decks', { token, body: { name: 'Partners', hasPartner: true, commander: 'Tymna', partnerCommander: 'Thrasios' } });
    expect(withoutId.status).toBe(201);
    expect(withoutId.body.id).toMatch(UUID);
    expect(withoutId.body.partnerCommander).toBe('Thrasios');

    const list = await server.request<Deck[]>('GET', '/api/decks', { token });
    expect(list.status).toBe(200);
    expect(list.body.map((deck) => deck.id)).toEqual([id, withoutId.body.id]);
    expect((await server.request<Deck>('GET', `/api/decks/${id}`, { token })).body).toEqual(created.body);

    const replaced = await server.request<Deck>('PUT', `/api/decks/${id}`, { token, body: { id: randomUUID(), name: 'Superfriends v2', externalLinks: [] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id, name: 'Superfriends v2', commander: null, externalLinks: [], createdAt: created.body.createdAt });

    const removed = await server.request('DELETE', `/api/decks/${id}`, { token });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await server.request('GET', `/api/decks/${id}`, { token })).status).toBe(404);
    expect((await server.request('DELETE', `/api/decks/${id}`, { token })).status).toBe(404);
    expect((await server.request<Deck[]>('GET', '/api/decks', { token })).body.map((deck) => deck.id)).toEqual([withoutId.body.id]);
  });

  it('a replayed create (same client id) answers the deck it made and makes no second one', async () => {
    const { token } = await server.newUser('replay');
    const body = { id: randomUUID(), name: 'Once' };
    const first = await server.request<Deck>('POST', '/api/decks', { token, body });
    const second = await server.request<Deck>('POST', '/api/decks', { token, body: { ...body, name: 'Twice?' } });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect((await server.request<Deck[]>('GET', '/api/decks', { token })).body).toHaveLength(1);

    const key = randomUUID();
    const keyed = await server.request<Deck>('POST', '/api/decks', { token, body: { name: 'Keyed' }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    const again = await server.request<Deck>('POST', '/api/decks', { token, body: { name: 'Keyed' }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(keyed.body);
    expect((await server.request<Deck[]>('GET', '/api/decks', { token })).body).toHaveLength(2);
  });

  it("another user's id is taken (409), and their decks are invisible (404) and unchanged", async () => {
    const owner = await server.newUser('own');
    const other = await server.newUser('oth');
    const deck = (await server.request<Deck>('POST', '/api/decks', { token: owner.token, body: { name: 'Mine' } })).body;

    const taken = await server.request('POST', '/api/decks', { token: other.token, body: { id: deck.id, name: 'Theirs' } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'A deck with this id already exists.' });
    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'Hijacked' }], ['DELETE', undefined]] as const) {
      const answer = await server.request(method, `/api/decks/${deck.id}`, { token: other.token, body });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Deck not found.' });
    }
    expect((await server.request<Deck[]>('GET', '/api/decks', { token: other.token })).body).toEqual([]);
    expect((await server.request<Deck>('GET', `/api/decks/${deck.id}`, { token: owner.token })).body).toEqual(deck);
  });

  it('answers 401 without a token', async () => {
    for (const [method, path] of [['GET', '/api/decks'], ['POST', '/api/decks'], ['GET', `/api/decks/${randomUUID()}`], ['PUT', `/api/decks/${randomUUID()}`], ['DELETE', `/api/decks/${randomUUID()}`]]) {
      const answer = await server.request(method!, path!, { body: method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('deck brackets', () => {
  it('stores a declared bracket, answers it in every view, keeps it on a save without one and clears it on null', async () => {
    const { token } = await server.newUser('bracket');
    const id = randomUUID();
    const created = await server.request<Deck>('POST', '/api/decks', { token, body: { id, name: 'Stax', bracket: 4 } });
    expect(created.status).toBe(201);
    expect(created.body.bracket).toBe(4);
    expect((await server.request<Deck>('GET', `/api/decks/${id}`, { token })).body.bracket).toBe(4);
    expect((await server.request<Deck[]>('GET', '/api/decks', { token })).body.map((deck) => deck.bracket)).toEqual([4]);

    const changed = await server.request<Deck>('PUT', `/api/decks/${id}`, { token, body: { name: 'Stax', bracket: 5 } });
    expect(changed.body.bracket).toBe(5);
    // A client from before brackets sends no field: the declared bracket stays.
    const older = await server.request<Deck>('PUT', `/api/decks/${id}`, { token, body: { name: 'Stax (old app)' } });
    expect(older.body).toMatchObject({ name: 'Stax (old app)', bracket: 5 });
    const cleared = await server.request<Deck>('PUT', `/api/decks/${id}`, { token, body: { name: 'Stax', bracket: null } });
    expect(cleared.body.bracket).toBeNull();
    expect((await server.request<Deck>('GET', `/api/decks/${id}`, { token })).body.bracket).toBeNull();
  });

  it('a deck created without a bracket reads as not declared (null)', async () => {
    const { token } = await server.newUser('bracket');
    const created = await server.request<Deck>('POST', '/api/decks', { token, body: { name: 'Precon' } });
    expect(created.body.bracket).toBeNull();
  });

  it('a PUT with a bad bracket is a 400 and leaves the stored one', async () => {
    const { token } = await server.newUser('bracket');
    const id = randomUUID();
    await server.request<Deck>('POST', '/api/decks', { token, body: { id, name: 'Casual', bracket: 2 } });
    const answer = await server.request('PUT', `/api/decks/${id}`, { token, body: { name: 'Casual', bracket: 6 } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: DeckText.badBracket });
    expect((await server.request<Deck>('GET', `/api/decks/${id}`, { token })).body.bracket).toBe(2);
  });
});

describe('decks: bad input is a 4xx with a message and stores nothing', () => {
  it.each([
    [{}, DeckText.nameRequired],
    [{ name: '   ' }, DeckText.nameRequired],
    [{ name: 'x'.repeat(81) }, DeckText.nameTooLong],
    [{ name: 'ok', externalLinks: ['javascript:alert(1)'] }, DeckText.linkNotHttp],
    [{ name: 'ok', externalLinks: Array.from({ length: 11 }, (_, i) => `https://e.example/${i}`) }, DeckText.tooManyLinks],
    [{ name: 'ok', id: 'not-a-uuid' }, 'id must be a UUID.'],
    [{ name: 42 }, DeckText.nameRequired],
    [{ name: 'ok', hasPartner: 'yes' }, 'hasPartner: Invalid input: expected boolean, received string'],
    [{ name: 'ok', bracket: 0 }, DeckText.badBracket],
    [{ name: 'ok', bracket: 6 }, DeckText.badBracket],
    [{ name: 'ok', bracket: 2.5 }, DeckText.badBracket],
    [{ name: 'ok', bracket: 'x' }, DeckText.badBracket],
    [{ name: 'ok', bracket: '3' }, DeckText.badBracket],
  ])('POST %j → 400', async (body, message) => {
    const { token } = await server.newUser('bad');
    const answer = await server.request('POST', '/api/decks', { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
    expect((await server.request<Deck[]>('GET', '/api/decks', { token })).body).toEqual([]);
  });

  it('non-UUID path ids are 404, a non-object body 400', async () => {
    const { token } = await server.newUser('bad');
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await server.request(method, "/api/decks/not-a-uuid'--", { token, body: method === 'PUT' ? { name: 'x' } : undefined });
      expect(answer.status, method).toBe(404);
    }
    const array = await server.request('POST', '/api/decks', { token, body: [{ name: 'x' }] });
    expect(array.status).toBe(400);
    expect(array.body).toEqual({ message: 'The request body must be a JSON object.' });
  });
});

describe('the default deck', () => {
  it('PUT /api/users/me takes only one of your decks', async () => {
    const me = await server.newUser('def');
    const other = await server.newUser('oth');
    const mine = (await server.request<Deck>('POST', '/api/decks', { token: me.token, body: { name: 'Mine' } })).body;
    const theirs = (await server.request<Deck>('POST', '/api/decks', { token: other.token, body: { name: 'Theirs' } })).body;

    const chosen = await server.request<User>('PUT', '/api/users/me', { token: me.token, body: { defaultDeckId: mine.id } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.defaultDeckId).toBe(mine.id);
    for (const defaultDeckId of [theirs.id, randomUUID(), 'deck-1']) {
      const refused = await server.request('PUT', '/api/users/me', { token: me.token, body: { defaultDeckId, displayName: 'Not saved' } });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: 'Choose one of your decks.' });
    }
    const now = await server.request<User>('GET', '/api/users/me', { token: me.token });
    expect(now.body).toMatchObject({ defaultDeckId: mine.id, displayName: null });
  });

  it('deleting the default deck clears it and tells the owner live; deleting another deck keeps it', async () => {
    const me = await server.newUser('clr');
    const keep = (await server.request<Deck>('POST', '/api/decks', { token: me.token, body: { name: 'Keep' } })).body;
    const gone = (await server.request<Deck>('POST', '/api/decks', { token: me.token, body: { name: 'Gone' } })).body;
    const other = (await server.request<Deck>('POST', '/api/decks', { token: me.token, body: { name: 'Other' } })).body;
    await server.request('PUT', '/api/users/me', { token: me.token, body: { defaultDeckId: gone.id } });

    expect((await server.request('DELETE', `/api/decks/${other.id}`, { token: me.token })).status).toBe(204);
    expect((await server.request<User>('GET', '/api/users/me', { token: me.token })).body.defaultDeckId).toBe(gone.id);

    const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    expect((await server.request('DELETE', `/api/decks/${gone.id}`, { token: me.token })).status).toBe(204);
    const event = (await socket.next((m) => (m as { type?: string }).type === 'USER_UPDATED')) as { payload: User };
    expect(event.payload).toMatchObject({ id: me.user.id, defaultDeckId: null });
    expect((await server.request<User>('GET', '/api/users/me', { token: me.token })).body.defaultDeckId).toBeNull();
    expect((await server.request<Deck[]>('GET', '/api/decks', { token: me.token })).body.map((deck) => deck.id)).toEqual([keep.id]);
    socket.socket.close(1000);
  });
});
