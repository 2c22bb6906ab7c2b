/**
 * Older messages on demand: the page of OLDER_MESSAGES_PAGE messages before the oldest one the
 * mirror holds for a chat (cursor: its createdAt and id, so messages sharing one instant are
 * neither skipped nor repeated), applied by applyHistoryPage. At most one page request per chat
 * is in flight in this page: a second call while one runs gets the same answer. The server
 * counts every page against the list read budget (server/limits/policies.ts). Each page marks its
 * chat used and then applies the mirror budget (src/db/mirror-budget.ts).
 * Never throws: screens show the outcome ('offline' when no answer came, 'failed' otherwise).
 */
import { directMessageSchema, OLDER_MESSAGES_PAGE, podMessageSchema } from '../../contract/social';
import { chatKey, oldestChatMessage, type ChatRef } from '../../db/queries/chat-history';
import { enforceMirrorBudget, touchChat } from '../../db/mirror-budget';
import type { PodTableDB } from '../../db/schema';
import { NetworkError, TimeoutError, type ApiClient } from '../engine/api';
import { applyHistoryPage, type HistoryOutcome } from '../engine/history-page';

export type OlderOutcome = HistoryOutcome | 'offline' | 'failed';

export interface OlderMessages {
  load(chat: ChatRef): Promise<OlderOutcome>;
}

export function createOlderMessages(db: PodTableDB, api: ApiClient): OlderMessages {
  const running = new Map<string, Promise<OlderOutcome>>();

  async function loadPage(chat: ChatRef): Promise<OlderOutcome> {
    const cursor = (await oldestChatMessage(db, chat)) ?? null;
    const path = chat.kind === 'direct' ? `/api/direct-messages/${encodeURIComponent(chat.peerId)}` : `/api/pods/${encodeURIComponent(chat.podId)}/messages`;
    const query = `?limit=${OLDER_MESSAGES_PAGE}${cursor ? `&before=${encodeURIComponent(cursor.createdAt)}&beforeId=${encodeURIComponent(cursor.id)}` : ''}`;
    try {
      const raw = await api.request<unknown[]>('GET', path + query);
      const rows = chat.kind === 'direct' ? raw.map((row) => directMessageSchema.parse(row)) : raw.map((row) => podMessageSchema.parse(row));
      await touchChat(db, chat);
      const outcome = await applyHistoryPage(db, { chat, rows, limit: OLDER_MESSAGES_PAGE, cursor, onlyNew: true });
      // The page may take the mirror past its budget: older pages of other chats leave (never this one's).
      void enforceMirrorBudget(db).catch((error: unknown) => console.warn('The mirror budget was not applied.', error));
      return outcome;
    } catch (error) {
      if (error instanceof NetworkError || error instanceof TimeoutError) return 'offline';
      console.warn('older messages could not be loaded', error);
      return 'failed';
    }
  }

  return {
    load(chat) {
      const key = chatKey(chat);
      const current = running.get(key);
      if (current) return current;
      const run = loadPage(chat).finally(() => running.delete(key));
      running.set(key, run);
      return run;
    },
  };
}
