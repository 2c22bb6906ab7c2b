// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { InviteDialog } from '../../../src/features/pods/invite-dialog';
import { Toaster } from '../../../src/features/shell/toaster';
import { useUiStore } from '../../../src/stores/ui';
import { actions, bo, cy, db, me, outboxEntry, pod, resetApp } from './app-mock';

const dee = { id: 'u-dee', username: 'deedee', displayName: 'Dee', avatarUrl: null };
const eve = { id: 'u-eve', username: 'eve', displayName: 'Eve', avatarUrl: null };
const tuesday = pod({ id: 'p1', name: 'Tuesday', members: [me, bo] });

function openDialog() {
  render(
    <Toaster>
      <InviteDialog pod={tuesday} />
    </Toaster>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
}

function search(text: string) {
  fireEvent.change(screen.getByLabelText('Find people to invite'), { target: { value: text } });
}

/** The row of one result, by the name shown in it. */
async function row(name: string) {
  return (await screen.findByText(name)).closest('li') as HTMLElement;
}

describe('pod invite modal', () => {
  beforeEach(async () => {
    await resetApp();
    useUiStore.setState({ toasts: [] });
  });
  afterEach(cleanup);

  it('pulls the pod’s invitations when it opens', async () => {
    openDialog();
    await screen.findByRole('dialog');
    expect(actions.pullPodInvites).toHaveBeenCalledWith('p1');
  });

  it('asks for at least three characters and does not search before that', async () => {
    openDialog();
    const hint = 'Enter at least three characters to find people to invite.';
    expect(await screen.findByText(hint)).toBeTruthy();
    search('de');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByText(hint)).toBeTruthy();
    expect(actions.searchUsers).not.toHaveBeenCalled();

    actions.searchUsers.mockResolvedValue([dee]);
    search('dee');
    expect(await screen.findByText('Dee')).toBeTruthy();
    expect(actions.searchUsers).toHaveBeenCalledExactlyOnceWith('dee');
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('shows Member (disabled) for members, Invited for pending invitations, Invite for others', async () => {
    await db.podInvitations.put({ invitationId: 'i1', invitedBy: me, invitee: cy, pod: { id: 'p1', name: 'Tuesday' }, createdAt: '2026-01-01T00:00:00.000Z' });
    actions.searchUsers.mockResolvedValue([bo, cy, dee]);
    openDialog();
    search('abc');
    const member = within(await row('bo')).getByRole('button');
    expect(member.textContent).toBe('Member');
    expect((member as HTMLButtonElement).disabled).toBe(true);
    await waitFor(async () => expect(within(await row('Cy')).getByRole('button').textContent).toBe('Invited'));
    expect((within(await row('Cy')).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    const invite = within(await row('Dee')).getByRole('button');
    expect(invite.textContent).toBe('Invite');
    expect((invite as HTMLButtonElement).disabled).toBe(false);
  });

  it('Invite → Inviting while queued → Invited, with the toast, once the server has it', async () => {
    actions.searchUsers.mockResolvedValue([dee]);
    actions.inviteToPod.mockImplementation(async () => {
      await db.outbox.add(outboxEntry({ name: 'pod.invite', target: { table: 'podInvites', id: `p1:${dee.id}` } }));
    });
    openDialog();
    search('dee');
    fireEvent.click(within(await row('Dee')).getByRole('button', { name: 'Invite' }));
    expect(actions.inviteToPod).toHaveBeenCalledWith('p1', dee.id);
    await waitFor(async () => expect(within(await row('Dee')).getByRole('button').textContent).toBe('Inviting'));
    expect(screen.queryByText('Invitation sent!')).toBeNull();

    await db.transaction('rw', db.outbox, db.podInvitations, async () => {
      await db.outbox.clear();
      await db.podInvitations.put({ invitationId: 'i2', invitedBy: me, invitee: dee, pod: { id: 'p1', name: 'Tuesday' }, createdAt: new Date().toISOString() });
    });
    await waitFor(async () => expect(within(await row('Dee')).getByRole('button').textContent).toBe('Invited'));
    expect(await screen.findByText('Invitation sent!')).toBeTruthy();
  });

  it("shows Retry and 'Failed to send invitation.' when the server refused", async () => {
    const refused = outboxEntry({ name: 'pod.invite', status: 'failed', error: 'No.', target: { table: 'podInvites', id: `p1:${eve.id}` } });
    await db.outbox.add(refused);
    actions.searchUsers.mockResolvedValue([eve]);
    openDialog();
    search('eve');
    const eveRow = await row('Eve');
    await waitFor(() => expect(within(eveRow).getByRole('alert').textContent).toBe('Failed to send invitation.'));
    fireEvent.click(within(eveRow).getByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith(refused.id);
  });

  it("says 'Unable to search users right now.' when the search fails and 'No users found.' when nobody matches", async () => {
    actions.searchUsers.mockRejectedValueOnce(new Error('offline'));
    openDialog();
    search('xyz');
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to search users right now.');
    actions.searchUsers.mockResolvedValueOnce([]);
    search('xyzw');
    expect(await screen.findByText('No users found.')).toBeTruthy();
  });
});
