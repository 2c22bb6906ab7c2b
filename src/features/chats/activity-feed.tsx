/**
 * 'Recent Activity', the inbox: one row per direct conversation and per pod (inbox-rows.ts),
 * newest activity first, each with its latest message ('You: …' for one's own, 'name: …' in a pod,
 * 'Message deleted' once deleted, 'Started a new conversation' before the first) and its unread
 * count; a row opens its chat.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { conversationSummaries, recentActivity } from '../../db/queries';
import { db } from '../../sync/app';
import { pullKey, type PullState } from '../../sync/engine/pull';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { Time } from '../../ui/time';
import { NEW_CONVERSATION_PREVIEW } from '../messages/conversation-list';
import { MESSAGE_DELETED } from '../messages/message-texts';
import { Avatar } from '../profile/avatar';
import { UnreadBadge } from '../unread/unread-badge';
import { useUnreadCounts } from '../unread/use-unread';
import { INBOX_SCAN, inboxRows, type ChatTarget, type InboxRow } from './inbox-rows';

export const DIRECT_MESSAGE = 'Direct message';
export const POD_CHAT = 'Pod chat';

/** Loaded once both sources loaded; failed when either failed. */
function combine(a: PullState | undefined, b: PullState | undefined): PullState | undefined {
  if (!a || !b) return undefined;
  return { loadedAt: a.loadedAt !== null && b.loadedAt !== null ? Math.max(a.loadedAt, b.loadedAt) : null, error: a.error ?? b.error };
}

interface ActivityFeedProps {
  myId: string;
  onOpen(target: ChatTarget): void;
}

function RowPicture({ row }: { row: InboxRow }) {
  if (row.participant) return <Avatar username={row.participant.username} avatarUrl={row.participant.avatarUrl} displayName={row.participant.displayName} size={40} />;
  return (
    <span className="inbox-pod-picture" aria-hidden="true">
      {row.name.trim().charAt(0).toUpperCase() || '#'}
    </span>
  );
}

function Preview({ row }: { row: InboxRow }) {
  if (!row.last) return <span className="row-detail">{NEW_CONVERSATION_PREVIEW}</span>;
  const from = row.last.from ? `${row.last.from}: ` : '';
  return row.last.deleted ? (
    <span className="row-detail">
      {from}
      <span className="bubble-deleted">{MESSAGE_DELETED}</span>
    </span>
  ) : (
    <span className="row-detail">
      {from}
      {row.last.content}
    </span>
  );
}

export function ActivityFeed({ myId, onOpen }: ActivityFeedProps) {
  const read = useLiveQuery(async () => {
    const [conversations, activity] = await Promise.all([conversationSummaries(db), recentActivity(db, INBOX_SCAN)]);
    return { conversations, activity };
  }, []);
  const unread = useUnreadCounts();
  const rows = read ? inboxRows(read.conversations, read.activity, myId, unread) : undefined;
  const pull = combine(usePullState(pullKey('conversations')), usePullState(pullKey('pods')));

  return (
    <>
      <ListStatus state={listState(rows, pull)} loading="Loading recent activity..." error="Error loading messages." empty="No recent activity." />
      {rows && rows.length > 0 ? (
        <ul className="row-list">
          {rows.map((row) => (
            <li key={row.key}>
              <button type="button" className="row-button activity-item" onClick={() => onOpen(row.kind === 'direct' ? { kind: 'direct', peerId: row.peerId } : { kind: 'pod', podId: row.podId })}>
                <RowPicture row={row} />
                <span className="row-text">
                  <span className="row-title">
                    {row.name} <span className="muted">· {row.kind === 'direct' ? DIRECT_MESSAGE : POD_CHAT}</span>
                  </span>
                  <Preview row={row} />
                </span>
                <span className="inbox-row-end">
                  {row.last ? <Time iso={row.last.createdAt} /> : null}
                  <UnreadBadge count={row.unread} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
