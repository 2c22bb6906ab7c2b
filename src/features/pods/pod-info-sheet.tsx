/**
 * The pod info sheet, opened from the pod chat's header ("Pod info"), so the chat itself starts
 * with its messages: the pod's description (the owner edits it here), its members with the Owner
 * badge, pending invitations (Withdraw), the actions Invite / Remove Members (owner) / Mute
 * notifications / Leave Pod, and the leaderboard. A Radix dialog shown as a sheet from the bottom
 * (focus trapped, Escape closes); the actions' own dialogs open above it. Leaving closes the
 * chat, and with it the sheet.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { nameOf } from '../../contract/names';
import { podOwnerId } from '../../db/queries';
import type { PodRow } from '../../db/schema';
import { MutePodButton } from '../notifications/mute-pod-button';
import { InviteDialog } from './invite-dialog';
import { LeavePod } from './leave-pod';
import { PendingInvitations } from './pending-invitations';
import { PodDescription } from './pod-description';
import { PodLeaderboard } from './pod-leaderboard';
import { RemoveMembersDialog } from './remove-members-dialog';

/** The header button's accessible name. */
export const POD_INFO = 'Pod info';

export function OwnerBadge() {
  return <span className="badge badge--owner">Owner</span>;
}

function InfoIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6" />
      <circle cx="12" cy="7.5" r="0.6" fill="currentColor" />
    </svg>
  );
}

interface PodInfoSheetProps {
  pod: PodRow;
  myId: string;
  onLeft(): void;
}

export function PodInfoSheet({ pod, myId, onLeft }: PodInfoSheetProps) {
  const ownerId = podOwnerId(pod);
  const isOwner = ownerId === myId;
  const memberCount = pod.members.length === 1 ? '1 member' : `${pod.members.length} members`;
  return (
    <Dialog.Root>
      <Dialog.Trigger className="button button--secondary chat-info-button" aria-label={POD_INFO}>
        <InfoIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog sheet" aria-describedby={undefined}>
          <div className="sheet-header">
            <Dialog.Title>{pod.name}</Dialog.Title>
            <Dialog.Close className="button button--secondary">Close</Dialog.Close>
          </div>
          <div className="stack sheet-body">
            <PodDescription pod={pod} isOwner={isOwner} />
            <div className="button-row chat-actions">
              <InviteDialog pod={pod} />
              {isOwner ? <RemoveMembersDialog pod={pod} /> : null}
              <MutePodButton podId={pod.id} />
              <LeavePod pod={pod} myId={myId} onLeft={onLeft} />
            </div>
            <div>
              <h3 className="sheet-subtitle">{memberCount}</h3>
              <ul aria-label="Members" className="member-list">
                {pod.members.map((member) => (
                  <li key={member.id}>
                    {nameOf(member)} {member.id === ownerId ? <OwnerBadge /> : null}
                  </li>
                ))}
              </ul>
            </div>
            <PendingInvitations pod={pod} myId={myId} isOwner={isOwner} />
            <PodLeaderboard pod={pod} myId={myId} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
