import { describe, expect, it } from 'vitest';
import type { Game, GameIncrement } from '../../../src/contract/game';
import type { OutboxEntry } from '../../../src/db/schema';
import { planEntry } from '../../../src/sync/engine/plan';
import { rebase, type PlannedWrite } from '../../../src/sync/engine/rebase';
import { fourPlayerGame } from '../game/helpers';

const me = { id: 'u1', username: 'ana', displayName: 'Ana', avatarUrl: null };

let seq = 0;
function write(name: string, args: unknown, patch: Partial<OutboxEntry> = {}): PlannedWrite {
  seq += 1;
  const entry: OutboxEntry = { seq, id: `w${seq}`, name, args, target: { table: '', id: '' }, keys: [], status: 'queued', attempts: 0, createdAt: Date.UTC(2026, 0, 1, 0, 0, seq), ...patch };
  const plan = planEntry(entry, me);
  if (!plan) throw new Error(`unplannable ${name}`);
  return plan;
}

const increment = (id: string, delta: number, seat = 1): GameIncrement => ({ id, seat, counter: 'life', delta });
const life = (game: unknown, seat: number) => (game as Game).participants.find((p) => p.seatNumber === seat)!.lifeTotal;

describe('rebase (the server copy with pending writes on top)', () => {
  const game = fourPlayerGame();
  const key = `games:${game.id}`;

  it('re-applies pending writes oldest first over a newer server copy and marks the row queued', () => {
    const pending = [write('game.increment', { gameId: game.id, increment: increment(crypto.randomUUID(), -3) }), write('game.increment', { gameId: game.id, increment: increment(crypto.randomUUID(), -2) })];
    const server = { ...game, participants: game.participants.map((p) => (p.seatNumber === 1 ? { ...p, lifeTotal: 30 } : p)), rev: 7 };
    const rows = rebase(new Map([[key, server]]), pending);
    expect(life(rows.get(key), 1)).toBe(25);
    expect(rows.get(key)).toMatchObject({ rev: 7, syncState: 'queued' });
  });

  it('does not apply twice an increment the server copy already holds (its id is in the log)', () => {
    const inc = increment(crypto.randomUUID(), -5);
    const pending = [write('game.increment', { gameId: game.id, increment: inc })];
    const once = rebase(new Map([[key, game]]), pending).get(key) as Game;
    const again = rebase(new Map([[key, { ...once, syncState: undefined }]]), pending).get(key);
    expect(life(again, 1)).toBe(35);
  });

  it('leaves a row with no pending write unmarked, and strips marks a stored copy carried', () => {
    const rows = rebase(new Map([[key, { ...game, syncState: 'queued', syncError: 'old' }]]), []);
    expect(rows.get(key)).toEqual(game);
  });

  it("shows a refused write's row as the server has it, marked failed with the server's message", () => {
    const refused = write('game.increment', { gameId: game.id, increment: increment(crypto.randomUUID(), -10) }, { status: 'failed', error: 'This game has ended.' });
    const rows = rebase(new Map([[key, game]]), [refused]);
    expect(life(rows.get(key), 1)).toBe(40);
    expect(rows.get(key)).toMatchObject({ syncState: 'failed', syncError: 'This game has ended.' });
  });

  it('keeps a refused message the server never had, marked failed, so nothing typed is lost', () => {
    const id = crypto.randomUUID();
    const refused = write('dm.send', { id, receiverId: 'u2', content: 'hello' }, { status: 'failed', error: 'User not found.' });
    const rows = rebase(new Map([[`directMessages:${id}`, null]]), [refused]);
    expect(rows.get(`directMessages:${id}`)).toMatchObject({ content: 'hello', syncState: 'failed', syncError: 'User not found.', createdAt: '2026-01-01T00:00:' + String(seq).padStart(2, '0') + '.000Z' });
  });

  it('applies a write only to the rows being rebased; its other rows stand as the mirror has them', () => {
    const request = { friendshipId: 'f1', status: 'PENDING' as const, requester: { ...me, id: 'u2', username: 'bo' }, addressee: me, createdAt: '2026-01-01T00:00:00.000Z', direction: 'incoming' as const };
    const accept = write('friend.accept', { friendshipId: 'f1' });
    const rows = rebase(new Map([['friendships:f1', null]]), [accept], (k) => (k === 'friendRequests:f1' ? request : undefined));
    expect(rows.get('friendships:f1')).toMatchObject({ friendshipId: 'f1', friend: { username: 'bo' }, syncState: 'queued' });
    expect(rows.has('friendRequests:f1')).toBe(false);
  });

  it('skips a write the game refuses by now (it ended meanwhile) instead of failing the whole rebase', () => {
    const ended: Game = { ...game, status: 'FINISHED' };
    const pending = [write('game.increment', { gameId: game.id, increment: increment(crypto.randomUUID(), -1) })];
    const rows = rebase(new Map([[key, ended]]), pending);
    expect(life(rows.get(key), 1)).toBe(40);
    expect(rows.get(key)).toMatchObject({ status: 'FINISHED', syncState: 'queued' });
  });

  it('is the same whatever the base was stored with: a hidden pod stays hidden while its leave waits', () => {
    const pod = { id: 'p1', name: 'Pod', ownerId: 'u2', createdById: 'u2', members: [me], createdAt: '2026-01-01T00:00:00.000Z', rev: 3 };
    const rows = rebase(new Map([['pods:p1', pod]]), [write('pod.leave', { podId: 'p1' })]);
    expect(rows.get('pods:p1')).toMatchObject({ pendingRemoval: true, syncState: 'queued', rev: 3 });
  });
});
