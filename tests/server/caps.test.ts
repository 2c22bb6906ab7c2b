/**
 * Per-user caps on stored things (server/limits/caps.ts, src/contract/caps.ts): at the cap, one
 * more is refused with 409 and the cap's text, over REST and in a sync push alike; nothing is
 * stored; freeing one makes room again; concurrent writes never go past a cap. Rows up to the cap
 * are inserted straight into the database (the caps are far above what a test could click).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, decks, friendships, podInvitations, podMembers, pods, users } from '../../server/db/schema';
import { usernameKey } from '../../server/users/username-key';
import {
  BLOCKS_PER_USER,
  CapText,
  DECKS_PER_USER,
  FRIEND_REQUESTS_PENDING_PER_USER,
  POD_INVITATIONS_PENDING_PER_USER,
  PODS_PER_USER,
} from '../../src/contract/caps';
import { startServer, unique, type TestServer } from './helpers';
import { keyed, makePod, type Person } from './social/support';
import { mutation, push } from './sync/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // Starting a server takes long on a loaded machine.
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const count = async (query: Promise<Array<{ n: number }>>) => Number((await query)[0]!.n);
const deckCount = (ownerId: string) => count(db().select({ n: sql<number>`count(*)` }).from(decks).where(eq(decks.ownerId, ownerId)));

async function person(prefix: string): Promise<Person> {
  const { user, token } = await server.newUser(prefix);
  return { user, token };
}

/** `n` accounts straight in the database (ids only). */
async function accounts(n: number): Promise<string[]> {
  const tag = unique('cap').toLowerCase();
  const rows = Array.from({ length: n }, (_, i) => `${tag}-${i}`).map((username) => ({ username, usernameKey: usernameKey(username), email: `${randomUUID()}@example.com`, passwordHash: 'x' }));
  return (await db().insert(users).values(rows).returning({ id: users.id })).map((row) => row.id);
}

async function fillDecks(ownerId: string, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), ownerId, name: `Deck ${i}`, cards: [] }));
  await db().insert(decks).values(rows);
  return rows.map((row) => row.id);
}

