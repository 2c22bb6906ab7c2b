import { describe, expect, it } from 'vitest';
import { applyServerUser } from '../../../src/sync/current-user';
import { applyLiveEvent } from '../../../src/sync/live-events';
import { changeCounter, createGame, storeServerGame } from '../../../src/sync/table/games';
import { freshDb, offline, scriptedApi } from './helpers';

const me = { id: 'u1', username: 'ana', displayName: 'Ana', avatarUrl: null, email: 'ana@example.test', defaultDeckId: null };

async function offlineGame() {
  const db = await freshDb('u1');
  await applyServerUser(db, me);
  const ctx = { db, api: scriptedApi(offline), kick: () => undefined };
  const id = await createGame(ctx, {
    layoutPreset: 'duo-classic',
    seats: [
      { seat: 0, left: 0, top: 15, width: 30, height: 15, rotation: 0 },
      { seat: 1, left: 0, top: 0, width: 30, height: 15, rotation: 180 },
    ],
    activeSeat: 0,
    participants: [
      { seatNumber: 0, role: 'self', displayName: 'Ana', userId: 'u1', deckName: 'Elves', commanderName: 'Lathril' },
      { seatNumber: 1, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'gus@example.test', deckName: 'T', commanderName: 'Thrasios' },
    ],
  });
  return { db, ctx, id };
}

describe('games in the mirror', () => {
  it("re-applies this device's unsent increments on top of the server's copy", async () => {
    const { db, ctx, id } = await offlineGame();
    await changeCounter(ctx, id, { seat: 1, counter: 'life', delta: -5 });
    const local = (await db.games.get(id))!;
    expect(local.participants[1]!.lifeTotal).toBe(35);

    // The server's copy knows another device's change (poison) but not ours yet.
    const server = structuredClone(local);
    server.participants[1] = { ...server.participants[1]!, lifeTotal: 40, poisonCounters: 2 };
    server.events = [];
    await storeServerGame(db, { ...server, syncState: undefined, syncError: undefined });
    const merged = (await db.games.get(id))!;
    expect(merged.participants[1]).toMatchObject({ lifeTotal: 35, poisonCounters: 2 });
    expect(merged.syncState).toBe('queued');
  });

  it('GAME_REMOVED forgets the game and the changes queued for it', async () => {
    const { db, ctx, id } = await offlineGame();
    await changeCounter(ctx, id, { seat: 0, counter: 'poison', delta: 1 });
    expect(await db.outbox.count()).toBe(2);
    await applyLiveEvent(db, { type: 'GAME_REMOVED', gameId: id });
    expect(await db.games.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });
});
