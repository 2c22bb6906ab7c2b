// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')) }));

import { PodChatsTab } from '../../../src/features/pods/pod-chats-tab';
import { Toaster } from '../../../src/features/shell/toaster';
import { useUiStore } from '../../../src/stores/ui';
import { pullKey } from '../../../src/sync/engine/pull';
import { actions, api, bo, cy, db, loaded, me, outboxEntry, pod, pushServer, resetApp, setLiveStatus, setPull } from './app-mock';

function renderTab(podId: string | null = null) {
  const onOpen = vi.fn();
  const view = render(
    <Toaster>
      <PodChatsTab myId={me.id} podId={podId} onOpen={onOpen} />
    </Toaster>,
  );
  return { onOpen, ...view };
}

/** The pod's actions, description and members are in the pod info sheet, opened from the chat's header. */
async function openPodInfo() {
  fireEvent.click(await screen.findByRole('button', { name: 'Pod info' }));
  await screen.findByRole('dialog');
}

beforeEach(async () => {
  await resetApp();
  useUiStore.setState({ toasts: [] });
});
afterEach(cleanup);

describe('pod list', () => {
  it("shows 'No Pods Yet' once loaded and empty, 'Failed to load pods.' when the pull failed", async () => {
    await setPull(pullKey('pods'), loaded());
    renderTab();
    expect(await screen.findByText('No Pods Yet')).toBeTruthy();
    expect(screen.getByText('Join or create a pod to start collaborating.')).toBeTruthy();
    await setPull(pullKey('pods'), { loadedAt: null, error: 'offline' });
    expect((await screen.findByText('Failed to load pods.')).getAttribute('role')).toBe('alert');
  });

  it('hides pods being left, marks pods created offline Pending, and lets only the owner delete', async () => {
    await db.pods.bulkPut([
      pod({ id: 'p1', name: 'Mine offline', syncState: 'queued' }),
      pod({ id: 'p2', name: 'Theirs', ownerId: bo.id, createdById: bo.id, members: [bo, me] }),
      pod({ id: 'p3', name: 'Leaving', ownerId: bo.id, pendingRemoval: true, syncState: 'queued' }),
    ]);
    renderTab();
    const mine = (await screen.findByText('Mine offline')).closest('li')!;
    expect(within(mine).getByRole('status').textContent).toBe('Pending');
    const theirs = screen.getByText('Theirs').closest('li')!;
    expect(within(theirs).queryByRole('status')).toBeNull();
    expect(within(theirs).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByText('Leaving')).toBeNull();

    fireEvent.click(within(mine).getByRole('button', { name: 'Delete Mine offline' }));
    expect(actions.deletePod).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Pod' }));
    expect(actions.deletePod).toHaveBeenCalledExactlyOnceWith('p1');
  });

  it("shows 'Failed to delete pod.' with the server's message, Retry and Discard when a delete was refused", async () => {
    await db.pods.put(pod({ id: 'p1', name: 'Tuesday', syncState: 'failed', syncError: 'Not allowed.' }));
    const refused = outboxEntry({ name: 'pod.delete', args: { podId: 'p1' }, status: 'failed', error: 'Not allowed.', target: { table: 'pods', id: 'p1' } });
    await db.outbox.add(refused);
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to delete pod.');
    expect(alert.textContent).toContain('Not allowed.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Discard' }));
    expect(actions.discardWrite).toHaveBeenCalledWith(refused.id);
  });

  it("refuses a blank pod name with 'Pod name cannot be empty.' and creates a named one", async () => {
    renderTab();
    fireEvent.change(screen.getByLabelText('Pod name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create pod' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pod name cannot be empty.');
    expect(actions.createPod).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Pod name'), { target: { value: '  Friday Night ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create pod' }));
    await waitFor(() => expect(actions.createPod).toHaveBeenCalledWith('Friday Night'));
    await waitFor(() => expect((screen.getByLabelText('Pod name') as HTMLInputElement).value).toBe(''));
  });

  it("says 'Failed to create pod.' with the reason when creating fails", async () => {
    actions.createPod.mockRejectedValueOnce(new Error('Not logged in.'));
    renderTab();
    fireEvent.change(screen.getByLabelText('Pod name'), { target: { value: 'Friday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create pod' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create pod. Not logged in.');
  });

  it("shows 'Connecting to chat service.' whenever the live connection is not open", async () => {
    setLiveStatus('connecting');
    renderTab();
    expect(screen.getByText('Connecting to chat service.')).toBeTruthy();
    act(() => setLiveStatus('open'));
    expect(screen.queryByText('Connecting to chat service.')).toBeNull();
    act(() => setLiveStatus('closed'));
    expect(screen.getByText('Connecting to chat service.')).toBeTruthy();
  });
});

describe('pod chat', () => {
  const tuesday = pod({ id: 'p1', name: 'Tuesday', ownerId: bo.id, createdById: bo.id, members: [bo, me, cy] });

  it("shows messages oldest first as 'sender name: content', with the Owner badge on the owner's", async () => {
    await db.pods.put(tuesday);
    await db.podMessages.bulkPut([
      { id: 'm2', clientId: null, podId: 'p1', content: 'me too', createdAt: '2026-01-01T10:05:00.000Z', sender: { id: cy.id, username: 'cy', displayName: 'Cy' } },
      { id: 'm1', clientId: null, podId: 'p1', content: 'ready?', createdAt: '2026-01-01T10:00:00.000Z', sender: { id: bo.id, username: 'bo', displayName: null } },
    ]);
    renderTab('p1');
    const list = await screen.findByRole('list', { name: 'Messages in Tuesday' });
    // Nothing was read yet: the "New messages" line comes before the first message.
    const listed = () => within(list).getAllByRole('listitem').filter((item) => item.textContent);
    // The divider is placed once the read marker is read from the mirror, which may be after the list.
    await waitFor(() => expect(listed()[0]!.textContent).toBe('New messages'));
    const all = listed();
    expect(all[0]!.textContent).toBe('New messages');
    const items = all.slice(1);
    expect(items.map((item) => item.querySelector('.bubble-text')?.textContent)).toEqual(['bo: ready?', 'Cy: me too']);
    expect(within(items[0]!).getByText('Owner')).toBeTruthy();
    expect(within(items[1]!).queryByText('Owner')).toBeNull();
    expect(screen.getByRole('link', { name: 'Search in this chat' }).getAttribute('href')).toBe('/search?pod=p1');
    await openPodInfo();
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByText('Owner').closest('li')?.textContent).toContain('bo');
  });

  it('joins the live channel while open, again after a reconnect, and leaves it on close', async () => {
    await db.pods.put(tuesday);
    const { unmount } = renderTab('p1');
    await screen.findByRole('heading', { name: 'Tuesday' });
    expect(actions.joinPod).toHaveBeenCalledTimes(1);
    act(() => setLiveStatus('closed'));
    act(() => setLiveStatus('open'));
    expect(actions.joinPod).toHaveBeenCalledTimes(2);
    unmount();
    expect(actions.leavePodChannel).toHaveBeenCalledWith('p1');
  });

  it('mutes and unmutes notifications from the pod, stored on the server', async () => {
    await db.pods.put(tuesday);
    renderTab('p1');
    await openPodInfo();
    fireEvent.click(await screen.findByRole('button', { name: 'Mute notifications' }));
    await screen.findByRole('button', { name: 'Unmute notifications' });
    expect(pushServer.settings.mutedPodIds).toEqual(['p1']);
    expect(api.request).toHaveBeenCalledWith('PUT', '/api/push/muted-pods/p1');
    fireEvent.click(screen.getByRole('button', { name: 'Unmute notifications' }));
    await screen.findByRole('button', { name: 'Mute notifications' });
    expect(pushServer.settings.mutedPodIds).toEqual([]);
  });

  it('a mute the server cannot take is put back and told', async () => {
    await db.pods.put(tuesday);
    renderTab('p1');
    await openPodInfo();
    const mute = await screen.findByRole('button', { name: 'Mute notifications' });
    api.request.mockRejectedValueOnce(new Error('offline'));
    fireEvent.click(mute);
    await waitFor(() => expect(useUiStore.getState().toasts.at(-1)?.title).toBe('Could not save notification settings. Try again when you are online.'));
    expect(await screen.findByRole('button', { name: 'Mute notifications' })).toBeTruthy();
    expect(pushServer.settings.mutedPodIds).toEqual([]);
  });

  it("shows a refused pod message with the server's text, else 'Failed to send message.', with Retry and Discard", async () => {
    await db.pods.put(tuesday);
    const sender = { id: me.id, username: me.username, displayName: me.displayName };
    await db.podMessages.bulkPut([
      { id: 'f1', clientId: 'f1', podId: 'p1', content: 'one', createdAt: '2026-01-01T10:00:00.000Z', sender, syncState: 'failed', syncError: 'You are muted.' },
      { id: 'f2', clientId: 'f2', podId: 'p1', content: 'two', createdAt: '2026-01-01T10:01:00.000Z', sender, syncState: 'failed' },
    ]);
    renderTab('p1');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.querySelector('.failed-write-text')?.textContent)).toEqual(['You are muted.', 'Failed to send message.']);
    fireEvent.click(within(alerts[1]!).getByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith('f2');
  });

  it('sends trimmed text and does not send blank text', async () => {
    await db.pods.put(tuesday);
    renderTab('p1');
    const box = await screen.findByLabelText('Message');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(actions.sendPodMessage).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(box, { target: { value: '  gg  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(actions.sendPodMessage).toHaveBeenCalledExactlyOnceWith('p1', 'gg'));
  });

  it('a member leaves after confirming', async () => {
    await db.pods.put(tuesday);
    const { onOpen } = renderTab('p1');
    await openPodInfo();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave Pod' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave Pod' }));
    await waitFor(() => expect(actions.leavePod).toHaveBeenCalledWith('p1'));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(null));
    expect(actions.assignPodOwner).not.toHaveBeenCalled();
  });

  it('a member who is not the owner has no Remove Members', async () => {
    await db.pods.put(tuesday);
    renderTab('p1');
    await openPodInfo();
    expect(await screen.findByRole('button', { name: 'Leave Pod' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Members' })).toBeNull();
  });

  it("an owner with members must pick a new owner, then assign and leave in that order, and hears of success", async () => {
    const mine = pod({ id: 'p2', name: 'Mine', members: [me, bo, cy] });
    await db.pods.put(mine);
    const calls: string[] = [];
    actions.assignPodOwner.mockImplementation(async (...args: unknown[]) => void calls.push(`assign ${args.join(' ')}`));
    actions.leavePod.mockImplementation(async (...args: unknown[]) => {
      calls.push(`leave ${args.join(' ')}`);
      await db.pods.update('p2', { pendingRemoval: true, syncState: 'queued' });
    });
    renderTab('p2');
    await openPodInfo();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave Pod' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer and leave' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a new owner.');
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('New owner'), { target: { value: cy.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer and leave' }));
    await waitFor(() => expect(calls).toEqual([`assign p2 ${cy.id}`, 'leave p2']));
    expect(screen.queryByText('Ownership transferred and you have left the pod.')).toBeNull();
    await db.pods.delete('p2');
    expect(await screen.findByText('Ownership transferred and you have left the pod.')).toBeTruthy();
  });

  it("an owner transfer that cannot be queued says 'An error occurred. Please try again.'", async () => {
    await db.pods.put(pod({ id: 'p2', name: 'Mine', members: [me, bo] }));
    actions.assignPodOwner.mockRejectedValueOnce(new Error('boom'));
    renderTab('p2');
    await openPodInfo();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave Pod' }));
    fireEvent.change(await screen.findByLabelText('New owner'), { target: { value: bo.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer and leave' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
    expect(actions.leavePod).not.toHaveBeenCalled();
  });

  it("the sole member and owner gets a 'Delete Pod' confirmation, and a refusal is told", async () => {
    await db.pods.put(pod({ id: 'p3', name: 'Solo', members: [me] }));
    actions.deletePod.mockImplementation(async () => {
      await db.pods.update('p3', { pendingRemoval: true, syncState: 'queued' });
    });
    renderTab('p3');
    await openPodInfo();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave Pod' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete Pod');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Pod' }));
    await waitFor(() => expect(actions.deletePod).toHaveBeenCalledWith('p3'));
    expect(actions.leavePod).not.toHaveBeenCalled();
    await db.pods.update('p3', { pendingRemoval: false, syncState: 'failed', syncError: 'x' });
    expect(await screen.findByText('Failed to delete the pod.')).toBeTruthy();
  });

  it("the owner sees every pending invitation with 'Withdraw'; another member only those they sent", async () => {
    const dee = { id: 'u-dee', username: 'dee', displayName: null, avatarUrl: null };
    const invitation = (invitationId: string, invitedBy: typeof me, invitee: typeof me, podId: string) => ({
      invitationId,
      invitedBy,
      invitee,
      pod: { id: podId, name: 'Pod' },
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await db.pods.put(pod({ id: 'p5', name: 'Mine', members: [me, bo] }));
    await db.podInvitations.bulkPut([invitation('i1', bo, cy, 'p5'), invitation('i2', me, dee, 'p5')]);
    renderTab('p5');
    await openPodInfo();
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(list).getByRole('button', { name: 'Withdraw the invitation of Cy' }));
    await waitFor(() => expect(actions.withdrawPodInvitation).toHaveBeenCalledExactlyOnceWith('p5', 'i1'));
    cleanup();

    await db.pods.put(tuesday);
    await db.podInvitations.bulkPut([invitation('i3', bo, dee, 'p1'), invitation('i4', me, { ...dee, id: 'u-eve', username: 'eve' }, 'p1')]);
    renderTab('p1');
    await openPodInfo();
    const theirs = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(theirs).getAllByRole('listitem')).toHaveLength(1);
    expect(within(theirs).getByRole('button', { name: 'Withdraw the invitation of eve' })).toBeTruthy();
  });

  it("the owner removes a member and hears 'Member removed.' once the server agreed", async () => {
    await db.pods.put(pod({ id: 'p4', name: 'Mine', members: [me, bo, cy] }));
    actions.removePodMember.mockImplementation(async (podId: unknown, userId: unknown) => {
      const row = (await db.pods.get(podId as string))!;
      await db.pods.update(row.id, { members: row.members.filter((member) => member.id !== userId), syncState: 'queued' });
    });
    renderTab('p4');
    await openPodInfo();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Members' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Remove Ana' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove bo' }));
    await waitFor(() => expect(actions.removePodMember).toHaveBeenCalledWith('p4', bo.id));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Remove bo' })).toBeNull());
    expect(screen.queryByText('Member removed.')).toBeNull();
    await db.pods.update('p4', { syncState: undefined });
    expect(await screen.findByText('Member removed.')).toBeTruthy();
  });

  it("says 'Error loading pod details.' when the pod is not in the mirror and the pods pull failed", async () => {
    await setPull(pullKey('pods'), { loadedAt: null, error: 'offline' });
    renderTab('nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading pod details.');
  });
});
