/**
 * The mirror budget (docs/architecture.md, "Mirror budget"): the mirror holds at most
 * MIRROR_MESSAGE_BUDGET chat messages (direct and pod together) beyond what it must keep; past
 * that, the OLDEST messages of the least recently used chats leave, in pages of EVICTION_PAGE,
 * until the mirror holds LOW_WATER of the budget. Evicted history comes back on demand through
 * the older-messages path (src/sync/actions/older-messages.ts), page by page, as before.
 * Invariants:
 * - a chat's newest KEEP_NEWEST messages (its newest page) never leave, and neither does
 *   any message a pending write touches (a `syncState` mark, an outbox entry naming it, or a
 *   server copy in `bases`), nor any message newer than one that does;
 * - rows leave only from a chat's oldest end, so the mirror still holds each chat without gaps
 *   from its oldest row on (src/db/queries/chat-history.ts), and the `history:<chat>` meta (where
 *   the chat begins on the server) stays true: the window no longer reaches it, so the thread
 *   shows no "Beginning of the conversation" and asks for the older page again;
 * - the most recently used chat is never trimmed (the user may be reading it), even past the budget;
 * - a chat's last use is the later of when this device last loaded an older page of it
 *   (`chat-used:<chat>` in `meta`, touchChat) and its newest message.
 * Known limit: offline message search (src/db/queries/message-search.ts) finds only what is held.
 */
import Dexie from 'dexie';
import { chatKey, type ChatRef } from './queries/chat-history';
import type { PodTableDB } from './schema';

/**
 * Messages held across every chat before older pages leave: ≈ 9 MB at ≈ 440 bytes a row as JSON
 * (bench/heavy-report.ts). Above the floor KEEP_NEWEST sets for a heavy account (240 chats × 50).
 */
export const MIRROR_MESSAGE_BUDGET = 20_000;
/** Eviction stops at this share of the budget, so the next pages do not evict again at once. */
export const LOW_WATER = 0.9;
/** Never evicted: a chat's newest page (what a first sync brings of it, server/sync/snapshot.ts). */
export const KEEP_NEWEST = 50;
/** Rows leave in pages of this many: an older-messages page. */
export const EVICTION_PAGE = 50;

export interface ChatHolding {
  chat: ChatRef;
  /** Messages the mirror holds for the chat. */
  held: number;
  /** Epoch ms of its last use. */
  lastUsed: number;
  /** Oldest messages that may leave (held less KEEP_NEWEST, fewer when a pending write stops it). */
  evictable: number;
}

export interface Eviction {
  chat: ChatRef;
  /** The chat's oldest `count` messages leave. */
  count: number;
}

/**
 * Which chats lose how many of their oldest messages so the mirror holds at most
 * `budget` (down to `budget × LOW_WATER`); nothing when it is within the budget. Pure.
 */
export function planEviction(chats: readonly ChatHolding[], budget: number = MIRROR_MESSAGE_BUDGET): Eviction[] {
  const total = chats.reduce((sum, chat) => sum + chat.held, 0);
  if (total <= budget) return [];
  let over = total - Math.floor(budget * LOW_WATER);
  const byUse = [...chats].sort((a, b) => a.lastUsed - b.lastUsed || (chatKey(a.chat) < chatKey(b.chat) ? -1 : 1));
  const plan: Eviction[] = [];
  // The most recently used chat is never trimmed.
  for (const holding of byUse.slice(0, -1)) {
    if (over <= 0) break;
    const count = Math.min(holding.evictable, Math.ceil(over / EVICTION_PAGE) * EVICTION_PAGE);
    if (count <= 0) continue;
    plan.push({ chat: holding.chat, count });
    over -= count;
  }
  return plan;
}

const usedKey = (chat: ChatRef) => `chat-used:${chatKey(chat)}`;

/** Records that the user used `chat` now (loaded an older page of it). */
export async function touchChat(db: PodTableDB, chat: ChatRef, now: number = Date.now()): Promise<void> {
  await db.meta.put({ key: usedKey(chat), value: now });
}

