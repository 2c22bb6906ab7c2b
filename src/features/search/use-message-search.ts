/**
 * The message search a screen shows: the mirror's matches at once (and offline), joined by the
 * server's answer once it is in the mirror. The server is asked once per settled query; an
 * answer to an older query is ignored by the mirror query, which compares words and scope.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { searchWords } from '../../contract/message-search';
import { searchMessages, type MessageSearchView, type SearchScope } from '../../db/queries/message-search';
import { actions, db } from '../../sync/app';
import { NetworkError, TimeoutError } from '../../sync/engine/api';
import { useDebouncedValue } from '../../ui/sync-hooks';

export const MESSAGE_SEARCH_DEBOUNCE_MS = 300;

export type ServerSearchState = 'idle' | 'searching' | 'done' | 'offline' | 'failed';

export function useMessageSearch(myId: string, query: string, scope: SearchScope): { view: MessageSearchView | undefined; server: ServerSearchState } {
  const settled = useDebouncedValue(query.trim(), MESSAGE_SEARCH_DEBOUNCE_MS);
  const { podId, peerId } = scope;
  const [server, setServer] = useState<{ key: string; state: ServerSearchState } | null>(null);
  const key = JSON.stringify([settled, podId, peerId]);

  useEffect(() => {
    if (searchWords(settled).length === 0) return;
    let current = true;
    setServer({ key, state: 'searching' });
    actions.searchMessagesOnServer(settled, { podId, peerId }).then(
      () => current && setServer({ key, state: 'done' }),
      (error: unknown) => current && setServer({ key, state: error instanceof NetworkError || error instanceof TimeoutError ? 'offline' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [key, settled, podId, peerId]);

  const view = useLiveQuery(() => searchMessages(db, myId, query, { podId, peerId }), [myId, query, podId, peerId]);
  const state = searchWords(query).length === 0 ? 'idle' : server?.key === key && settled === query.trim() ? server.state : 'searching';
  return { view, server: state };
}
