/**
 * A message sent alone is ONE statement (server/sync/lone-write.ts, run-alone.ts). What it
 * stores and announces is checked against the change log's rules, and the same checks run on
 * the transaction path (a push of two), so the two paths cannot drift apart:
 * - each recipient's head moves one position; the entry there names the message; only the
 *   author's entry carries the mutation id, which is the claim's id;
 * - each recipient's sockets get the event at that position; only the author's has `mid`;
 * - a REST write with Idempotency-Key is claimed with its answer (the sender's fields as the
 *   database has them); one without it leaves no claim (no one can send the server's id again).
 * On PostgreSQL, a membership change committed while the statement waits for the pod is seen.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectMessage, PodMessage } from '../../../src/contract/social';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { appliedMutations, directMessages, podMembers, podMessages, pods, syncHeads, syncLog } from '../../../server/db/schema';
import type { LoneOutcome } from '../../../server/sync/mutator';
import { serverMutators } from '../../../server/mutations';
import { startServer, type SocketResult, type TestServer } from '../helpers';
import { connect, keyed, makePod, ofType, people, settle, type Person } from '../social/support';
import { mutation, push } from './support';
import { DB_KIND } from '../db';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const db = () => server.database.db;

async function headOf(userId: string): Promise<number> {
  const [row] = await db().select({ pos: syncHeads.pos }).from(syncHeads).where(eq(syncHeads.userId, userId));
  return row?.pos ?? 0;
}

async function headsOf(persons: Person[]): Promise<Map<string, number>> {
  return new Map(await Promise.all(persons.map(async (person) => [person.user.id, await headOf(person.user.id)] as const)));
}

/** Answers of `applyAlone` during `run`: a LoneOutcome when it wrote, null when it declined, 'failed' when its statement failed. */
async function aloneAnswers(name: 'pod.message.send' | 'dm.send', run: () => Promise<void>): Promise<Array<'wrote' | 'declined' | 'failed'>> {
  const spy = vi.spyOn(serverMutators[name] as { applyAlone(...args: unknown[]): Promise<LoneOutcome | null> }, 'applyAlone');
  await run();
  return Promise.all(
    spy.mock.results.map((result) => (result.value as Promise<LoneOutcome | null>).then((outcome) => (outcome ? 'wrote' : 'declined'), () => 'failed' as const)),
  );
}

interface Expected {
  author: Person;
  recipients: Array<{ person: Person; socket: SocketResult }>;
  before: Map<string, number>;
  /** The record's ref ("podMessage:<id>"). */
  ref: string;
  type: string;
  content: string;
}

/** Checks the log and the sockets against the rules above; answers the author's mutation id. */
async function expectAnnounced({ author, recipients, before, ref, type, content }: Expected): Promise<string> {
  let mutationId: string | null | undefined;
  for (const { person, socket } of recipients) {
    const at = before.get(person.user.id)! + 1;
    expect(await headOf(person.user.id)).toBe(at);
    const entries = await db()
      .select({ pos: syncLog.pos, refs: syncLog.refs, mutationId: syncLog.mutationId })
      .from(syncLog)
      .where(and(eq(syncLog.userId, person.user.id), gt(syncLog.pos, before.get(person.user.id)!)));
    const mine = person.user.id === author.user.id;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ pos: at, refs: [ref] });
    if (mine) mutationId = entries[0]!.mutationId;
    else expect(entries[0]!.mutationId).toBeNull();
    await settle(socket);
    const events = socket.messages.filter(ofType(type)) as Array<{ pos: number; mid?: string; payload: { content: string; sender: { id: string } } }>;
    const event = events.at(-1)!;
    expect(event).toMatchObject({ pos: at, payload: { content, sender: { id: author.user.id } } });
    if (mine) expect(event.mid).toBe(mutationId);
    else expect(event).not.toHaveProperty('mid');
  }
  expect(typeof mutationId).toBe('string');
  return mutationId!;
}

