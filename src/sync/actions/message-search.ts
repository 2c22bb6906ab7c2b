/**
 * Message search on the server: an online read whose answer is kept in the mirror's `meta`
 * (src/db/queries/message-search.ts) for the screen to read with the device's own matches.
 * Only the latest answer is kept; a new search replaces it.
 */
import { messageSearchResult } from '../../contract/message-search';
import { storeServerSearch, type SearchScope } from '../../db/queries/message-search';
import type { SyncContext } from '../engine/context';

export async function searchMessagesOnServer(ctx: SyncContext, q: string, scope: SearchScope): Promise<void> {
  const params = new URLSearchParams({ q });
  if (scope.podId) params.set('podId', scope.podId);
  if (scope.peerId) params.set('peerId', scope.peerId);
  const result = messageSearchResult.parse(await ctx.api.request('GET', `/api/messages/search?${params.toString()}`));
  await storeServerSearch(ctx.db, { q, scope, result });
}
