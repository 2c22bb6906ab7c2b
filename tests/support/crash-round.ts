/**
 * One "kill the server mid-replay" round, run 20 times by `npm run bench`
 * (bench/crash-replay.ts; not in CI: a round takes ~30 s): QUEUED direct messages wait in a device's outbox
 * (fake-indexeddb, the app's own mutate path); the real sender replays them to a server child
 * process, which is SIGKILLed `killAfterMs` after the `killOnPush`-th push request left, then
 * started again on the same port and DATA_DIR; the service worker's sender (which records
 * verdicts) goes on until nothing is left to send, then the verdicts are applied
 * as the page applies them.
 * Counted from what the server stored (GET /api/direct-messages, every page): writes lost,
 * writes stored more than once, and writes left failed on the device. The property: 0 / 0 / 0.
 */
import 'fake-indexeddb/auto';
import { openDatabase } from '../../src/db/schema';
import { writeSession } from '../../src/db/session';
import { createApiClient } from '../../src/sync/engine/api';
import { applyRecordedVerdicts } from '../../src/sync/engine/apply-server';
import { sendableEntries } from '../../src/sync/engine/recorded-verdicts';
import { createWorkerSender } from '../../src/sync/engine/worker-sender';
import { newId } from '../../src/sync/engine/mutate';
import { mutateAndSend } from '../../src/sync/actions/writes';
import type { ServerProcess } from '../e2e/server-process';

export interface CrashAccount {
  id: string;
  username: string;
  token: string;
}

export interface CrashRoundOptions {
  queued: number;
  /** Which push request (1-based) the kill follows; with 100 writes a push, 2 = the second batch. */
  killOnPush: number;
  /** Delay from that request leaving to the SIGKILL: inside the batch's transaction, or after it. */
  killAfterMs: number;
  /** The replay gives up after this long (a bound on the round, not a target). */
  timeoutMs?: number;
}

export interface CrashRoundResult {
  lost: number;
  duplicated: number;
  failed: number;
  /** Push requests sent, the killed one included. */
  requests: number;
  /** Writes still in the outbox when the server was killed (0: the kill came after the replay). */
  waitingAtKill: number;
  replayMs: number;
  /** From the SIGKILL to the restarted server answering. */
  restartMs: number;
}

async function storedContents(baseUrl: string, token: string, peerId: string): Promise<string[]> {
  const contents: string[] = [];
  let before: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '200', ...(before ? { before } : {}) });
    const answer = await fetch(`${baseUrl}/api/direct-messages/${peerId}?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (!answer.ok) throw new Error(`reading the conversation answered ${answer.status}`);
    const page = (await answer.json()) as Array<{ content: string; createdAt: string }>;
    contents.unshift(...page.map((row) => row.content));
    if (page.length < 200) return contents;
    before = page[0]!.createdAt;
  }
}

export async function crashReplayRound(server: ServerProcess, sender: CrashAccount, receiver: CrashAccount, tag: string, options: CrashRoundOptions): Promise<CrashRoundResult> {
  const db = openDatabase(`crash-${tag}-${Date.now()}`);
  try {
    await db.open();
    await writeSession(db, { userId: sender.id, token: sender.token, paused: false });
    await db.users.put({ id: sender.id, username: sender.username, displayName: null, avatarUrl: null, defaultDeckId: null, email: `${sender.username}@example.test` });
    const ctx = { db, api: createApiClient({ getToken: () => null }), kick: () => undefined };
    const expected: string[] = [];
    for (let i = 0; i < options.queued; i++) {
      expected.push(`${tag} m${String(i).padStart(4, '0')}`);
      await mutateAndSend(ctx, 'dm.send', { id: newId(), receiverId: receiver.id, content: expected.at(-1)! });
    }

    let requests = 0;
    let waitingAtKill = 0;
    let killing: Promise<void> | null = null;
    const fetchImpl: typeof fetch = (input, init) => {
      requests += 1;
      if (requests === options.killOnPush) {
        killing = new Promise<void>((resolve) => setTimeout(resolve, options.killAfterMs)).then(async () => {
          waitingAtKill = (await sendableEntries(db)).length;
          await server.kill();
        });
      }
      return fetch(input, init);
    };
    // The service worker's sender (sw/sw.ts): no catch-up pull in the answer, verdicts recorded.
    const api = createApiClient({ baseUrl: server.url, getToken: () => sender.token, fetchImpl });
    const replay = createWorkerSender({ db, api });

    const started = performance.now();
    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    let restarted: Promise<void> | null = null;
    let restartMs = 0;
    for (;;) {
      const result = await replay.drain();
      if (killing && !restarted) {
        await killing;
        const killedAt = performance.now();
        restarted = server.start().then(() => void (restartMs = performance.now() - killedAt));
      }
      if (result.state === 'empty') break;
      if (result.state === 'paused') throw new Error('the sender paused (401 or 426)');
      if (Date.now() > deadline) throw new Error(`the outbox did not drain in ${options.timeoutMs ?? 120_000} ms`);
      await new Promise((resolve) => setTimeout(resolve, result.retryInMs));
    }
    const replayMs = performance.now() - started;
    await restarted;
    // What the page does when it opens: the recorded verdicts applied to the mirror.
    await applyRecordedVerdicts(db);

    const stored = await storedContents(server.url, sender.token, receiver.id);
    const counts = new Map<string, number>();
    for (const content of stored) counts.set(content, (counts.get(content) ?? 0) + 1);
    const ours = expected.map((content) => counts.get(content) ?? 0);
    const failed = await db.outbox.filter((entry) => entry.status === 'failed').count();
    return {
      lost: ours.filter((n) => n === 0).length,
      duplicated: ours.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
      failed,
      requests,
      waitingAtKill,
      replayMs,
      restartMs,
    };
  } finally {
    db.close();
  }
}
