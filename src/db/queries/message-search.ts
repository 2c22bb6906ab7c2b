/**
 * Message search over the mirror: the messages this device holds whose words begin with every
 * query word (src/contract/message-search.ts, the server's rule), newest first, deleted ones
 * never; and the server's answer to the latest search, kept in `meta` so a screen reads it from
 * the mirror like everything else. Server hits are kept apart from the message tables on
 * purpose: a lone old message in a chat's table would look like the chat's oldest loaded page.
 * Cost: a scan of the searched chat's rows (or of both message tables for a search of all
 * chats), stopping at `limit` matches.
 */
import Dexie from 'dexie';
import { matchesSearch, SEARCH_RESULTS_MAX, searchWords, type MessageSearchResult } from '../../contract/message-search';
import type { DirectMessage, PodMessage } from '../../contract/social';
import type { PodTableDB } from '../schema';

/** Where to search: every chat, one pod, or the messages with one person. */
export type SearchScope = { podId?: string; peerId?: string };

export type MessageHit = { kind: 'dm'; message: DirectMessage; peerId: string } | { kind: 'pod'; message: PodMessage };

export const SERVER_SEARCH_KEY = 'search:server';

/** What the server answered, for which query and scope. */
export interface StoredServerSearch {
  q: string;
  scope: SearchScope;
  result: MessageSearchResult;
}

const byNewest = (a: MessageHit, b: MessageHit) => b.message.createdAt.localeCompare(a.message.createdAt) || (a.message.id < b.message.id ? 1 : -1);

function scopeKey(q: string, scope: SearchScope): string {
  return JSON.stringify([searchWords(q), scope.podId ?? null, scope.peerId ?? null]);
}

async function localHits(db: PodTableDB, words: readonly string[], scope: SearchScope, limit: number): Promise<MessageHit[]> {
  const found = (content: string, deletedAt?: string | null) => !deletedAt && matchesSearch(content, words);
  const dms = scope.podId
    ? []
    : await (scope.peerId
        ? db.directMessages.where('[peerId+createdAt]').between([scope.peerId, Dexie.minKey], [scope.peerId, Dexie.maxKey])
        : db.directMessages.orderBy('createdAt')
      )
        .reverse()
        .filter((row) => found(row.content, row.deletedAt))
        .limit(limit)
        .toArray();
  const pods = scope.peerId
    ? []
    : await (scope.podId ? db.podMessages.where('[podId+createdAt]').between([scope.podId, Dexie.minKey], [scope.podId, Dexie.maxKey]) : db.podMessages.orderBy('createdAt'))
        .reverse()
        .filter((row) => found(row.content, row.deletedAt))
        .limit(limit)
        .toArray();
  return [...dms.map((message): MessageHit => ({ kind: 'dm', message, peerId: message.peerId })), ...pods.map((message): MessageHit => ({ kind: 'pod', message }))];
}

function serverHits(stored: StoredServerSearch, myId: string): MessageHit[] {
  return [
    ...stored.result.directMessages.map((message): MessageHit => ({ kind: 'dm', message, peerId: message.senderId === myId ? message.receiverId : message.senderId })),
    ...stored.result.podMessages.map((message): MessageHit => ({ kind: 'pod', message })),
  ];
}

export interface MessageSearchView {
  hits: MessageHit[];
  /** True when the server answered this very query and scope (its hits are included). */
  fromServer: boolean;
  /** The server said there are more matches than it answered. */
  more: boolean;
}

/**
 * Matches of `q` in `scope`: the mirror's, joined by the server's stored answer when it is for
 * the same words and scope. A message the mirror holds is shown as the mirror has it (an edit
 * or deletion made since the server answered wins).
 */
export async function searchMessages(db: PodTableDB, myId: string, q: string, scope: SearchScope, limit = SEARCH_RESULTS_MAX): Promise<MessageSearchView> {
  const words = searchWords(q);
  if (words.length === 0) return { hits: [], fromServer: false, more: false };
  const local = await localHits(db, words, scope, limit);
  const stored = (await db.meta.get(SERVER_SEARCH_KEY))?.value as StoredServerSearch | undefined;
  const fromServer = !!stored && scopeKey(stored.q, stored.scope) === scopeKey(q, scope);
  const byId = new Map<string, MessageHit>();
  if (fromServer) for (const hit of serverHits(stored, myId)) byId.set(hit.message.id, hit);
  const [dmIds, podIds] = [[...byId.values()].filter((hit) => hit.kind === 'dm').map((hit) => hit.message.id), [...byId.values()].filter((hit) => hit.kind === 'pod').map((hit) => hit.message.id)];
  // The mirror's copies of the server's hits: a message deleted or changed since is shown as it is now.
  const [dmRows, podRows] = await Promise.all([db.directMessages.bulkGet(dmIds), db.podMessages.bulkGet(podIds)]);
  for (const row of [...dmRows, ...podRows]) if (row) byId.delete(row.id);
  for (const hit of local) byId.set(hit.message.id, hit);
  const hits = [...byId.values()].filter((hit) => !hit.message.deletedAt && matchesSearch(hit.message.content, words)).sort(byNewest);
  return { hits: hits.slice(0, limit), fromServer, more: (fromServer && stored.result.more) || hits.length > limit };
}

export async function storeServerSearch(db: PodTableDB, search: StoredServerSearch): Promise<void> {
  await db.meta.put({ key: SERVER_SEARCH_KEY, value: search });
}
