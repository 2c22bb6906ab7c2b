/**
 * The inbox's pinned row: while friend requests or pod invitations wait for an answer, one row at
 * the top of All Chats says how many ("Requests and invites", "3 pending") and unfolds the Friend
 * Requests and Pod Invites sections in place. With none waiting there is no row, and the two
 * sections (their empty and error states) stay in the tab under Recent Activity.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type ReactNode } from 'react';
import { friendRequests, incomingPodInvitations } from '../../db/queries';
import { db } from '../../sync/app';

export const REQUESTS_AND_INVITES = 'Requests and invites';

/** Friend requests to me and pod invitations to me, waiting for an answer; undefined while reading. */
export function usePendingInvites(myId: string): number | undefined {
  return useLiveQuery(async () => (await friendRequests(db, 'incoming')).length + (await incomingPodInvitations(db, myId)).length, [myId]);
}

export function RequestsRow({ count, children }: { count: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="requests-row">
      <button type="button" className="row-button requests-row-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className="row-text">
          <span className="row-title">{REQUESTS_AND_INVITES}</span>
        </span>
        <span className="unread-badge">
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <span className="visually-hidden">{count} pending</span>
        </span>
        <span aria-hidden="true" className="requests-row-chevron">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={panelId} hidden={!open} className="stack requests-row-panel">
        {children}
      </div>
    </div>
  );
}
