import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { isMutationName, mutationArgs } from '../../../src/contract/mutations';
import { openDatabase } from '../../../src/db/schema';
import { convertV1Entry, UNSENDABLE_V1_WRITE, type V1OutboxEntry } from '../../../src/db/upgrade-v4';

const P = '11111111-1111-4111-8111-111111111111';
const U = '22222222-2222-4222-8222-222222222222';
const M = '33333333-3333-4333-8333-333333333333';

function v1(kind: string, method: string, path: string, body: unknown, target: { table: string; id: string }, id = M): V1OutboxEntry {
  return { seq: 1, id, kind, method, path, body, target, status: 'queued', attempts: 2, createdAt: 1000 };
}

const increment = { id: M, seat: 0, counter: 'life', delta: -1 };
const cases: Array<[V1OutboxEntry, string, unknown]> = [
  [v1('dm.send', 'POST', '/api/direct-messages/send', { id: M, receiverId: U, content: 'hi' }, { table: 'directMessages', id: M }), 'dm.send', { id: M, receiverId: U, content: 'hi' }],
  [v1('pod.message.send', 'POST', `/api/pods/${P}/messages`, { id: M, content: 'yo' }, { table: 'podMessages', id: M }), 'pod.message.send', { id: M, podId: P, content: 'yo' }],
  [v1('pod.invite', 'POST', `/api/pods/${P}/invite`, { userId: U }, { table: 'podInvites', id: `${P}:${U}` }), 'pod.invite', { id: M, podId: P, userId: U }],
  [v1('pod.member.remove', 'DELETE', `/api/pods/${P}/members/${U}`, undefined, { table: 'pods', id: P }), 'pod.member.remove', { podId: P, userId: U }],
  [v1('pod.owner.assign', 'POST', `/api/pods/${P}/assign-owner`, { newOwnerId: U }, { table: 'pods', id: P }), 'pod.owner.assign', { podId: P, newOwnerId: U }],
  [v1('pod.invitation.accept', 'POST', `/api/pods/invitations/${P}/accept`, undefined, { table: 'podInvitations', id: P }), 'pod.invitation.accept', { invitationId: P }],
  [v1('friend.accept', 'PUT', `/api/friends/${P}/accept`, { status: 'ACCEPTED' }, { table: 'friendRequests', id: P }), 'friend.accept', { friendshipId: P }],
  [v1('friend.remove', 'DELETE', `/api/friends/${P}`, undefined, { table: 'friendships', id: P }), 'friend.remove', { friendshipId: P }],
  [v1('deck.update', 'PUT', `/api/decks/${P}`, { name: 'Atraxa' }, { table: 'decks', id: P }), 'deck.save', { id: P, name: 'Atraxa', create: false }],
  [v1('deck.create', 'POST', '/api/decks', { id: P, name: 'Atraxa' }, { table: 'decks', id: P }), 'deck.save', { id: P, name: 'Atraxa', create: true }],
  [v1('game.increment', 'POST', `/api/games/${P}/increments`, increment, { table: 'games', id: P }), 'game.increment', { gameId: P, increment }],
  [v1('game.update', 'PUT', `/api/games/${P}`, { status: 'FINISHED', eventId: M }, { table: 'games', id: P }), 'game.update', { gameId: P, update: { status: 'FINISHED', eventId: M } }],
  [v1('profile.update', 'PUT', '/api/users/me', { displayName: 'Ana' }, { table: 'users', id: U }), 'profile.update', { displayName: 'Ana' }],
];

describe('outbox v1 → v2 (a queued write made before the update is sent once, as a mutation)', () => {
  it.each(cases)('%#: %j', (entry, name, args) => {
    const converted = convertV1Entry(entry);
    expect(converted).toMatchObject({ id: entry.id, seq: 1, name, args, status: 'queued', createdAt: 1000, target: entry.target });
    expect(isMutationName(converted.name) && mutationArgs[converted.name].safeParse(converted.args).success).toBe(true);
  });

  it('keeps a write it cannot convert, failed, so the user sees it instead of losing it silently', () => {
    const converted = convertV1Entry(v1('avatar.upload', 'POST', '/api/users/avatar', {}, { table: 'users', id: U }));
    expect(converted).toMatchObject({ status: 'failed', error: UNSENDABLE_V1_WRITE, name: 'avatar.upload' });
  });

  it('upgrades a real version-3 database: entries converted in place, rows kept', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ users: 'id, username', meta: 'key', outbox: '++seq, &id, status, [target.table+target.id]' });
    old.version(2).stores({ pods: 'id, name', podMessages: 'id, [podId+createdAt], createdAt' });
    old.version(3).stores({ decks: 'id, name', games: 'id, status, updatedAt', cards: '[kind+name], kind, search' });
    await old.open();
    await old.table('outbox').add({ ...cases[1]![0], seq: undefined });
    await old.table('pods').put({ id: P, name: 'Friday' });
    old.close();

    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(8); // upgraded through every version since 4
    expect(await db.outbox.toArray()).toMatchObject([{ name: 'pod.message.send', args: { podId: P, content: 'yo' }, keys: [`podMessages:${M}`] }]);
    expect(await db.pods.get(P)).toMatchObject({ name: 'Friday' });
    expect(await db.bases.count()).toBe(0);
    db.close();
  });
});
