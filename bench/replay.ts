/**
 * Outbox replay with latency: 1,000 direct messages written offline into the mirror
 * (fake-indexeddb in Node), then sent by the real sender (batched push) through a loopback
 * proxy that adds DELAY_MS each way, versus the same number of messages POSTed online one by
 * one through the same proxy (what a client without batching pays: one round trip each).
 */
import 'fake-indexeddb/auto';
import { openDatabase } from '../src/db/schema';
import { writeSession } from '../src/db/session';
import { createApiClient } from '../src/sync/engine/api';
import { pushResponse } from '../src/contract/sync';
import { createSender } from '../src/sync/engine/sender';
import { newId } from '../src/sync/engine/mutate';
import { mutateAndSend } from '../src/sync/actions/writes';
import { startLoopbackProxy } from '../tests/support/loopback-proxy';

export const QUEUED = 1000;
/** Each way: 50 ms of round trip, a phone on a fair mobile network. */
export const DELAY_MS = 25;

export interface ReplayResult {
  replayMs: number;
  onlineMs: number;
}

export async function replayVersusOnline(
  serverPort: number,
  sender: { id: string; username: string; token: string },
  receiverId: string,
): Promise<ReplayResult> {
  const proxy = await startLoopbackProxy({ targetPort: serverPort, delayMs: DELAY_MS });
  const db = openDatabase(`bench-${Date.now()}`);
  try {
    await db.open();
    await writeSession(db, { userId: sender.id, token: sender.token, paused: false });
    await db.users.put({ id: sender.id, username: sender.username, displayName: null, avatarUrl: null, defaultDeckId: null, email: 'bench@example.test' });
    const ctx = { db, api: createApiClient({ getToken: () => null }), kick: () => undefined };
    for (let i = 0; i < QUEUED; i++) await mutateAndSend(ctx, 'dm.send', { id: newId(), receiverId, content: `queued ${i}` });

    const online = createApiClient({ baseUrl: proxy.url, getToken: () => sender.token });
    const replayStart = performance.now();
    const result = await createSender({ db, api: online, readAnswer: (raw) => pushResponse.parse(raw) }).drain();
    const replayMs = performance.now() - replayStart;
    if (result.state !== 'empty' || (await db.outbox.count()) !== 0) throw new Error(`replay did not empty the outbox: ${JSON.stringify(result)}`);

    const onlineStart = performance.now();
    for (let i = 0; i < QUEUED; i++) {
      const id = crypto.randomUUID();
      const response = await fetch(`${proxy.url}/api/direct-messages/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}`, 'idempotency-key': id },
        body: JSON.stringify({ id, receiverId, content: `online ${i}` }),
      });
      if (response.status !== 201) throw new Error(`online send answered ${response.status}`);
    }
    return { replayMs, onlineMs: performance.now() - onlineStart };
  } finally {
    db.close();
    await proxy.close();
  }
}
