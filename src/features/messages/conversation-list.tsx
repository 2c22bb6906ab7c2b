/**
 * The Messages tab's list: every conversation, newest first, each labelled 'Direct message' (a
 * deleted latest message previews as 'Message deleted'), with its unread count ("3 unread").
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { conversationSummaries } from '../../db/queries';
import { nameOf } from '../../contract/names';
import { db } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { Time } from '../../ui/time';
import { Avatar } from '../profile/avatar';
import { UnreadBadge } from '../unread/unread-badge';
import { useUnreadCounts } from '../unread/use-unread';
import { MESSAGE_DELETED } from './message-texts';

export const NEW_CONVERSATION_PREVIEW = 'Started a new conversation';
export const CONVERSATIONS_FAILED = 'Failed to load conversations.';

export function ConversationList({ onOpen }: { onOpen(peerId: string): void }) {
  const conversations = useLiveQuery(() => conversationSummaries(db), []);
  const pull = usePullState(pullKey('conversations'));
  const unread = useUnreadCounts();

  return (
    <section aria-labelledby="conversations-title">
      <h2 id="conversations-title">Conversations</h2>
      <ListStatus
        state={listState(conversations, pull)}
        loading="Loading conversations..."
        error={CONVERSATIONS_FAILED}
        empty="No conversations yet."
        emptyDetail="Search for someone above to start one."
      />
      {conversations && conversations.length > 0 ? (
        <ul className="row-list">
          {conversations.map((conversation) => {
            const name = nameOf(conversation.participant);
            return (
              <li key={conversation.participantId}>
                <button type="button" className="row-button" onClick={() => onOpen(conversation.participantId)}>
                  <Avatar
                    username={conversation.participant.username}
                    avatarUrl={conversation.participant.avatarUrl}
                    displayName={conversation.participant.displayName}
                    size={40}
                  />
                  <span className="row-text">
                    <span className="row-title">{name}</span>
                    <span className="row-kind muted">Direct message</span>
                    {conversation.lastMessage?.deleted ? (
                      <span className="row-detail bubble-deleted">{MESSAGE_DELETED}</span>
                    ) : (
                      <span className="row-detail">{conversation.lastMessage?.content ?? NEW_CONVERSATION_PREVIEW}</span>
                    )}
                  </span>
                  {conversation.lastMessage ? <Time iso={conversation.lastMessage.createdAt} /> : null}
                  <UnreadBadge count={unread?.dms.get(conversation.participantId)} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
