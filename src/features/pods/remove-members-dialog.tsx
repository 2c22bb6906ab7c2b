/**
 * The owner's 'Remove Members': every member except the owner, each with Remove. The member
 * disappears at once (optimistic); 'Member removed.' is toasted once the server agreed, and
 * a refusal shows as 'Failed to remove member.' with Retry / Discard.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { podOwnerId } from '../../db/queries';
import { nameOf } from '../../contract/names';
import type { PodRow } from '../../db/schema';
import { showToast } from '../../stores/ui';
import { actions, db } from '../../sync/app';
import { watchOutcome } from '../../ui/settle';
import { Avatar } from '../profile/avatar';
import { REMOVED } from './pod-texts';
import { PodFailure } from './pod-failure';

function watchRemoval(podId: string, userId: string): void {
  watchOutcome(
    () => db.pods.get(podId),
    (pod) => {
      if (!pod) return 'cancelled';
      if (pod.syncState === 'failed') return 'failure';
      if (pod.syncState) return 'pending';
      return pod.members.some((member) => member.id === userId) ? 'cancelled' : 'success';
    },
    (outcome) => {
      if (outcome === 'success') showToast({ title: REMOVED, variant: 'success' });
    },
  );
}

export function RemoveMembersDialog({ pod }: { pod: PodRow }) {
  const ownerId = podOwnerId(pod);
  const others = pod.members.filter((member) => member.id !== ownerId);

  async function remove(userId: string) {
    await actions.mutate('pod.member.remove', { podId: pod.id, userId });
    watchRemoval(pod.id, userId);
  }

  return (
    <Dialog.Root>
      <Dialog.Trigger className="button button--secondary">Remove Members</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Remove Members</Dialog.Title>
          <Dialog.Description className="muted">Removed members lose access to {pod.name} and its chat.</Dialog.Description>
          <PodFailure pod={pod} />
          {others.length === 0 ? <p className="muted">No other members.</p> : null}
          <ul className="row-list">
            {others.map((member) => (
              <li key={member.id} className="row-with-actions">
                <span className="row-static">
                  <Avatar username={member.username} avatarUrl={member.avatarUrl} displayName={member.displayName} size={36} />
                  <span className="row-title">{nameOf(member)}</span>
                </span>
                <button type="button" className="button button--danger" aria-label={`Remove ${nameOf(member)}`} onClick={() => void remove(member.id)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">Done</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
