import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/contract/game';
import type { Pod } from '../../../src/contract/social';
import { applyServerData, GAVE_UP_MESSAGE, MAX_ATTEMPTS } from '../../../src/sync/engine/apply-server';
import { readCursor, writeCursor } from '../../../src/sync/engine/cursor';
import { discardWrite, retryWrite } from '../../../src/sync/engine/failed-writes';
import { mutate } from '../../../src/sync/engine/mutate';
import { fourPlayerGame } from '../game/helpers';
import { freshDb } from './helpers';

const pod = (patch: Partial<Pod> = {}): Pod => ({
  id: 'p1',
  name: 'Friday',
  ownerId: 'u1',
  createdById: 'u1',
  members: [{ id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null }],
  createdAt: '2026-01-01T00:00:00.000Z',
  rev: 1,
  ...patch,
});
const life = (game: Game | undefined, seat: number) => game!.participants.find((p) => p.seatNumber === seat)!.lifeTotal;
const increment = (delta: number) => ({ id: crypto.randomUUID(), seat: 1, counter: 'life' as const, delta });

async function seededGame(db: Awaited<ReturnType<typeof freshDb>>, rev = 1): Promise<Game> {
  const game = { ...fourPlayerGame(), rev };
  await applyServerData(db, { puts: { games: [game] } });
  return game;
}

