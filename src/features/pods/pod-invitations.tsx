/**
 * Pod invitations addressed to me (All Chats): the pod, who invited, Accept / Decline.
 * Answering removes the invitation at once; a refused answer shows with Retry / Discard
 * (discarding brings the invitation back as the server has it).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { incomingPodInvitations, outboxEntriesIn } from '../../db/queries';
import { nameOf } from '../../contract/names';
import { actions, db } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { AnswerButtons } from '../../ui/answer-buttons';

/** Not in the spec's catalogue (it has no text for this list); ours. */
export const POD_INVITES_FAILED = 'Unable to load pod invitations.';

export function PodInvitations({ myId }: { myId: string }) {
  const invitations = useLiveQuery(() => incomingPodInvitations(db, myId), [myId]);
  const answers = useLiveQuery(() => outboxEntriesIn(db, 'podInvitations'), []);
  const pull = usePullState(pullKey('podInvitations'));
  const refused = (answers ?? []).filter((entry) => entry.status === 'failed');

  return (
    <>
      {refused.map((entry) => (
        <div key={entry.id} role="alert" className="failed-write">
          <p className="failed-write-text">
            {entry.name === 'pod.invitation.accept' ? 'Failed to accept the pod invitation.' : 'Failed to decline the pod invitation.'}
          </p>
          {entry.error ? <p className="failed-write-detail">{entry.error}</p> : null}
          <div className="button-row">
            <button type="button" className="button button--secondary button--small" onClick={() => void actions.retryWrite(entry.id)}>
              Retry
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void actions.discardWrite(entry.id).catch(() => undefined)}
            >
              Discard
            </button>
          </div>
        </div>
      ))}
      <ListStatus state={listState(invitations, pull)} loading="Loading pod invites..." error={POD_INVITES_FAILED} empty="No pod invites." />
      {invitations && invitations.length > 0 ? (
        <ul className="row-list">
          {invitations.map((invitation) => (
            <li key={invitation.invitationId} className="row-with-actions">
              <span className="row-text">
                <span className="row-title">{invitation.pod.name}</span>
                <span className="row-detail muted">Invited by {nameOf(invitation.invitedBy)}</span>
              </span>
              <AnswerButtons
                about={`invitation to ${invitation.pod.name}`}
                onAccept={() => void actions.mutate('pod.invitation.accept', { invitationId: invitation.invitationId })}
                onDecline={() => void actions.mutate('pod.invitation.decline', { invitationId: invitation.invitationId })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
