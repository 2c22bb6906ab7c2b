/**
 * One pod's chat: a header (back, the name, search, and "Pod info", which opens the pod info sheet
 * (pod-info-sheet.tsx): description, members with the Owner badge, pending invitations,
 * Invite / Remove Members / Mute / Leave Pod, leaderboard), then the messages oldest → newest,
 * one's own on the right, grouped into runs of one sender under date lines (the sender's avatar
 * and name once per run; each message still reads 'sender name: content' to a screen reader; one's
 * own with Edit and Delete, src/features/messages/message-bubble.tsx), and the composer docked
 * under them. While open it is subscribed to the pod's live channel (JOIN_POD, again after every
 * reconnect; LEAVE_POD on close) and refreshes the mirror once (the cursor pull brings the pod's
 * new messages); older ones come page by page as the user scrolls up
 * (src/features/messages/message-thread.tsx). Opened from a search result, it opens at that
 * message (`focus`, use-message-thread.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { isLocalOnlyPod, outboxEntriesByTarget, podMessageWindow, podOwnerId, visiblePod, type ChatPosition } from '../../db/queries';
import { nameOf } from '../../contract/names';
import type { PodRow } from '../../db/schema';
import { actions, db, newId } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { useLiveStatus, usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ErrorText, ListStatus, LoadingText } from '../../ui/list-status';
import { Composer } from '../messages/composer';
import { MessageBubble } from '../messages/message-bubble';
import { MessageThread } from '../messages/message-thread';
import { UnreadDivider, useUnreadDivider } from '../messages/unread-divider';
import { useMessageThread } from '../messages/use-message-thread';
import { Avatar } from '../profile/avatar';
import { MESSAGES_FAILED, POD_DETAILS_FAILED, POD_SEND_FAILED } from './pod-texts';
import { PodFailure } from './pod-failure';
import { OwnerBadge, PodInfoSheet } from './pod-info-sheet';
import { ChatSearchLink } from '../search/chat-search-link';

interface PodChatProps {
  podId: string;
  myId: string;
  onClose(): void;
  /** The message to open at (a search result). */
  focus?: ChatPosition;
}

function PodMessages({ pod, myId, focus }: { pod: PodRow; myId: string; focus?: ChatPosition }) {
  const unsent = useLiveQuery(() => outboxEntriesByTarget(db, 'podMessages'), []);
  const localOnly = useLiveQuery(() => isLocalOnlyPod(db, pod.id), [pod.id]);
  const { messages, thread } = useMessageThread({ kind: 'pod', podId: pod.id }, (size) => podMessageWindow(db, pod.id, size), localOnly, focus);
  const dividerBefore = useUnreadDivider('pod', pod.id, messages, myId);
  const pull = usePullState(pullKey('podMessages', pod.id));
  const ownerId = podOwnerId(pod);

  useEffect(() => {
    // A pod that exists only here has nothing on the server yet.
    if (localOnly === false) void actions.pullList().catch(() => undefined);
  }, [pod.id, localOnly]);

  const state = localOnly && messages ? (messages.length > 0 ? 'ready' : 'empty') : listState(messages, pull);
  return (
    <>
      <ListStatus state={state} loading="Loading messages..." error={MESSAGES_FAILED} empty="No messages yet." emptyDetail="Say hello to your pod." />
      {/* With the outbox read, so a refused write shows its own mark from the first frame. */}
      {thread && unsent && thread.window.messages.length > 0 ? (
        <MessageThread
          thread={thread}
          label={`Messages in ${pod.name}`}
          senderOf={(message) => message.sender.id}
          myId={myId}
          dividerBefore={dividerBefore}
          renderKey={(message) => `${myId}|${ownerId}|${message.id === dividerBefore}|${JSON.stringify(unsent.get(message.id) ?? [])}`}
          renderMessage={(message, place, found) => {
            const own = message.sender.id === myId;
            return (
            <>
              {message.id === dividerBefore ? <UnreadDivider /> : null}
              <MessageBubble
                message={message}
                own={own}
                alignEnd={own}
                place={place}
                found={found}
                head={
                  own ? undefined : (
                    <>
                      <Avatar username={message.sender.username} displayName={message.sender.displayName} size={24} />
                      <span className="run-head-name">{nameOf(message.sender)}</span>
                    </>
                  )
                }
                renderText={(text) => (
                  <p className="bubble-text">
                    <span className="visually-hidden">{nameOf(message.sender)}: </span>
                    {text}
                  </p>
                )}
                badges={message.sender.id === ownerId ? <OwnerBadge /> : null}
                entries={unsent.get(message.id) ?? []}
                sendFailedText={message.syncError || POD_SEND_FAILED}
                onEdit={(content) => actions.mutate('pod.message.edit', { id: message.id, podId: message.podId, content })}
                onDelete={() => actions.mutate('pod.message.delete', { id: message.id, podId: message.podId })}
              />
            </>
            );
          }}
        />
      ) : null}
    </>
  );
}

export function PodChat({ podId, myId, onClose, focus }: PodChatProps) {
  const pod = useLiveQuery(() => visiblePod(db, podId), [podId]);
  const podsPull = usePullState(pullKey('pods'));
  const liveStatus = useLiveStatus();

  useEffect(() => {
    if (liveStatus === 'open') actions.joinPod(podId);
  }, [podId, liveStatus]);
  useEffect(() => () => void actions.leavePodChannel(podId), [podId]);

  const back = (
    <button type="button" className="button button--secondary" onClick={onClose}>
      <span aria-hidden="true">←</span>
      <span className="visually-hidden">Back to pods</span>
    </button>
  );

  if (!pod) {
    let body;
    if (pod === undefined || !podsPull || (podsPull.loadedAt === null && !podsPull.error)) body = <LoadingText text="Loading pod details..." />;
    else if (podsPull.error) body = <ErrorText text={POD_DETAILS_FAILED} />;
    else body = <p className="muted">This pod is no longer available.</p>;
    return (
      <section className="chat">
        <header className="chat-header">{back}</header>
        {body}
      </section>
    );
  }

  return (
    <section className="chat chat--thread" aria-labelledby="pod-chat-title">
      <header className="chat-header chat-header--pod">
        {back}
        <div className="chat-header-text">
          <h2 id="pod-chat-title">{pod.name}</h2>
          <p className="muted chat-subtitle">{pod.members.length === 1 ? '1 member' : `${pod.members.length} members`}</p>
        </div>
        <ChatSearchLink podId={pod.id} />
        <PodInfoSheet pod={pod} myId={myId} onLeft={onClose} />
      </header>
      <PodFailure pod={pod} />
      <PodMessages pod={pod} myId={myId} focus={focus} />
      <Composer failureText={POD_SEND_FAILED} onSend={(content) => actions.mutate('pod.message.send', { id: newId(), podId, content })} />
    </section>
  );
}