describe('decks', () => {
  it(`at ${DECKS_PER_USER}: REST and push are refused with 409 and the text; deleting one makes room`, async () => {
    const me = await person('dk');
    const existing = await fillDecks(me.user.id, DECKS_PER_USER);
    const rest = await server.request('POST', '/api/decks', { token: me.token, body: { name: 'One too many' } });
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({ message: CapText.decks });
    const pushed = await push(server, me.token, [mutation('deck.save', { id: randomUUID(), name: 'Offline one', create: true })]);
    expect(pushed.results).toEqual([{ id: expect.any(String), status: 'refused', code: 409, message: CapText.decks }]);
    expect(await deckCount(me.user.id)).toBe(DECKS_PER_USER);
    // Changing a deck stores nothing new: never capped.
    expect((await server.request('PUT', `/api/decks/${existing[0]}`, { token: me.token, body: { name: 'Renamed' } })).status).toBe(200);
    expect((await server.request('DELETE', `/api/decks/${existing[1]}`, { token: me.token })).status).toBe(204);
    expect((await server.request('POST', '/api/decks', { token: me.token, body: { name: 'Fits again' } })).status).toBe(201);
    expect(await deckCount(me.user.id)).toBe(DECKS_PER_USER);
  });

  it('concurrent creates at the edge store exactly up to the cap', async () => {
    const me = await person('dc');
    await fillDecks(me.user.id, DECKS_PER_USER - 1);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => server.request('POST', '/api/decks', { token: me.token, body: { id: randomUUID(), name: `Race ${i}` } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await deckCount(me.user.id)).toBe(DECKS_PER_USER);
  });
});

describe('pods', () => {
  it(`in ${PODS_PER_USER} pods: creating or accepting one more is refused; the invitation stays`, async () => {
    const me = await person('pd');
    const host = await person('ph');
    const invited = await makePod(server, host);
    const invitation = await server.request<{ invitationId: string }>('POST', `/api/pods/${invited.id}/invite`, { token: host.token, body: { userId: me.user.id } });
    expect(invitation.status).toBe(201);
    const podRows = Array.from({ length: PODS_PER_USER }, (_, i) => ({ id: randomUUID(), name: `Pod ${i}`, ownerId: me.user.id, createdById: me.user.id }));
    await db().insert(pods).values(podRows);
    await db().insert(podMembers).values(podRows.map((pod) => ({ podId: pod.id, userId: me.user.id })));

    const created = await server.request('POST', '/api/pods', { token: me.token, body: { name: 'One more' } });
    expect(created.status).toBe(409);
    expect(created.body).toEqual({ message: CapText.pods });
    const pushed = await push(server, me.token, [mutation('pod.create', { id: randomUUID(), name: 'Offline pod' })]);
    expect(pushed.results[0]).toMatchObject({ status: 'refused', code: 409, message: CapText.pods });
    const accepted = await server.request('POST', `/api/pods/invitations/${invitation.body.invitationId}/accept`, { token: me.token });
    expect(accepted.status).toBe(409);
    expect(accepted.body).toEqual({ message: CapText.pods });
    expect(await count(db().select({ n: sql<number>`count(*)` }).from(podMembers).where(eq(podMembers.userId, me.user.id)))).toBe(PODS_PER_USER);
    expect(await count(db().select({ n: sql<number>`count(*)` }).from(podInvitations).where(eq(podInvitations.inviteeId, me.user.id)))).toBe(1);
  });
});

describe('pending invitations and requests', () => {
  it(`${POD_INVITATIONS_PENDING_PER_USER} pod invitations waiting: one more is refused`, async () => {
    const me = await person('pi');
    const pod = await makePod(server, me);
    const invitees = await accounts(POD_INVITATIONS_PENDING_PER_USER + 1);
    await db()
      .insert(podInvitations)
      .values(invitees.slice(1).map((inviteeId) => ({ id: randomUUID(), podId: pod.id, inviteeId, invitedById: me.user.id })));
    const rest = await server.request('POST', `/api/pods/${pod.id}/invite`, { token: me.token, body: { userId: invitees[0] } });
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({ message: CapText.podInvitations });
    const pushed = await push(server, me.token, [mutation('pod.invite', { id: randomUUID(), podId: pod.id, userId: invitees[0]! })]);
    expect(pushed.results[0]).toMatchObject({ status: 'refused', code: 409, message: CapText.podInvitations });
  });

  it(`${FRIEND_REQUESTS_PENDING_PER_USER} friend requests waiting: one more is refused; accepted friendships do not count`, async () => {
    const me = await person('fr');
    const others = await accounts(FRIEND_REQUESTS_PENDING_PER_USER + 2);
    await db()
      .insert(friendships)
      .values([
        ...others.slice(2).map((addresseeId) => ({ requesterId: me.user.id, addresseeId, status: 'PENDING' as const })),
        { requesterId: me.user.id, addresseeId: others[1]!, status: 'ACCEPTED' as const },
      ]);
    const rest = await server.request('POST', '/api/friends/send-request', { token: me.token, headers: keyed(), body: { addresseeId: others[0] } });
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({ message: CapText.friendRequests });
    await db().delete(friendships).where(eq(friendships.addresseeId, others[2]!));
    const pushed = await push(server, me.token, [mutation('friend.request', { id: randomUUID(), addresseeId: others[0]! })]);
    expect(pushed.results[0]).toMatchObject({ status: 'applied' });
  });

  it(`${BLOCKS_PER_USER} blocks: one more is refused; blocking someone already blocked is not`, async () => {
    const me = await person('bl');
    const others = await accounts(BLOCKS_PER_USER + 1);
    await db()
      .insert(blocks)
      .values(others.slice(1).map((blockedId) => ({ blockerId: me.user.id, blockedId })));
    const refused = await push(server, me.token, [mutation('user.block', { userId: others[0]! })]);
    expect(refused.results[0]).toMatchObject({ status: 'refused', code: 409, message: CapText.blocks });
    const again = await push(server, me.token, [mutation('user.block', { userId: others[1]! })]);
    expect(again.results[0]).toMatchObject({ status: 'applied' });
  });
});
