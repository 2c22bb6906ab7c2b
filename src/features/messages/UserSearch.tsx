/** 'Search users' on the Messages tab: pick someone to open a conversation with them. */
import { useState } from 'react';
import { nameOf } from '../../db/queries/names';
import { Avatar } from '../profile/Avatar';
import { useUserSearch } from './useUserSearch';

export const NO_USERS_FOUND = 'No users found.';
export const SEARCH_FAILED = 'Failed to search for users.';

interface UserSearchProps {
  myId: string;
  onSelect(userId: string): void;
}

export function UserSearch({ myId, onSelect }: UserSearchProps) {
  const [query, setQuery] = useState('');
  const search = useUserSearch(query);
  const users = search.status === 'done' ? search.users.filter((user) => user.id !== myId) : [];

  return (
    <div className="user-search">
      <div className="field">
        <label htmlFor="dm-user-search">Search users</label>
        <input id="dm-user-search" type="search" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {search.status === 'searching' ? (
        <p role="status" className="muted list-status">
          Searching…
        </p>
      ) : null}
      {search.status === 'failed' ? (
        <p role="alert" className="alert alert--error list-status">
          {SEARCH_FAILED}
        </p>
      ) : null}
      {search.status === 'done' && users.length === 0 ? <p className="muted list-status">{NO_USERS_FOUND}</p> : null}
      {users.length > 0 ? (
        <ul className="row-list" aria-label="Search results">
          {users.map((user) => (
            <li key={user.id}>
              <button type="button" className="row-button" onClick={() => onSelect(user.id)} aria-label={`Message ${nameOf(user)}`}>
                <Avatar username={user.username} avatarUrl={user.avatarUrl} displayName={user.displayName} size={36} />
                <span className="row-text">
                  <span className="row-title">{nameOf(user)}</span>
                  <span className="row-detail muted">@{user.username}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
