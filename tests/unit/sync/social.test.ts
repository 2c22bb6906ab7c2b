import { describe, expect, it } from 'vitest';
import { applyServerUser } from '../../../src/sync/current-user';
import { applyLiveEvent } from '../../../src/sync/live-events';
import { appliers } from '../../../src/sync/appliers';
import { discardWrite } from '../../../src/sync/failed-writes';
import { createPuller } from '../../../src/sync/pull';
import { createSender } from '../../../src/sync/sender';
import { sendDirectMessage } from '../../../src/sync/social/direct-messages';
import { createPod, leaveOrDeletePod, sendPodMessage } from '../../../src/sync/social/pods';
import { fail, freshDb, offline, scriptedApi } from './helpers';

const ana = { id: 'u1', username: 'ana', displayName: 'Ana', avatarUrl: null };
const bo = { id: 'u2', username: 'bo', displayName: null, avatarUrl: null };

async function signedInDb() {
  const db = await freshDb('u1');
  await applyServerUser(db, { ...ana, email: 'ana@example.test', defaultDeckId: null });
  await db.users.put({ ...bo, defaultDeckId: null });
  return db;
}

function serverDm(id: string, content: string, createdAt = '2026-11-22T10:00:00.000Z') {
  return { id, clientId: id, senderId: ana.id, receiverId: bo.id, content, createdAt, sender: ana };
}

describe('social mirror reconciliation', () => {
  it('an optimistic direct message, its socket echo and the POST answer end as ONE row, no longer pending', async () => {
    const db = await signedInDb();
    const ctx = { db, api: scriptedApi(offline), kick: () => undefined };
    const id = await sendDirectMessage(ctx, bo.id, '  hello  ');
    const optimistic = await db.directMessages.get(id);
    expect(optimistic).toMatchObject({ content: 'hello', peerId: bo.id, syncState: 'queued' });

    await applyLiveEvent(db, { type: 'DIRECT_MESSAGE', payload: serverDm(id, 'hello') });
    const api = scriptedApi((call) => serverDm((call.options.body as { id: string }).id, 'hello'));
    await createSender({ db, api, appliers }).drain();

    const rows = await db.directMessages.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.syncState).toBeUndefined();
    expect(api.calls[0]!.options.idempotencyKey).toBe(id);
    expect((await db.conversations.get(bo.id))?.lastMessage?.content).toBe('hello');
  });

  it('a pull keeps pod messages still in the outbox and adds the server ones', async () => {
    const db = await signedInDb();
    await db.pods.put({ id: 'p1', name: 'Tuesday', ownerId: ana.id, createdById: ana.id, members: [ana, bo], createdAt: '2026-01-01T00:00:00.000Z' });
    const ctx = { db, api: scriptedApi(offline), kick: () => undefined };
    const pendingId = await sendPodMessage(ctx, 'p1', 'see you there');
    const api = scriptedApi((call) => {
      if (call.path.startsWith('/api/pods/p1/messages')) {
        return [{ id: 'm1', clientId: null, podId: 'p1', content: 'who brings snacks?', createdAt: '2026-01-05T09:00:00.000Z', sender: bo }];
      }
      return [];
    });
    await createPuller(db, api).podMessages('p1');
    const contents = (await db.podMessages.where('[podId+createdAt]').between(['p1', ''], ['p1', '\uffff']).toArray()).map((row) => row.content);
    expect(contents).toEqual(['who brings snacks?', 'see you there']);
    expect((await db.podMessages.get(pendingId))?.syncState).toBe('queued');
  });

  it('a pod pull removes pods the user left elsewhere (and their messages) but keeps one created offline', async () => {
    const db = await signedInDb();
    await db.pods.put({ id: 'gone', name: 'Old', ownerId: bo.id, createdById: bo.id, members: [ana, bo], createdAt: '2026-01-01T00:00:00.000Z' });
    await db.podMessages.put({ id: 'm', clientId: null, podId: 'gone', content: 'x', createdAt: '2026-01-02T00:00:00.000Z', sender: bo });
    const offlineCtx = { db, api: scriptedApi(offline), kick: () => undefined };
    const newPodId = await createPod(offlineCtx, 'Friday Night');
    await createPuller(db, scriptedApi(() => [])).list('pods');
    expect((await db.pods.toArray()).map((pod) => pod.id)).toEqual([newPodId]);
    expect(await db.podMessages.count()).toBe(0);
  });

  it('leaving hides the pod at once; a refusal brings it back marked failed with the server message', async () => {
    const db = await signedInDb();
    await db.pods.put({ id: 'p1', name: 'Tuesday', ownerId: ana.id, createdById: ana.id, members: [ana, bo], createdAt: '2026-01-01T00:00:00.000Z' });
    await leaveOrDeletePod({ db, api: scriptedApi(offline), kick: () => undefined }, 'p1', 'leave');
    expect((await db.pods.get('p1'))?.pendingRemoval).toBe(true);
    await createSender({ db, api: scriptedApi(() => fail(409, 'Assign a new owner before leaving.')), appliers }).drain();
    expect(await db.pods.get('p1')).toMatchObject({ pendingRemoval: false, syncState: 'failed', syncError: 'Assign a new owner before leaving.' });
  });

  it('discarding a failed message that never reached the server removes it', async () => {
    const db = await signedInDb();
    const id = await sendDirectMessage({ db, api: scriptedApi(offline), kick: () => undefined }, bo.id, 'oops');
    await createSender({ db, api: scriptedApi(() => fail(400, 'Messages can be at most 1024 characters.')), appliers }).drain();
    expect(await db.directMessages.get(id)).toMatchObject({ syncState: 'failed', syncError: 'Messages can be at most 1024 characters.' });
    await discardWrite(db, id);
    expect(await db.directMessages.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('identical pulls within 2 s share one request', async () => {
    const db = await signedInDb();
    const api = scriptedApi(() => []);
    let now = 0;
    const puller = createPuller(db, api, () => now);
    await Promise.all([puller.list('friends'), puller.list('friends')]);
    now = 1500;
    await puller.list('friends');
    expect(api.calls).toHaveLength(1);
    now = 2500;
    await puller.list('friends');
    expect(api.calls).toHaveLength(2);
  });

  it('a live POD_UPDATED without the user among the members forgets the pod (removed member)', async () => {
    const db = await signedInDb();
    await db.pods.put({ id: 'p1', name: 'Tuesday', ownerId: bo.id, createdById: bo.id, members: [ana, bo], createdAt: '2026-01-01T00:00:00.000Z' });
    await db.podMessages.put({ id: 'm', clientId: null, podId: 'p1', content: 'x', createdAt: '2026-01-02T00:00:00.000Z', sender: bo });
    await applyLiveEvent(db, { type: 'POD_UPDATED', payload: { id: 'p1', name: 'Tuesday', ownerId: bo.id, createdById: bo.id, members: [bo], createdAt: '2026-01-01T00:00:00.000Z' } });
    expect(await db.pods.get('p1')).toBeUndefined();
    expect(await db.podMessages.count()).toBe(0);
  });
});
