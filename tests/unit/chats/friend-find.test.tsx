// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { Toaster } from '../../../src/features/shell/toaster';
import { FriendsTab } from '../../../src/features/friends/friends-tab';
import { useUiStore } from '../../../src/stores/ui';
import { pullKey } from '../../../src/sync/engine/pull';
import { actions, bo, cy, db, loaded, me, resetApp, setPull } from './app-mock';

const everyone = [me, bo, cy, { id: 'u-big', username: 'Bo', displayName: 'Big Bo', avatarUrl: null }];

function renderTab() {
  render(
    <Toaster>
      <FriendsTab myId={me.id} />
    </Toaster>,
  );
}

async function find(username: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
}

describe('Friends: find a friend', () => {
  beforeEach(async () => {
    await resetApp();
    useUiStore.setState({ toasts: [] });
    actions.listAllUsers.mockResolvedValue(everyone);
  });
  afterEach(cleanup);

  it('asks for a username when the box is empty, without looking anyone up', async () => {
    renderTab();
    await find('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a username to search.');
    expect(actions.listAllUsers).not.toHaveBeenCalled();
  });

  it("says 'User not found.' when no username matches", async () => {
    renderTab();
    await find('zed');
    expect((await screen.findByRole('alert')).textContent).toBe('User not found.');
    expect(actions.sendFriendRequest).not.toHaveBeenCalled();
  });

  it('matches the exact username first: "Bo" is Big Bo, not bo', async () => {
    renderTab();
    await find('Bo');
    await waitFor(() => expect(actions.sendFriendRequest).toHaveBeenCalledWith('u-big'));
  });

  it('accepts a single case-insensitive match ("CY" finds cy)', async () => {
    renderTab();
    await find('CY');
    await waitFor(() => expect(actions.sendFriendRequest).toHaveBeenCalledWith(cy.id));
  });

  it('refuses someone who is already a friend', async () => {
    await db.friendships.put({ friendshipId: 'f1', status: 'ACCEPTED', friend: cy, requester: me, createdAt: '2026-01-01T00:00:00.000Z' });
    renderTab();
    await find('cy');
    expect((await screen.findByRole('alert')).textContent).toBe('You are already friends with this user.');
    expect(actions.sendFriendRequest).not.toHaveBeenCalled();
  });

  it('refuses when a request is already pending, in either direction', async () => {
    await db.friendRequests.put({ friendshipId: 'r1', status: 'PENDING', requester: cy, addressee: me, createdAt: '2026-01-01T00:00:00.000Z', direction: 'incoming' });
    renderTab();
    await find('cy');
    expect((await screen.findByText('A friend request from this user is already pending.')).getAttribute('role')).toBe('alert');

    await db.friendRequests.clear();
    await db.friendRequests.put({ friendshipId: 'r2', status: 'PENDING', requester: me, addressee: bo, createdAt: '2026-01-01T00:00:00.000Z', direction: 'outgoing' });
    await find('bo');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A friend request from this user is already pending.'));
    expect(actions.sendFriendRequest).not.toHaveBeenCalled();
  });

  it("says 'Unable to search users right now.' when the user list cannot be fetched", async () => {
    actions.listAllUsers.mockRejectedValue(new Error('offline'));
    renderTab();
    await find('cy');
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to search users right now.');
  });

  it("says 'Failed to send friend request.' when the request cannot be queued", async () => {
    actions.sendFriendRequest.mockRejectedValue(new Error('Not logged in.'));
    renderTab();
    await find('cy');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send friend request.');
  });

  it('shows the request as Pending at once and toasts success once the server has it', async () => {
    actions.sendFriendRequest.mockImplementation(async (addresseeId: unknown) => {
      await db.friendRequests.put({ friendshipId: 'tmp', status: 'PENDING', requester: me, addressee: cy, createdAt: new Date().toISOString(), direction: 'outgoing', syncState: 'queued' });
      expect(addresseeId).toBe(cy.id);
    });
    await setPull(pullKey('friendRequests'), loaded());
    renderTab();
    await find('cy');
    expect(await screen.findByText('Cy')).toBeTruthy();
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Friend request sent successfully!')).toBeNull();

    await db.transaction('rw', db.friendRequests, async () => {
      await db.friendRequests.delete('tmp');
      await db.friendRequests.put({ friendshipId: 'server-id', status: 'PENDING', requester: me, addressee: cy, createdAt: new Date().toISOString(), direction: 'outgoing' });
    });
    expect(await screen.findByText('Friend request sent successfully!')).toBeTruthy();
    expect(screen.queryByText('Sending…')).toBeNull();
  });

  it('a refused request is toasted and shows in Pending with Retry and Discard', async () => {
    actions.sendFriendRequest.mockImplementation(async () => {
      await db.friendRequests.put({ friendshipId: 'tmp', status: 'PENDING', requester: me, addressee: cy, createdAt: new Date().toISOString(), direction: 'outgoing', syncState: 'queued' });
    });
    renderTab();
    await find('cy');
    await screen.findByText('Sending…');
    await db.friendRequests.update('tmp', { syncState: 'failed', syncError: 'You cannot befriend this user.' });
    // Once in the Pending list, once as a toast.
    await waitFor(() => expect(screen.getAllByText('Failed to send friend request.')).toHaveLength(2));
    expect(screen.getByText('You cannot befriend this user.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith('tmp');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(actions.discardWrite).toHaveBeenCalledWith('tmp');
  });
});

describe('Friends: lists', () => {
  beforeEach(async () => {
    await resetApp();
  });
  afterEach(cleanup);

  it("shows 'Unable to load pending friend requests.' and 'Failed to load friends.' when the pulls failed with nothing stored", async () => {
    await setPull(pullKey('friendRequests'), { loadedAt: null, error: 'boom' });
    await setPull(pullKey('friends'), { loadedAt: null, error: 'boom' });
    renderTab();
    expect(await screen.findByText('Unable to load pending friend requests.')).toBeTruthy();
    expect(await screen.findByText('Failed to load friends.')).toBeTruthy();
  });

  it("shows 'No friends yet.' once loaded and empty, and loading before that", async () => {
    renderTab();
    expect(await screen.findByText('Loading friends...')).toBeTruthy();
    await setPull(pullKey('friends'), loaded());
    expect(await screen.findByText('No friends yet.')).toBeTruthy();
  });

  it('lists incoming requests with Accept / Reject and outgoing ones as Pending', async () => {
    await db.friendRequests.bulkPut([
      { friendshipId: 'in', status: 'PENDING', requester: bo, addressee: me, createdAt: '2026-01-01T00:00:00.000Z', direction: 'incoming' },
      { friendshipId: 'out', status: 'PENDING', requester: me, addressee: cy, createdAt: '2026-01-01T00:00:00.000Z', direction: 'outgoing' },
    ]);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept bo' }));
    expect(actions.acceptFriendRequest).toHaveBeenCalledWith('in');
    fireEvent.click(screen.getByRole('button', { name: 'Reject bo' }));
    expect(actions.rejectFriendRequest).toHaveBeenCalledWith('in');
    expect(screen.getByText('Cy').closest('li')?.textContent).toContain('Pending');
  });

  it('unfriends and blocks only after a confirmation', async () => {
    await db.friendships.put({ friendshipId: 'f1', status: 'ACCEPTED', friend: cy, requester: me, createdAt: '2026-01-01T00:00:00.000Z' });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Block Cy' }));
    expect(actions.removeFriend).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Block Cy?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(actions.removeFriend).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Unfriend Cy' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Unfriend' }));
    expect(actions.removeFriend).toHaveBeenCalledExactlyOnceWith('f1');
  });
});
