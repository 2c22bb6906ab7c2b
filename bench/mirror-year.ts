/**
 * A simulated year of daily use of the heavy account's mirror (the app's mirror code in Node,
 * fake-indexeddb; no server: the account's history is generated here, shaped like
 * bench/heavy-account.ts). It starts from what a first sync holds (the latest 50 messages of
 * every pod and of the 30 latest conversations); then every day NEW_POD_MESSAGES and NEW_DMS
 * arrive as a pull would apply them (most in a few busy pods), and the user opens
 * CHATS_OPENED chats (busy ones more often) and scrolls back PAGES_BACK older pages in each, applied
 * by applyHistoryPage, as src/sync/actions/older-messages.ts does. With the budget, each page
 * marks its chat used and applies the budget, as the app does, and so does every app start (one a day).
 * The same year runs without the budget as the reference. One queued edit of an old message in a
 * quiet pod waits all year (never sent): it must still be in the mirror at the end.
 */
import 'fake-indexeddb/auto';
import type { DirectMessage, PodMessage } from '../src/contract/social';
import { OLDER_MESSAGES_PAGE } from '../src/contract/social';
import { enforceMirrorBudget, MIRROR_MESSAGE_BUDGET, touchChat } from '../src/db/mirror-budget';
import { oldestChatMessage, type ChatRef } from '../src/db/queries/chat-history';
import { openDatabase, type PodTableDB } from '../src/db/schema';
import { writeSession } from '../src/db/session';
import { applyServerData } from '../src/sync/engine/apply-server';
import { applyHistoryPage } from '../src/sync/engine/history-page';
import { mutate } from '../src/sync/engine/mutate';
import { mirrorSize } from './heavy';

export const DAYS = 365;
const PODS = 40;
const PEERS = 200;
const POD_HISTORY = 3000;
const DM_HISTORY = 200;
const SNAPSHOT_PER_CHAT = 50;
const SNAPSHOT_CONVERSATIONS = 30;
const NEW_POD_MESSAGES = 100;
const NEW_DMS = 20;
const CHATS_OPENED = 3;
const PAGES_BACK = 2;
const DAY_MS = 86_400_000;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so both runs live the same year. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const uuid = (kind: number, chat: number, n: number) => `${String(kind).padStart(8, '0')}-${String(chat).padStart(4, '0')}-4000-8000-${String(n + 1_000_000).padStart(12, '0')}`;
const me = { id: uuid(9, 0, 0), username: 'heavy', displayName: null, avatarUrl: null };
const person = (i: number) => ({ id: uuid(8, i, 0), username: `person${i}`, displayName: null, avatarUrl: null });
const podId = (p: number) => uuid(1, p, 0);
const START = Date.parse('2026-01-01T00:00:00.000Z');

function podMessage(p: number, n: number, at: number): PodMessage {
  const sender = n % 3 === 0 ? me : person(p % 20);
  const id = uuid(2, p, n);
  return { id, clientId: null, podId: podId(p), content: `Pod message ${n}: who brings the snacks, and are we playing bracket 3 again on Friday?`, createdAt: new Date(at).toISOString(), sender: { id: sender.id, username: sender.username, displayName: null } };
}

function directMessage(q: number, n: number, at: number): DirectMessage {
  const other = person(100 + q);
  const mine = n % 2 === 0;
  const id = uuid(3, q, n);
  return { id, clientId: null, senderId: mine ? me.id : other.id, receiverId: mine ? other.id : me.id, content: `Direct message ${n}: good game last night, want to try the new precon next week?`, createdAt: new Date(at).toISOString(), sender: mine ? me : other };
}

/** The account's history as the server holds it, oldest first per chat. */
class History {
  readonly pods: PodMessage[][] = Array.from({ length: PODS }, (_, p) => Array.from({ length: POD_HISTORY }, (_, n) => podMessage(p, n, START - (POD_HISTORY - n) * 8 * 3_600_000)));
  readonly dms: DirectMessage[][] = Array.from({ length: PEERS }, (_, q) => Array.from({ length: DM_HISTORY }, (_, n) => directMessage(q, n, START - (DM_HISTORY - n) * 5 * DAY_MS - q * 1000)));

  /** The page of `OLDER_MESSAGES_PAGE` before `before` (the route's answer). */
  page(chat: ChatRef, before: { createdAt: string; id: string } | undefined): Array<PodMessage | DirectMessage> {
    const all: Array<PodMessage | DirectMessage> = chat.kind === 'pod' ? this.pods[Number(chat.podId.split('-')[1])]! : this.dms[Number(chat.peerId.split('-')[1]) - 100]!;
    const older = before ? all.filter((m) => m.createdAt < before.createdAt || (m.createdAt === before.createdAt && m.id < before.id)) : all;
    return older.slice(Math.max(0, older.length - OLDER_MESSAGES_PAGE));
  }
}

