/**
 * One direct conversation: messages oldest → newest from the mirror, own messages on the
 * right, grouped into runs under date lines (the peer's avatar and name are in the header, so
 * their runs carry no head), each unsent one marked (queued or failed, with Retry / Discard), one's own with Edit and
 * Delete (message-bubble.tsx), and the composer — or,
 * when the other person deleted their account, a line saying so (the history stays readable).
 * Opening it refreshes the latest messages from the server; older ones come page by page as the
 * user scrolls up (message-thread.tsx). Opened from a search result, it opens at that message
 * (`focus`, use-message-thread.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { directMessageWindow, outboxEntriesByTarget, peerProfile, type ChatPosition } from '../../db/queries';
import { nameOf } from '../../contract/names';
import { actions, db, newId } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { Avatar } from '../profile/avatar';
import { ChatSearchLink } from '../search/chat-search-link';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import { MessageThread } from './message-thread';
import { UnreadDivider, useUnreadDivider } from './unread-divider';
import { useMessageThread } from './use-message-thread';

export const DM_BLANK = 'Enter a message first.';
export const DM_SEND_FAILED = 'Failed to send message. Try again.';
/** In place of the composer when the other person deleted their account: nothing new can reach them. */
export const DM_PEER_DELETED = 'This account was deleted. You can still read your conversation.';

interface ConversationViewProps {
  peerId: string;
  myId: string;
  onBack(): void;
  /** The message to open at (a search result). */
  focus?: ChatPosition;
}

export function ConversationView({ peerId, myId, onBack, focus }: ConversationViewProps) {
  const peer = useLiveQuery(() => peerProfile(db, peerId), [peerId]);
  const { messages, thread } = useMessageThread({ kind: 'direct', peerId }, (size) => directMessageWindow(db, peerId, size), false, focus);
  const dividerBefore = useUnreadDivider('dm', peerId, messages, myId);
  const unsent = useLiveQuery(() => outboxEntriesByTarget(db, 'directMessages'), []);
  const pull = usePullState(pullKey('directMessages', peerId));
  const state = listState(messages, pull);

  useEffect(() => {
    void actions.pullDirectMessages(peerId).catch(() => undefined);
  }, [peerId]);

  const name = peer ? nameOf(peer) : peer === null ? 'Unknown user' : '';

  return (
    <section className="chat chat--thread" aria-labelledby="conversation-title">
      <header className="chat-header">
        <button type="button" className="button button--secondary" onClick={onBack}>
          <span aria-hidden="true">←</span>
          <span className="visually-hidden">Back to conversations</span>
        </button>
        {peer ? <Avatar username={peer.username} avatarUrl={peer.avatarUrl} displayName={peer.displayName} size={36} /> : null}
        <div className="chat-header-text">
          <h2 id="conversation-title">{name}</h2>
          <p className="muted chat-subtitle">Direct message</p>
        </div>
        <ChatSearchLink peerId={peerId} />
      </header>
      <ListStatus state={state} loading="Loading messages..." error="Error loading messages." empty="No messages yet." emptyDetail="Say hello to start the conversation." />
      {/* With the outbox read, so a refused write shows its own mark from the first frame. */}
      {thread && unsent && thread.window.messages.length > 0 ? (
        <MessageThread
          thread={thread}
          label={`Messages with ${name}`}
          senderOf={(message) => message.senderId}
          myId={myId}
          dividerBefore={dividerBefore}
          renderKey={(message) => `${myId}|${message.id === dividerBefore}|${JSON.stringify(unsent.get(message.id) ?? [])}`}
          renderMessage={(message, place, found) => {
            const own = message.senderId === myId;
            return (
              <>
                {message.id === dividerBefore ? <UnreadDivider /> : null}
                <MessageBubble
                  message={message}
                  own={own}
                  alignEnd={own}
                  place={place}
                  found={found}
                  renderText={(text) => (
                    <>
                      <span className="visually-hidden">{own ? 'You' : nameOf(message.sender)}: </span>
                      <span className="bubble-text">{text}</span>
                    </>
                  )}
                  entries={unsent.get(message.id) ?? []}
                  sendFailedText={DM_SEND_FAILED}
                  onEdit={(content) => actions.mutate('dm.edit', { id: message.id, content })}
                  onDelete={() => actions.mutate('dm.delete', { id: message.id })}
                />
              </>
            );
          }}
        />
      ) : null}
      {peer?.deleted ? (
        <p className="muted chat-closed" role="status">
          {DM_PEER_DELETED}
        </p>
      ) : (
        <Composer
          blankError={DM_BLANK}
          failureText={DM_SEND_FAILED}
          onSend={(content) => actions.mutate('dm.send', { id: newId(), receiverId: peerId, content })}
        />
      )}
    </section>
  );
}