async function claimOf(userId: string, id: string) {
  const [claim] = await db().select().from(appliedMutations).where(and(eq(appliedMutations.userId, userId), eq(appliedMutations.id, id)));
  return claim;
}

describe('a pod message sent alone (one statement)', () => {
  it('moves each member one position, names the message there, acknowledges only the author, and leaves no claim of the server-chosen id', async () => {
    const [ann, bob, cy] = await people(server, 3, 'lw');
    const pod = await makePod(server, ann!, [bob!, cy!]);
    const sockets = await Promise.all([ann!, bob!, cy!].map((person) => connect(server, person)));
    const before = await headsOf([ann!, bob!, cy!]);
    let sent!: Awaited<ReturnType<typeof server.request<PodMessage>>>;
    const answers = await aloneAnswers('pod.message.send', async () => {
      sent = await server.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'one statement' } });
    });
    expect(sent.status).toBe(201);
    expect(answers).toEqual(['wrote']);
    const recipients = [ann!, bob!, cy!].map((person, i) => ({ person, socket: sockets[i]! }));
    const mutationId = await expectAnnounced({ author: ann!, recipients, before, ref: `podMessage:${sent.body.id}`, type: 'POD_MESSAGE_NEW', content: 'one statement' });
    expect(await claimOf(ann!.user.id, mutationId)).toBeUndefined();
    expect(await db().select().from(appliedMutations).where(eq(appliedMutations.userId, ann!.user.id))).toEqual([]);
    expect(sent.body.sender).toEqual({ id: ann!.user.id, displayName: null, username: expect.any(String) });
    const [stored] = await db().select().from(podMessages).where(eq(podMessages.id, sent.body.id));
    expect(stored).toMatchObject({ podId: pod.id, senderId: ann!.user.id, content: 'one statement', clientId: null });
    expect(stored!.createdAt.toISOString()).toBe(sent.body.createdAt);
  });

  it('the transaction path (a push of two) stores and announces by the same rules', async () => {
    const [ann, bob] = await people(server, 2, 'lt');
    const pod = await makePod(server, ann!, [bob!]);
    const sockets = await Promise.all([ann!, bob!].map((person) => connect(server, person)));
    const before = await headsOf([ann!, bob!]);
    const messageId = crypto.randomUUID();
    const sent = mutation('pod.message.send', { id: messageId, podId: pod.id, content: 'batched' });
    // The second is refused (a message to oneself) and leaves no entry: the batch is still two.
    const refused = mutation('dm.send', { id: crypto.randomUUID(), receiverId: ann!.user.id, content: 'me' });
    const answers = await aloneAnswers('pod.message.send', async () => {
      const pushed = await push(server, ann!.token, [sent, refused]);
      expect(pushed.results.map((result) => result.status)).toEqual(['applied', 'refused']);
    });
    expect(answers).toEqual([]);
    const recipients = [ann!, bob!].map((person, i) => ({ person, socket: sockets[i]! }));
    const mutationId = await expectAnnounced({ author: ann!, recipients, before, ref: `podMessage:${messageId}`, type: 'POD_MESSAGE_NEW', content: 'batched' });
    expect(mutationId).toBe(sent.id);
    expect(await claimOf(ann!.user.id, sent.id)).toMatchObject({ name: 'pod.message.send', result: null });
  });

  it('a repeat of its Idempotency-Key fails the statement on the claim; the transaction path answers the first answer, and nothing is stored twice', async () => {
    const [ann, bob] = await people(server, 2, 'lr');
    const pod = await makePod(server, ann!, [bob!]);
    const keyId = crypto.randomUUID();
    const key = keyed(keyId);
    const send = () => server.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, headers: key, body: { content: 'once' } });
    let first!: Awaited<ReturnType<typeof send>>;
    let again!: Awaited<ReturnType<typeof send>>;
    const answers = await aloneAnswers('pod.message.send', async () => {
      first = await send();
      again = await send();
    });
    expect(answers).toEqual(['wrote', 'failed']);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await claimOf(ann!.user.id, keyId)).toMatchObject({ name: 'pod.message.send', result: first.body });
    const stored = await db().select().from(podMessages).where(eq(podMessages.podId, pod.id));
    expect(stored.map((row) => row.content)).toEqual(['once']);
  });

  it('from someone not in the pod: declined, then refused by the transaction path (404), nothing stored', async () => {
    const [ann, eve] = await people(server, 2, 'ln');
    const pod = await makePod(server, ann!);
    let refused!: Awaited<ReturnType<typeof server.request>>;
    const answers = await aloneAnswers('pod.message.send', async () => {
      refused = await server.request('POST', `/api/pods/${pod.id}/messages`, { token: eve!.token, body: { content: 'let me in' } });
    });
    expect(answers).toEqual(['declined']);
    expect(refused.status).toBe(404);
    expect(await db().select().from(podMessages).where(eq(podMessages.podId, pod.id))).toEqual([]);
    expect(await headOf(eve!.user.id)).toBe(0);
  });

  it('every membership change moves the pod’s rev (the statement relies on it)', async () => {
    const [ann, bob, cy] = await people(server, 3, 'lv');
    const pod = await makePod(server, ann!, [bob!, cy!]);
    const rev = async () => (await db().select({ rev: pods.rev }).from(pods).where(eq(pods.id, pod.id)))[0]!.rev;
    const joined = await rev();
    expect((await server.request('DELETE', `/api/pods/${pod.id}/members/${cy!.user.id}`, { token: ann!.token })).status).toBe(200);
    const removed = await rev();
    expect(removed).toBeGreaterThan(joined);
    expect((await server.request('POST', `/api/pods/${pod.id}/leave`, { token: bob!.token })).status).toBe(204);
    expect(await rev()).toBeGreaterThan(removed);
  });
});

