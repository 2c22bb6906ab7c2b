/**
 * The pod's pending invitations on the pod screen, for whoever may withdraw them: the owner sees
 * every one, another member those they sent. 'Withdraw' takes the invitation back (the invitee's
 * devices drop it); nothing shows while there is nothing to withdraw.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { invitationsOfPod } from '../../db/queries';
import { nameOf } from '../../contract/names';
import type { PodRow } from '../../db/schema';
import { actions, db } from '../../sync/app';
import { WITHDRAW_FAILED } from './pod-texts';

export function PendingInvitations({ pod, myId, isOwner }: { pod: PodRow; myId: string; isOwner: boolean }) {
  const invitations = useLiveQuery(() => invitationsOfPod(db, pod.id), [pod.id]);
  const mine = (invitations ?? []).filter((invitation) => isOwner || invitation.invitedBy.id === myId);

  useEffect(() => {
    void actions.pullPodInvites(pod.id).catch(() => undefined);
  }, [pod.id]);

  if (mine.length === 0) return null;
  return (
    <details className="members pending-invitations">
      <summary>{mine.length === 1 ? '1 pending invitation' : `${mine.length} pending invitations`}</summary>
      <ul aria-label="Pending invitations" className="row-list">
        {mine.map((invitation) => (
          <li key={invitation.invitationId}>
            <div className="row-with-actions">
              <span className="row-title">{nameOf(invitation.invitee)}</span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Withdraw the invitation of ${nameOf(invitation.invitee)}`}
                onClick={() => void actions.mutate('pod.invitation.withdraw', { podId: pod.id, invitationId: invitation.invitationId }).catch(() => undefined)}
              >
                Withdraw
              </button>
            </div>
            {invitation.syncState === 'failed' ? (
              <p role="alert" className="field-error">
                {WITHDRAW_FAILED}
                {invitation.syncError ? ` ${invitation.syncError}` : ''}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