export interface YearRun {
  bytes: number;
  messages: number;
  peakMessages: number;
  pendingKept: boolean;
}

async function liveYear(withBudget: boolean): Promise<YearRun> {
  const history = new History();
  const rand = random(20_261_128);
  const db: PodTableDB = openDatabase(`mirror-year-${withBudget}-${Date.now()}`);
  await db.open();
  await writeSession(db, { userId: me.id, token: 'token', paused: false });
  await db.users.put({ ...me, defaultDeckId: null, email: 'heavy@example.test' });
  const pods = Array.from({ length: PODS }, (_, p) => ({ id: podId(p), name: `Pod ${p + 1}`, description: null, ownerId: me.id, createdById: me.id, members: [me, person(p % 20)], createdAt: new Date(START - DAY_MS * 1000).toISOString(), rev: 1 }));
  await applyServerData(db, {
    puts: {
      pods,
      podMessages: history.pods.flatMap((all) => all.slice(-SNAPSHOT_PER_CHAT)),
      directMessages: history.dms.slice(-SNAPSHOT_CONVERSATIONS).flatMap((all) => all.slice(-SNAPSHOT_PER_CHAT)),
    },
  });
  // A quiet pod's oldest held message, edited offline and never sent.
  const quiet = PODS - 1;
  const edited = history.pods[quiet]!.slice(-SNAPSHOT_PER_CHAT).find((m) => m.sender.id === me.id)!;
  await mutate(db, 'pod.message.edit', { id: edited.id, podId: edited.podId, content: 'Edited offline, still waiting' });

  const busy = (n: number) => Math.floor(rand() ** 3 * n); // skewed towards index 0: a few busy chats
  let peak = 0;
  for (let day = 0; day < DAYS; day++) {
    const at = START + day * DAY_MS;
    const podPuts: PodMessage[] = [];
    for (let i = 0; i < NEW_POD_MESSAGES; i++) {
      const p = busy(PODS - 1); // the quiet pod gets nothing new
      const all = history.pods[p]!;
      all.push(podMessage(p, all.length, at + i * 60_000));
      podPuts.push(all.at(-1)!);
    }
    const dmPuts: DirectMessage[] = [];
    for (let i = 0; i < NEW_DMS; i++) {
      const q = PEERS - 1 - busy(PEERS);
      const all = history.dms[q]!;
      all.push(directMessage(q, all.length, at + i * 60_000 + 30_000));
      dmPuts.push(all.at(-1)!);
    }
    await applyServerData(db, { puts: { podMessages: podPuts, directMessages: dmPuts } });

    if (withBudget) await enforceMirrorBudget(db); // the day's app start
    for (let opened = 0; opened < CHATS_OPENED; opened++) {
      const chat: ChatRef = rand() < 0.6 ? { kind: 'pod', podId: podId(busy(PODS)) } : { kind: 'direct', peerId: person(100 + PEERS - 1 - busy(PEERS)).id };
      for (let page = 0; page < PAGES_BACK; page++) {
        const cursor = (await oldestChatMessage(db, chat)) ?? null;
        const rows = history.page(chat, cursor ?? undefined);
        if (withBudget) await touchChat(db, chat, at + 12 * 3_600_000 + opened * 60_000);
        const outcome = await applyHistoryPage(db, { chat, rows: rows as PodMessage[] | DirectMessage[], limit: OLDER_MESSAGES_PAGE, cursor, onlyNew: true });
        if (withBudget) await enforceMirrorBudget(db);
        if (outcome !== 'more') break;
      }
    }
    peak = Math.max(peak, (await db.podMessages.count()) + (await db.directMessages.count()));
  }
  const size = await mirrorSize(db);
  const kept = await db.podMessages.get(edited.id);
  const result: YearRun = {
    bytes: size.bytes,
    messages: (size.rows.podMessages ?? 0) + (size.rows.directMessages ?? 0),
    peakMessages: peak,
    pendingKept: kept?.content === 'Edited offline, still waiting' && kept.syncState === 'queued' && (await db.outbox.count()) === 1,
  };
  db.close();
  return result;
}

export async function simulateYear(): Promise<{ description: string; budgetMessages: number; withBudget: YearRun; without: YearRun }> {
  return {
    description: `${DAYS} days: ${NEW_POD_MESSAGES} pod and ${NEW_DMS} direct messages arrive a day, ${CHATS_OPENED} chats opened a day, ${PAGES_BACK} older pages read in each`,
    budgetMessages: MIRROR_MESSAGE_BUDGET,
    withBudget: await liveYear(true),
    without: await liveYear(false),
  };
}
