/** The 'Messages' tab: user search and conversation list, or one open conversation. */
import type { ChatPosition } from '../../db/queries';
import { usePullOnMount } from '../../ui/sync-hooks';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { UserSearch } from './user-search';

interface MessagesTabProps {
  myId: string;
  /** The open conversation's peer, or null for the list. */
  peerId: string | null;
  onOpen(peerId: string | null): void;
  /** The message the open conversation opens at (a search result). */
  focus?: ChatPosition;
}

export function MessagesTab({ myId, peerId, onOpen, focus }: MessagesTabProps) {
  usePullOnMount();
  if (peerId) return <ConversationView key={peerId} peerId={peerId} myId={myId} onBack={() => onOpen(null)} focus={focus} />;
  return (
    <div className="stack">
      <UserSearch myId={myId} onSelect={onOpen} />
      <ConversationList onOpen={onOpen} />
    </div>
  );
}
