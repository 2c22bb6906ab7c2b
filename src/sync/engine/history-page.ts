/**
 * One page of a chat's messages read from the server (a REST read: no outbox entry), into the
 * mirror in ONE Dexie transaction, through applyServerData: rows that pending writes touch are
 * rebased (a pending edit or deletion stays on top, src/sync/engine/rebase.ts) and a deleted
 * message never comes back. When the page is shorter than asked, nothing older exists on the
 * server: where the chat begins is recorded in `meta` (src/db/queries/chat-history.ts), in the
 * same transaction, so "Beginning of the conversation" shows offline too.
 */
import type { DirectMessage, PodMessage } from '../../contract/social';
import { historyStartKey, type ChatPosition, type ChatRef } from '../../db/queries/chat-history';
import type { PodTableDB } from '../../db/schema';
import { applyServerData } from './apply-server';

export interface HistoryPage {
  chat: ChatRef;
  /** The page as the server answered it, oldest first (parsed by the contract's schemas). */
  rows: DirectMessage[] | PodMessage[];
  /** The `limit` the page was asked with. */
  limit: number;
  /** The position the page was read before; null for the latest page. */
  cursor: ChatPosition | null;
  /**
   * Leave rows the mirror already holds as they are (a page of OLDER messages): the cursor pull
   * and live events keep those current, so a page's copy is at best the same and, when an edit
   * raced the read, older. A refresh of the latest page passes false and is applied like a pull.
   */
  onlyNew: boolean;
}

/** 'beginning': nothing older exists on the server; 'more': there may be; 'stale': not applied (signed out, or the pod left this mirror). */
export type HistoryOutcome = 'more' | 'beginning' | 'stale';

export async function applyHistoryPage(db: PodTableDB, page: HistoryPage): Promise<HistoryOutcome> {
  const { chat, limit, cursor } = page;
  return db.transaction('rw', db.tables, async () => {
    // A pod that left this user's world while the page was read takes its messages along.
    if (chat.kind === 'pod' && !(await db.pods.get(chat.podId))) return 'stale';
    const table = chat.kind === 'direct' ? db.directMessages : db.podMessages;
    let rows: Array<DirectMessage | PodMessage> = page.rows;
    if (page.onlyNew) {
      const held = await table.bulkGet(rows.map((row) => row.id));
      rows = rows.filter((_, index) => !held[index]);
    }
    const puts = chat.kind === 'direct' ? { directMessages: rows as DirectMessage[] } : { podMessages: rows as PodMessage[] };
    if ((await applyServerData(db, { puts })) === 'stale') return 'stale';
    if (page.rows.length >= limit) return 'more';
    const first = page.rows[0];
    const start: ChatPosition | null = first ? { createdAt: first.createdAt, id: first.id } : cursor;
    await db.meta.put({ key: historyStartKey(chat), value: start });
    return 'beginning';
  });
}