function chatRows(db: PodTableDB, chat: ChatRef) {
  return chat.kind === 'direct'
    ? db.directMessages.where('[peerId+createdAt]').between([chat.peerId, Dexie.minKey], [chat.peerId, Dexie.maxKey])
    : db.podMessages.where('[podId+createdAt]').between([chat.podId, Dexie.minKey], [chat.podId, Dexie.maxKey]);
}

/** Every chat's holding, from one walk over each message index (keys only). */
async function readHoldings(db: PodTableDB): Promise<ChatHolding[]> {
  const chats = new Map<string, { chat: ChatRef; held: number; newest: string }>();
  const count = (chat: ChatRef, createdAt: string) => {
    const key = chatKey(chat);
    const entry = chats.get(key) ?? { chat, held: 0, newest: '' };
    entry.held += 1;
    if (createdAt > entry.newest) entry.newest = createdAt;
    chats.set(key, entry);
  };
  for (const [peerId, createdAt] of (await db.directMessages.orderBy('[peerId+createdAt]').keys()) as unknown as Array<[string, string]>) count({ kind: 'direct', peerId }, createdAt);
  for (const [podId, createdAt] of (await db.podMessages.orderBy('[podId+createdAt]').keys()) as unknown as Array<[string, string]>) count({ kind: 'pod', podId }, createdAt);
  const used = await db.meta.bulkGet([...chats.values()].map((entry) => usedKey(entry.chat)));
  return [...chats.values()].map((entry, index) => {
    const touched = used[index]?.value;
    const newest = Date.parse(entry.newest);
    return {
      chat: entry.chat,
      held: entry.held,
      lastUsed: Math.max(typeof touched === 'number' ? touched : 0, Number.isNaN(newest) ? 0 : newest),
      evictable: Math.max(0, entry.held - KEEP_NEWEST),
    };
  });
}

/**
 * Deletes up to `count` of the chat's oldest messages in ONE transaction, stopping before the
 * first one a pending write touches; returns how many left. Re-reads the chat inside the
 * transaction, so rows that arrived meanwhile are counted and KEEP_NEWEST still holds.
 */
async function trimOldest(db: PodTableDB, chat: ChatRef, count: number): Promise<number> {
  const table = chat.kind === 'direct' ? 'directMessages' : 'podMessages';
  return db.transaction('rw', [db.directMessages, db.podMessages, db.outbox, db.bases], async () => {
    const held = await chatRows(db, chat).count();
    const take = Math.min(count, held - KEEP_NEWEST);
    if (take <= 0) return 0;
    const oldest = (await chatRows(db, chat).limit(take).toArray()) as Array<{ id: string; syncState?: string }>;
    const keys = oldest.map((row) => `${table}:${row.id}`);
    const named = new Set((await db.outbox.where('keys').anyOf(keys).toArray()).flatMap((entry) => entry.keys));
    const based = await db.bases.bulkGet(keys);
    let free = oldest.findIndex((row, index) => row.syncState !== undefined || named.has(keys[index]!) || based[index] !== undefined);
    if (free === -1) free = oldest.length;
    const ids = oldest.slice(0, free).map((row) => row.id);
    await (chat.kind === 'direct' ? db.directMessages.bulkDelete(ids) : db.podMessages.bulkDelete(ids));
    return ids.length;
  });
}

/**
 * Keeps the mirror within `budget` (see the file header); returns how many messages left.
 * Within the budget it costs two counts; past it, one walk over the message indexes' keys.
 */
export async function enforceMirrorBudget(db: PodTableDB, budget: number = MIRROR_MESSAGE_BUDGET): Promise<number> {
  if ((await db.directMessages.count()) + (await db.podMessages.count()) <= budget) return 0;
  const holdings = await readHoldings(db);
  let evicted = 0;
  for (;;) {
    const plan = planEviction(holdings, budget);
    if (plan.length === 0) return evicted;
    for (const { chat, count } of plan) {
      const holding = holdings.find((entry) => chatKey(entry.chat) === chatKey(chat))!;
      const trimmed = await trimOldest(db, chat, count);
      evicted += trimmed;
      holding.held -= trimmed;
      // A pending write (or a race with new rows) stopped it: this chat gives nothing more now.
      holding.evictable = trimmed < count ? 0 : holding.evictable - trimmed;
    }
  }
}
