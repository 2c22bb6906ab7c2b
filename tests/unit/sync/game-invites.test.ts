/** Game invitations on the mirror: live events, answering, leaving a game. */
import { describe, expect, it } from 'vitest';
import type { GameInvite } from '../../../src/contract/game-invites';
import { writeCursor } from '../../../src/sync/engine/cursor';
import { applyLiveEvent } from '../../../src/sync/engine/live-events';
import { mutate } from '../../../src/sync/engine/mutate';
import { freshDb } from './helpers';

const invite: GameInvite = {
  id: 'gi1',
  invitedBy: { id: 'u-host', username: 'host', displayName: 'Host', avatarUrl: null },
  game: { id: 'g1', startTime: '2026-01-01T19:00:00.000Z', players: [{ seatNumber: 0, displayName: 'Host' }] },
  createdAt: '2026-01-01T19:00:00.000Z',
};

describe('game invitations in the mirror', () => {
  it('GAME_INVITE adds the invitation (and its inviter to users); GAME_INVITE_REMOVED takes it away', async () => {
    const db = await freshDb();
    await writeCursor(db, 1);
    expect(await applyLiveEvent(db, { type: 'GAME_INVITE', payload: invite, pos: 2 })).toBe('applied');
    expect(await db.gameInvites.get('gi1')).toMatchObject({ id: 'gi1', game: { id: 'g1' } });
    expect((await db.users.get('u-host'))?.username).toBe('host');
    expect(await applyLiveEvent(db, { type: 'GAME_INVITE_REMOVED', inviteId: 'gi1', pos: 3 })).toBe('applied');
    expect(await db.gameInvites.count()).toBe(0);
  });

  it('accepting or declining removes the invitation at once and queues the answer', async () => {
    const db = await freshDb();
    await writeCursor(db, 1);
    await applyLiveEvent(db, { type: 'GAME_INVITE', payload: invite, pos: 2 });
    await mutate(db, 'game.invite.accept', { inviteId: 'gi1' });
    expect(await db.gameInvites.count()).toBe(0);
    expect((await db.outbox.toArray()).map((entry) => [entry.name, entry.target])).toEqual([['game.invite.accept', { table: 'gameInvites', id: 'gi1' }]]);
  });
});