describe('writes and server data on the mirror', () => {
  it('a write shows at once, remembers the server copy, and a newer server copy lands under it', async () => {
    const db = await freshDb();
    const game = await seededGame(db);
    await mutate(db, 'game.increment', { gameId: game.id, increment: increment(-5) });
    expect(life(await db.games.get(game.id), 1)).toBe(35);
    expect((await db.bases.get(`games:${game.id}`))?.row).toEqual(game);

    // Another device took 3 life meanwhile: its copy arrives, our −5 stays on top.
    const newer = { ...game, rev: 2, participants: game.participants.map((p) => (p.seatNumber === 1 ? { ...p, lifeTotal: 37 } : p)) };
    await applyServerData(db, { puts: { games: [newer] } });
    const shown = await db.games.get(game.id);
    expect(life(shown, 1)).toBe(32);
    expect(shown).toMatchObject({ rev: 2, syncState: 'queued' });
  });

  it("an acknowledged write's row stays as shown, its server copy moves on, and the copy is forgotten when nothing waits", async () => {
    const db = await freshDb();
    const game = await seededGame(db);
    const first = await mutate(db, 'game.increment', { gameId: game.id, increment: increment(-1) });
    await mutate(db, 'game.increment', { gameId: game.id, increment: increment(-2) });
    await applyServerData(db, { applied: [first.id] });
    expect(life((await db.bases.get(`games:${game.id}`))?.row as Game, 1)).toBe(39);
    expect(life(await db.games.get(game.id), 1)).toBe(37);
    const second = (await db.outbox.toArray())[0]!;
    await applyServerData(db, { applied: [second.id] });
    expect(await db.bases.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    const settled = await db.games.get(game.id);
    expect(life(settled, 1)).toBe(37);
    expect(settled?.syncState).toBeUndefined();
  });

  it('never replaces a row with an older revision (a late pull after a newer live event)', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod({ name: 'Renamed', rev: 5 })] } });
    await applyServerData(db, { puts: { pods: [pod({ name: 'Old name', rev: 4 })] } });
    expect((await db.pods.get('p1'))?.name).toBe('Renamed');
  });

  it('a refused write is marked failed and stays visible through later server copies until Retry or Discard', async () => {
    const db = await freshDb();
    const game = await seededGame(db);
    const refused = await mutate(db, 'game.increment', { gameId: game.id, increment: increment(-4) });
    await applyServerData(db, { refused: new Map([[refused.id, 'This game has ended.']]) });
    expect(await db.games.get(game.id)).toMatchObject({ syncState: 'failed', syncError: 'This game has ended.' });
    expect(life(await db.games.get(game.id), 1)).toBe(40);
    await applyServerData(db, { puts: { games: [{ ...game, rev: 2 }] } });
    expect(await db.games.get(game.id)).toMatchObject({ rev: 2, syncState: 'failed' });

    await retryWrite(db, refused.id);
    expect(await db.games.get(game.id)).toMatchObject({ syncState: 'queued' });
    expect(life(await db.games.get(game.id), 1)).toBe(36);
    await discardWrite(db, refused.id);
    const after = await db.games.get(game.id);
    expect(life(after, 1)).toBe(40);
    expect(after?.syncState).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('retry moves a refused message to the end of the queue and of its chat', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod()] } });
    const first = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'first' }, { id: undefined });
    const firstId = (first.args as { id: string }).id;
    await applyServerData(db, { refused: new Map([[first.id, 'Slow down.']]) });
    const second = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'second' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await retryWrite(db, first.id);
    const queue = await db.outbox.orderBy('seq').toArray();
    expect(queue.map((entry) => entry.id)).toEqual([second.id, first.id]);
    const messages = await db.podMessages.orderBy('createdAt').toArray();
    expect(messages.map((message) => message.content)).toEqual(['second', 'first']);
    expect(messages.find((message) => message.id === firstId)?.syncState).toBe('queued');
  });

  it(`a write that failed without a verdict ${MAX_ATTEMPTS} times is shown failed (Retry/Discard), not retried forever`, async () => {
    const db = await freshDb();
    const game = await seededGame(db);
    const entry = await mutate(db, 'game.increment', { gameId: game.id, increment: increment(-1) });
    for (let i = 1; i < MAX_ATTEMPTS; i++) await applyServerData(db, { errored: [entry.id] });
    expect((await db.outbox.get(entry.seq!))?.status).toBe('queued');
    await applyServerData(db, { errored: [entry.id] });
    expect(await db.outbox.get(entry.seq!)).toMatchObject({ status: 'failed', error: GAVE_UP_MESSAGE, attempts: MAX_ATTEMPTS });
    expect((await db.games.get(game.id))?.syncState).toBe('failed');
  });

  it('moves the cursor only from the position the data was read at; acknowledgements count either way', async () => {
    const db = await freshDb();
    await writeCursor(db, 10);
    await applyServerData(db, { puts: { pods: [pod()] } });
    const write = await mutate(db, 'pod.rename', { podId: 'p1', name: 'Tuesday' });
    const outcome = await applyServerData(db, { puts: { pods: [pod({ name: 'Stale', rev: 2 })] }, applied: [write.id], cursor: { from: 9, to: 12 } });
    expect(outcome).toBe('stale');
    expect(await readCursor(db)).toBe(10);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.pods.get('p1'))?.name).toBe('Tuesday');
    expect(await applyServerData(db, { puts: { pods: [pod({ name: 'Wednesday', rev: 3 })] }, cursor: { from: 10, to: 12 } })).toBe('applied');
    expect(await readCursor(db)).toBe(12);
    expect((await db.pods.get('p1'))?.name).toBe('Wednesday');
  });

  it('a snapshot replaces every table and keeps pending writes on top (a message typed offline survives a reset)', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod(), pod({ id: 'p2', name: 'Gone' })] } });
    const message = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'typed offline' });
    await applyServerData(db, { reset: true, puts: { pods: [pod()] }, cursor: { from: null, to: 3 } });
    expect((await db.pods.toArray()).map((row) => row.id)).toEqual(['p1']);
    expect((await db.podMessages.toArray()).map((row) => [row.content, row.syncState])).toEqual([['typed offline', 'queued']]);
    expect(await db.outbox.get(message.seq!)).toBeTruthy();
    expect(await readCursor(db)).toBe(3);
  });

  it("a pod leaving the user's world takes its messages and invitations with it", async () => {
    const db = await freshDb();
    await applyServerData(db, {
      puts: {
        pods: [pod()],
        podMessages: [{ id: 'm1', clientId: null, podId: 'p1', content: 'hi', createdAt: '2026-01-01T00:00:00.000Z', sender: { id: 'u1', username: 'user-u1', displayName: null } }],
      },
    });
    await applyServerData(db, { dels: { pods: ['p1'] } });
    expect(await db.pods.count()).toBe(0);
    expect(await db.podMessages.count()).toBe(0);
  });

  it('a game that is gone takes the pending changes to it along (they could never apply)', async () => {
    const db = await freshDb();
    const game = await seededGame(db);
    await mutate(db, 'game.increment', { gameId: game.id, increment: increment(-1) });
    await applyServerData(db, { dels: { games: [game.id] } });
    expect(await db.games.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.bases.count()).toBe(0);
  });

  it('a GAME_INCREMENT applies to the server copy at rev − 1; anything else is a gap', async () => {
    const db = await freshDb();
    const game = await seededGame(db, 3);
    const change = increment(-6);
    expect(await applyServerData(db, { gameIncrement: { gameId: game.id, rev: 5, at: '2026-01-01T00:00:00.000Z', increment: change } })).toBe('gap');
    expect(await applyServerData(db, { gameIncrement: { gameId: game.id, rev: 4, at: '2026-01-01T00:00:00.000Z', increment: change } })).toBe('applied');
    const after = await db.games.get(game.id);
    expect(after).toMatchObject({ rev: 4 });
    expect(life(after, 1)).toBe(34);
  });

  it("this device's own increment coming back live: acknowledged, shown once", async () => {
    const db = await freshDb();
    const game = await seededGame(db, 1);
    const change = increment(-2);
    const write = await mutate(db, 'game.increment', { gameId: game.id, increment: change }, { id: change.id });
    await mutate(db, 'game.increment', { gameId: game.id, increment: increment(-1) });
    expect(await applyServerData(db, { gameIncrement: { gameId: game.id, rev: 2, at: '2026-01-01T00:00:00.000Z', increment: change }, applied: [write.id] })).toBe('applied');
    const after = await db.games.get(game.id);
    expect(life(after, 1)).toBe(37);
    expect(after).toMatchObject({ rev: 2, syncState: 'queued' });
    expect(await db.outbox.count()).toBe(1);
  });
});