describe('a direct message sent alone (one statement)', () => {
  it('moves both one position, acknowledges only the sender, and keeps the answer of its Idempotency-Key with the sender’s public fields', async () => {
    const [ann, bob] = await people(server, 2, 'ld');
    expect((await server.request('PUT', '/api/users/me', { token: ann!.token, body: { displayName: 'Ann A.' } })).status).toBe(200);
    const sockets = await Promise.all([ann!, bob!].map((person) => connect(server, person)));
    const before = await headsOf([ann!, bob!]);
    const keyId = crypto.randomUUID();
    const key = keyed(keyId);
    let sent!: Awaited<ReturnType<typeof server.request<DirectMessage>>>;
    const answers = await aloneAnswers('dm.send', async () => {
      sent = await server.request<DirectMessage>('POST', '/api/direct-messages/send', { token: ann!.token, headers: key, body: { receiverId: bob!.user.id, content: 'hi bob' } });
    });
    expect(sent.status).toBe(201);
    expect(answers).toEqual(['wrote']);
    expect(sent.body.sender).toMatchObject({ id: ann!.user.id, displayName: 'Ann A.', avatarUrl: null });
    const recipients = [ann!, bob!].map((person, i) => ({ person, socket: sockets[i]! }));
    const mutationId = await expectAnnounced({ author: ann!, recipients, before, ref: `dm:${sent.body.id}`, type: 'DIRECT_MESSAGE', content: 'hi bob' });
    expect(mutationId).toBe(keyId);
    expect(await claimOf(ann!.user.id, mutationId)).toMatchObject({ name: 'dm.send', result: sent.body });
  });

  it('between people where one blocks the other: declined, then refused by the transaction path, nothing stored', async () => {
    const [ann, bob] = await people(server, 2, 'lb');
    expect((await server.request('POST', '/api/blocks', { token: bob!.token, body: { userId: ann!.user.id } })).status).toBe(201);
    let refused!: Awaited<ReturnType<typeof server.request>>;
    const answers = await aloneAnswers('dm.send', async () => {
      refused = await server.request('POST', '/api/direct-messages/send', { token: ann!.token, body: { receiverId: bob!.user.id, content: 'blocked' } });
    });
    expect(answers).toEqual(['declined']);
    expect(refused.status).toBe(404);
    expect(await db().select().from(directMessages).where(eq(directMessages.senderId, ann!.user.id))).toEqual([]);
  });

  it('to an unknown user: the foreign key fails the statement, the transaction path answers 404', async () => {
    const [ann] = await people(server, 1, 'lu');
    let refused!: Awaited<ReturnType<typeof server.request>>;
    const answers = await aloneAnswers('dm.send', async () => {
      refused = await server.request('POST', '/api/direct-messages/send', { token: ann!.token, body: { receiverId: crypto.randomUUID(), content: 'anyone?' } });
    });
    expect(answers).toEqual(['failed']);
    expect(refused.status).toBe(404);
    const claims = await db().select().from(appliedMutations).where(eq(appliedMutations.userId, ann!.user.id)).orderBy(desc(appliedMutations.appliedAt));
    expect(claims.filter((claim) => claim.name === 'dm.send')).toEqual([]);
  });
});

