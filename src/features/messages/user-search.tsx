/** 'Search users' on the Messages tab: pick someone to open a conversation with them. */
import { useState } from 'react';
import { nameOf } from '../../contract/names';
import { Avatar } from '../profile/avatar';
import { SearchStatus } from './search-status';
import { useUserSearch } from './use-user-search';

export const SEARCH_FAILED = 'Failed to search for users.';

interface UserSearchProps {
  myId: string;
  onSelect(userId: string): void;
}

export function UserSearch({ myId, onSelect }: UserSearchProps) {
  const [query, setQuery] = useState('');
  const search = useUserSearch(query);
  const users = search.status === 'done' ? search.users.filter((user) => user.id !== myId && !user.deleted) : [];

  return (
    <div className="user-search">
      <div className="field">
        <label htmlFor="dm-user-search">Search users</label>
        <input id="dm-user-search" type="search" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {/* Yourself is left out of the results, so a search that finds only you finds no one. */}
      <SearchStatus search={search.status === 'done' ? { status: 'done', users } : search} failedText={SEARCH_FAILED} />
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
