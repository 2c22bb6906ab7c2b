/**
 * 'Leave Pod' (the spec's states and transitions). A member leaves after a confirmation. An owner with other
 * members first picks a new owner: assign-owner and leave are queued in that order. An owner
 * who is the only member confirms 'Delete Pod', and leaving deletes the pod. The pod hides at
 * once; the outcome is toasted when the server answers (the user is back on the list by then).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { podOwnerId } from '../../db/queries';
import { nameOf } from '../../contract/names';
import type { PodRow } from '../../db/schema';
import { showToast } from '../../stores/ui';
import { actions, db } from '../../sync/app';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { watchOutcome } from '../../ui/settle';
import { LEAVE_DELETE_FAILED, LEAVE_FAILED, SELECT_OWNER, TRANSFER_FAILED, TRANSFERRED } from './pod-texts';

export type LeaveMode = 'leave' | 'transfer' | 'delete';

export function leaveMode(pod: Pick<PodRow, 'ownerId' | 'createdById' | 'members'>, myId: string): LeaveMode {
  if (podOwnerId(pod) !== myId) return 'leave';
  return pod.members.some((member) => member.id !== myId) ? 'transfer' : 'delete';
}

/** Gone from the mirror = the server agreed; marked failed = refused. */
function watchLeave(podId: string, texts: { success?: string; failure: string }): void {
  watchOutcome(
    () => db.pods.get(podId),
    (pod) => (!pod ? 'success' : pod.syncState === 'failed' ? 'failure' : 'pending'),
    (outcome) => {
      if (outcome === 'success' && texts.success) showToast({ title: texts.success, variant: 'success' });
      if (outcome === 'failure') showToast({ title: texts.failure, variant: 'error' });
    },
  );
}

interface LeavePodProps {
  pod: PodRow;
  myId: string;
  /** Called once the leave is queued: the pod is hidden, the chat should close. */
  onLeft(): void;
}

function TransferDialog({ pod, myId, open, onOpenChange, onLeft }: LeavePodProps & { open: boolean; onOpenChange(open: boolean): void }) {
  const [newOwnerId, setNewOwnerId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const candidates = pod.members.filter((member) => member.id !== myId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!newOwnerId) {
      setError(SELECT_OWNER);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await actions.mutate('pod.owner.assign', { podId: pod.id, newOwnerId });
      await actions.mutate('pod.leave', { podId: pod.id });
      watchLeave(pod.id, { success: TRANSFERRED, failure: TRANSFER_FAILED });
      onLeft();
    } catch {
      setError(TRANSFER_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Choose a new owner</Dialog.Title>
          <Dialog.Description className="muted">You own {pod.name}. Pick who owns it after you leave.</Dialog.Description>
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            {error ? (
              <p role="alert" className="alert alert--error">
                {error}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="new-owner">New owner</label>
              <select id="new-owner" value={newOwnerId} onChange={(event) => setNewOwnerId(event.target.value)}>
                <option value="">Select a member</option>
                {candidates.map((member) => (
                  <option key={member.id} value={member.id}>
                    {nameOf(member)}
                  </option>
                ))}
              </select>
            </div>
            <div className="dialog-actions">
              <Dialog.Close type="button" className="button button--secondary">
                Cancel
              </Dialog.Close>
              <button type="submit" className="button button--danger" disabled={busy}>
                Transfer and leave
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function LeavePod({ pod, myId, onLeft }: LeavePodProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const mode = leaveMode(pod, myId);

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      if (mode === 'delete') {
        await actions.mutate('pod.delete', { podId: pod.id });
        watchLeave(pod.id, { failure: LEAVE_DELETE_FAILED });
      } else {
        await actions.mutate('pod.leave', { podId: pod.id });
        watchLeave(pod.id, { failure: LEAVE_FAILED });
      }
      setOpen(false);
      onLeft();
    } catch {
      setError(mode === 'delete' ? LEAVE_DELETE_FAILED : LEAVE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Leave Pod
      </button>
      {mode === 'transfer' ? (
        <TransferDialog key={String(open)} pod={pod} myId={myId} open={open} onOpenChange={setOpen} onLeft={onLeft} />
      ) : (
        <ConfirmDialog
          open={open}
          title={mode === 'delete' ? 'Delete Pod' : 'Leave Pod'}
          description={
            mode === 'delete'
              ? `You are the only member of ${pod.name}. Leaving deletes the pod and its messages.`
              : `Leave ${pod.name}? You will no longer see its chat.`
          }
          confirmLabel={mode === 'delete' ? 'Delete Pod' : 'Leave Pod'}
          danger
          busy={busy}
          error={error}
          onCancel={() => setOpen(false)}
          onConfirm={() => void confirm()}
        />
      )}
    </>
  );
}
