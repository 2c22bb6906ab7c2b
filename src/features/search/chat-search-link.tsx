/** A chat header's "Search in this chat": the message search limited to this pod or this person. */
import { Link } from '@tanstack/react-router';
import { SearchIcon } from '../shell/icons';
import { SearchText } from './search-texts';

export function ChatSearchLink({ podId, peerId }: { podId?: string; peerId?: string }) {
  return (
    <Link to="/search" search={podId ? { pod: podId } : { peer: peerId }} className="button button--secondary chat-search-link" aria-label={SearchText.inThisChat}>
      <SearchIcon />
    </Link>
  );
}
