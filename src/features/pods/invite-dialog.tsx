/**
 * 'Invite' (the spec's states and transitions and validation rules): search people (3+ characters) and invite them. Per user:
 * Member (disabled), Invite, Inviting while the write is queued, Invited once an invitation
 * exists, Retry (with 'Failed to send invitation.') when the server refused.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import type { PublicUser } from '../../contract/users';
import { invitationsOfPod, invitesBeingSent } from '../../db/queries';
import { nameOf } from '../../contract/names';
import type { OutboxEntry, PodRow } from '../../db/schema';
import { showToast } from '../../stores/ui';
import { actions, db, newId } from '../../sync/app';
import { watchOutcome } from '../../ui/settle';
import { useUserSearch } from '../messages/use-user-search';
import { Avatar } from '../profile/avatar';
import { INVITE_FAILED, INVITE_MIN_CHARS, INVITE_MIN_LENGTH, INVITE_SEARCH_FAILED, INVITE_SENT } from './pod-texts';
import { SearchStatus } from '../messages/search-status';

type InviteState = { kind: 'member' } | { kind: 'invited' } | { kind: 'inviting' } | { kind: 'failed'; entry: OutboxEntry } | { kind: 'invite' };

export function inviteState(userId: string, pod: PodRow, invited: Set<string>, sending: Map<string, OutboxEntry>): InviteState {
  if (pod.members.some((member) => member.id === userId)) return { kind: 'member' };
  if (invited.has(userId)) return { kind: 'invited' };
  const entry = sending.get(userId);
  if (entry?.status === 'queued') return { kind: 'inviting' };
  if (entry?.status === 'failed') return { kind: 'failed', entry };
  return { kind: 'invite' };
}

/** Toasts 'Invitation sent!' once the server has the invitation, wherever the user is by then. */
function watchInvite(podId: string, userId: string): void {
  watchOutcome(
    async () => ({ entry: (await invitesBeingSent(db, podId)).get(userId), invitations: await invitationsOfPod(db, podId) }),
    ({ entry, invitations }) => {
      if (entry?.status === 'failed') return 'failure';
      if (entry) return 'pending';
      return invitations.some((invitation) => invitation.invitee.id === userId) ? 'success' : 'cancelled';
    },
    (outcome) => {
      if (outcome === 'success') showToast({ title: INVITE_SENT, variant: 'success' });
    },
  );
}

function InviteRow({ user, pod, invited, sending }: { user: PublicUser; pod: PodRow; invited: Set<string>; sending: Map<string, OutboxEntry> }) {
  const nameId = useId();
  const state = inviteState(user.id, pod, invited, sending);
  const [error, setError] = useState<string | null>(null);

  async function invite() {
    setError(null);
    try {
      await actions.mutate('pod.invite', { id: newId(), podId: pod.id, userId: user.id });
      watchInvite(pod.id, user.id);
    } catch {
      setError(INVITE_FAILED);
    }
  }

  let button;
  if (state.kind === 'member' || state.kind === 'invited' || state.kind === 'inviting') {
    const label = state.kind === 'member' ? 'Member' : state.kind === 'invited' ? 'Invited' : 'Inviting';
    button = (
      <button type="button" className="button button--secondary" disabled aria-describedby={nameId}>
        {label}
      </button>
    );
  } else if (state.kind === 'failed') {
    button = (
      <button type="button" className="button" aria-describedby={nameId} onClick={() => void actions.retryWrite(state.entry.id)}>
        Retry
      </button>
    );
  } else {
    button = (
      <button type="button" className="button" aria-describedby={nameId} onClick={() => void invite()}>
        Invite
      </button>
    );
  }

  return (
    <li className="invite-row">
      <div className="row-with-actions">
        <span className="row-static">
          <Avatar username={user.username} avatarUrl={user.avatarUrl} displayName={user.displayName} size={36} />
          <span className="row-text">
            <span id={nameId} className="row-title">
              {nameOf(user)}
            </span>
            <span className="row-detail muted">@{user.username}</span>
          </span>
        </span>
        {button}
      </div>
      {state.kind === 'failed' || error ? (
        <p role="alert" className="field-error">
          {INVITE_FAILED}
        </p>
      ) : null}
    </li>
  );
}

function InviteSearch({ pod }: { pod: PodRow }) {
  const [query, setQuery] = useState('');
  const search = useUserSearch(query, INVITE_MIN_LENGTH);
  const invitations = useLiveQuery(() => invitationsOfPod(db, pod.id), [pod.id]);
  const sending = useLiveQuery(() => invitesBeingSent(db, pod.id), [pod.id]);
  const invited = new Set((invitations ?? []).map((invitation) => invitation.invitee.id));

  useEffect(() => {
    void actions.pullPodInvites(pod.id).catch(() => undefined);
  }, [pod.id]);

  return (
    <>
      <div className="field">
        <label htmlFor="pod-invite-search">Find people to invite</label>
        <input id="pod-invite-search" type="search" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {query.trim().length < INVITE_MIN_LENGTH ? <p className="muted list-status">{INVITE_MIN_CHARS}</p> : null}
      <SearchStatus search={search} failedText={INVITE_SEARCH_FAILED} />
      {search.status === 'done' && search.users.length > 0 ? (
        <ul className="row-list" aria-label="People">
          {search.users.map((user) => (
            <InviteRow key={user.id} user={user} pod={pod} invited={invited} sending={sending ?? new Map()} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function InviteDialog({ pod }: { pod: PodRow }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="button button--secondary">Invite</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Invite to {pod.name}</Dialog.Title>
          <Dialog.Description className="muted">Search by username, then invite people to this pod.</Dialog.Description>
          {/* Mounted only while open: the search and the invites pull start when the dialog opens. */}
          <InviteSearch pod={pod} />
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">Done</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