/**
 * Only on PostgreSQL (the embedded database runs one statement at a time): a membership change
 * holds the pod, as pods.ts and pod-invitation-routes.ts do (FOR UPDATE, then `rev` + 1), while a
 * message is POSTed; the message waits, and the change commits first.
 */
if (DB_KIND === 'postgres') describe('a pod message racing a membership change (PostgreSQL)', () => {
  async function whileHeld(podId: string, change: (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0]) => Promise<void>, during: () => Promise<void>): Promise<void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const transaction = db().transaction(async (tx) => {
      await tx.select().from(pods).where(eq(pods.id, podId)).for('update');
      await change(tx);
      await tx.update(pods).set({ rev: sql`${pods.rev} + 1` }).where(eq(pods.id, podId));
      held();
      await released;
    });
    await holding;
    const running = during();
    await waitForLockWait();
    release();
    await Promise.all([transaction, running]);
  }

  /** Until a session waits on a lock (the message statement behind the held pod row). */
  async function waitForLockWait(): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = (await db().execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: Array<{ n: number }> };
      if (rows[0]!.n > 0) return;
      if (Date.now() > deadline) throw new Error('the message never waited for the pod');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('a member who joined while the message waited gets it; one removed meanwhile does not', async () => {
    const [ann, bob, cy] = await people(server, 3, 'lj');
    const pod = await makePod(server, ann!, [bob!]);
    let sent!: Awaited<ReturnType<typeof server.request<PodMessage>>>;
    await whileHeld(
      pod.id,
      async (tx) => {
        await tx.insert(podMembers).values({ podId: pod.id, userId: cy!.user.id, joinedAt: new Date() });
        await tx.delete(podMembers).where(and(eq(podMembers.podId, pod.id), eq(podMembers.userId, bob!.user.id)));
      },
      async () => {
        sent = await server.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'who hears this' } });
      },
    );
    expect(sent.status).toBe(201);
    const heard = await db().select({ userId: syncLog.userId }).from(syncLog).where(sql`${syncLog.refs} @> ${JSON.stringify([`podMessage:${sent.body.id}`])}::jsonb`);
    expect(heard.map((row) => row.userId).sort()).toEqual([ann!.user.id, cy!.user.id].sort());
  });

  it('a sender removed while the message waited is refused (404), and nothing is stored', async () => {
    const [ann, bob] = await people(server, 2, 'lk');
    const pod = await makePod(server, ann!, [bob!]);
    let refused!: Awaited<ReturnType<typeof server.request>>;
    await whileHeld(
      pod.id,
      async (tx) => {
        await tx.delete(podMembers).where(and(eq(podMembers.podId, pod.id), eq(podMembers.userId, bob!.user.id)));
      },
      async () => {
        refused = await server.request('POST', `/api/pods/${pod.id}/messages`, { token: bob!.token, body: { content: 'still here?' } });
      },
    );
    expect(refused.status).toBe(404);
    expect(await db().select().from(podMessages).where(eq(podMessages.podId, pod.id))).toEqual([]);
  });
});
