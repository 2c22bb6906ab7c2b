/**
 * A debounced user search (the spec's validation rules): blank gives no results and no call; answers
 * to older queries are ignored. `minLength` lets the pod invite search ask for 3+ characters.
 */
import { useEffect, useState } from 'react';
import type { PublicUser } from '../../contract/users';
import { actions } from '../../sync/app';
import { useDebouncedValue } from '../../ui/sync-hooks';

export const SEARCH_DEBOUNCE_MS = 300;

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; users: PublicUser[] }
  | { status: 'failed' };

export function useUserSearch(query: string, minLength = 1): SearchState {
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ query: string; state: SearchState } | null>(null);

  useEffect(() => {
    if (debounced.length < minLength) return;
    let current = true;
    actions.searchUsers(debounced).then(
      (users) => current && setAnswer({ query: debounced, state: { status: 'done', users } }),
      () => current && setAnswer({ query: debounced, state: { status: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [debounced, minLength]);

  if (trimmed.length < minLength) return { status: 'idle' };
  if (answer && answer.query === trimmed) return answer.state;
  return { status: 'searching' };
}
