/**
 * Outbox replay: 1,000 direct messages written offline into the mirror (fake-indexeddb in
 * Node), then drained by the real sender against the real server, versus the same number of
 * messages POSTed online one after another with fetch (the floor: no mirror, no outbox).
 */
import 'fake-indexeddb/auto';
import { openDatabase } from '../src/db/schema';
import { writeSession } from '../src/db/session';
import { createApiClient } from '../src/sync/api';
import { appliers } from '../src/sync/appliers';
import { createSender } from '../src/sync/sender';
import { sendDirectMessage } from '../src/sync/social/direct-messages';

export const QUEUED = 1000;

export interface ReplayResult {
  replayMs: number;
  onlineMs: number;
}

export async function replayVersusOnline(
  baseUrl: string,
  sender: { id: string; username: string; token: string },
  receiverId: string,
): Promise<ReplayResult> {
  const db = openDatabase(`bench-${Date.now()}`);
  await db.open();
  await writeSession(db, { userId: sender.id, token: sender.token, paused: false });
  await db.users.put({ id: sender.id, username: sender.username, displayName: null, avatarUrl: null, defaultDeckId: null, email: 'bench@example.test' });
  const offline = createApiClient({ baseUrl, getToken: () => sender.token, fetchImpl: async () => { throw new TypeError('offline'); } });
  const ctx = { db, api: offline, kick: () => undefined };
  for (let i = 0; i < QUEUED; i++) await sendDirectMessage(ctx, receiverId, `queued ${i}`);

  const online = createApiClient({ baseUrl, getToken: () => sender.token });
  const replayStart = performance.now();
  const result = await createSender({ db, api: online, appliers }).drain();
  const replayMs = performance.now() - replayStart;
  if (result.state !== 'empty' || (await db.outbox.count()) !== 0) throw new Error(`replay did not empty the outbox: ${JSON.stringify(result)}`);

  const onlineStart = performance.now();
  for (let i = 0; i < QUEUED; i++) {
    const id = crypto.randomUUID();
    const response = await fetch(`${baseUrl}/api/direct-messages/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}`, 'idempotency-key': id },
      body: JSON.stringify({ id, receiverId, content: `online ${i}` }),
    });
    if (response.status !== 201) throw new Error(`online send answered ${response.status}`);
  }
  const onlineMs = performance.now() - onlineStart;
  db.close();
  return { replayMs, onlineMs };
}
