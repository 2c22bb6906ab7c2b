/** The states of a people search shared by the chat search and the pod invite search. */
import type { SearchState } from './use-user-search';

export const NO_USERS_FOUND = 'No users found.';

export function SearchStatus({ search, failedText }: { search: SearchState; failedText: string }) {
  if (search.status === 'searching') {
    return (
      <p role="status" className="muted list-status">
        Searching…
      </p>
    );
  }
  if (search.status === 'failed') {
    return (
      <p role="alert" className="alert alert--error list-status">
        {failedText}
      </p>
    );
  }
  if (search.status === 'done' && search.users.length === 0) return <p className="muted list-status">{NO_USERS_FOUND}</p>;
  return null;
}
