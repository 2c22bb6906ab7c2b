/** The 'Pod Chats' tab: the connection banner, then create + list, or one open pod chat. */
import type { ChatPosition } from '../../db/queries';
import { useLiveStatus, usePullOnMount } from '../../ui/sync-hooks';
import { CreatePodForm } from './create-pod-form';
import { CONNECTING } from './pod-texts';
import { PodChat } from './pod-chat';
import { PodList } from './pod-list';

interface PodChatsTabProps {
  myId: string;
  /** The open pod, or null for the list. */
  podId: string | null;
  onOpen(podId: string | null): void;
  /** The message the open pod chat opens at (a search result). */
  focus?: ChatPosition;
}

export function PodChatsTab({ myId, podId, onOpen, focus }: PodChatsTabProps) {
  usePullOnMount();
  const liveStatus = useLiveStatus();

  return (
    <div className="stack">
      {liveStatus !== 'open' ? (
        <p role="status" className="banner">
          {CONNECTING}
        </p>
      ) : null}
      {podId ? (
        <PodChat key={podId} podId={podId} myId={myId} onClose={() => onOpen(null)} focus={focus} />
      ) : (
        <>
          <CreatePodForm />
          <PodList myId={myId} onOpen={onOpen} />
        </>
      )}
    </div>
  );
}
