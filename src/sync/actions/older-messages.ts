/**
 * Older messages on demand: the page of OLDER_MESSAGES_PAGE messages before the oldest one the
 * mirror holds for a chat (cursor: its createdAt and id, so messages sharing one instant are
 * neither skipped nor repeated), applied by applyHistoryPage. At most one page request per chat
 * is in flight in this page: a second call while one runs gets the same answer. The server
 * counts every page against the list read budget (server/limits/policies.ts). Each page marks its
 * chat used and then applies the mirror budget (src/db/mirror-budget.ts).
 * Finding a message (a search result the thread opens at): older pages, MESSAGES_PAGE_MAX at a
 * time, until the mirror holds it. Pages only go back from the oldest held message, so the
 * mirror still holds the chat without gaps (src/db/queries/chat-history.ts) and the thread
 * scrolls down to the newest message from the mirror alone. One search walks at most
 * FIND_MAX_PAGES pages ('far' past them: the user may ask again, each time as many more).
 * While a paged first pull's rest is owed (src/sync/engine/cursor.ts), a page waits for it first:
 * the rest brings each chat's latest messages, so the thread shows those instead of asking the
 * server for a page the rest repeats; when the rest cannot be had, the page is asked as before.
 * Never throws: screens show the outcome ('offline' when no answer came, 'failed' otherwise).
 */
import { directMessageSchema, MESSAGES_PAGE_MAX, OLDER_MESSAGES_PAGE, podMessageSchema } from '../../contract/social';
import { chatKey, chatMessage, comparePositions, oldestChatMessage, type ChatPosition, type ChatRef } from '../../db/queries/chat-history';
import { enforceMirrorBudget, touchChat } from '../../db/mirror-budget';
import type { PodTableDB } from '../../db/schema';
import { NetworkError, TimeoutError, type ApiClient } from '../engine/api';
import { readRestOwed } from '../engine/cursor';
import { applyHistoryPage, type HistoryOutcome } from '../engine/history-page';

export type OlderOutcome = HistoryOutcome | 'offline' | 'failed';

/** Pages one search for a message walks back at most (MESSAGES_PAGE_MAX messages each). */
export const FIND_MAX_PAGES = 10;

/**
 * 'held': the mirror holds the message; 'missing': the chat has no such message (deleted for
 * good, or the page reached a point older than it); 'far': FIND_MAX_PAGES pages did not reach it.
 */
export type FindOutcome = 'held' | 'missing' | 'far' | 'stale' | 'offline' | 'failed';

export interface OlderMessages {
  load(chat: ChatRef): Promise<OlderOutcome>;
  /** Older pages until the mirror holds `target` (a message of this chat, by its id and createdAt). */
  find(chat: ChatRef, target: ChatPosition): Promise<FindOutcome>;
}

export interface OlderMessagesOptions {
  /** Brings the first pull's owed rest (the puller's sync); without it a page never waits. */
  pullRest?: () => Promise<void>;
}

export function createOlderMessages(db: PodTableDB, api: ApiClient, options: OlderMessagesOptions = {}): OlderMessages {
  const running = new Map<string, Promise<OlderOutcome>>();

  /** True when an owed rest landed now: the chat's latest messages are in the mirror, no page was needed. */
  async function restLanded(): Promise<boolean> {
    if (!options.pullRest || !(await readRestOwed(db))) return false;
    await options.pullRest().catch(() => undefined);
    return !(await readRestOwed(db));
  }

  async function loadPage(chat: ChatRef, limit: number): Promise<OlderOutcome> {
    if (await restLanded()) return 'more';
    const cursor = (await oldestChatMessage(db, chat)) ?? null;
    const path = chat.kind === 'direct' ? `/api/direct-messages/${encodeURIComponent(chat.peerId)}` : `/api/pods/${encodeURIComponent(chat.podId)}/messages`;
    const query = `?limit=${limit}${cursor ? `&before=${encodeURIComponent(cursor.createdAt)}&beforeId=${encodeURIComponent(cursor.id)}` : ''}`;
    try {
      const raw = await api.request<unknown[]>('GET', path + query);
      const rows = chat.kind === 'direct' ? raw.map((row) => directMessageSchema.parse(row)) : raw.map((row) => podMessageSchema.parse(row));
      await touchChat(db, chat);
      const outcome = await applyHistoryPage(db, { chat, rows, limit, cursor, onlyNew: true });
      // The page may take the mirror past its budget: older pages of other chats leave (never this one's).
      void enforceMirrorBudget(db).catch((error: unknown) => console.warn('The mirror budget was not applied.', error));
      return outcome;
    } catch (error) {
      if (error instanceof NetworkError || error instanceof TimeoutError) return 'offline';
      console.warn('older messages could not be loaded', error);
      return 'failed';
    }
  }

  /** One page at a time per chat: a call while one runs gets that page's answer. */
  function page(chat: ChatRef, limit: number): Promise<OlderOutcome> {
    const key = chatKey(chat);
    const current = running.get(key);
    if (current) return current;
    const run = loadPage(chat, limit).finally(() => running.delete(key));
    running.set(key, run);
    return run;
  }

  async function find(chat: ChatRef, target: ChatPosition): Promise<FindOutcome> {
    for (let pages = 0; ; pages += 1) {
      if (await chatMessage(db, chat, target.id)) return 'held';
      const oldest = await oldestChatMessage(db, chat);
      // The mirror reaches back past the message's place without it: it is not in the chat.
      if (oldest && comparePositions(oldest, target) <= 0) return 'missing';
      if (pages === FIND_MAX_PAGES) return 'far';
      const outcome = await page(chat, MESSAGES_PAGE_MAX);
      if (outcome === 'beginning') return (await chatMessage(db, chat, target.id)) ? 'held' : 'missing';
      if (outcome !== 'more') return outcome;
    }
  }

  return {
    load: (chat) => page(chat, OLDER_MESSAGES_PAGE),
    find,
  };
}
