// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
const navigate = vi.fn(async (_to: unknown) => undefined);
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')), useNavigate: () => navigate }));

import { ChatsPage } from '../../../src/features/chats/chats-page';
import { pullKey } from '../../../src/sync/engine/pull';
import { actions, bo, cy, db, failedPull, loaded, me, pod, resetApp, setPull } from './app-mock';

function section(title: string) {
  return screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;
}

/** Waiting friend requests and pod invites are pinned as one row at the top; it unfolds them. */
async function openRequests() {
  fireEvent.click(await screen.findByRole('button', { name: /^Requests and invites/ }));
}

beforeEach(async () => {
  await resetApp();
});
afterEach(cleanup);

describe('chats page: All Chats', () => {
  it('has the four tabs and refreshes what the inbox shows', async () => {
    render(<ChatsPage />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All Chats', 'Messages', 'Pod Chats', 'Friends']);
    expect(screen.getByRole('link', { name: 'Search messages' }).getAttribute('href')).toBe('/search');
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(actions.pullList).toHaveBeenCalled());
    await setPull(pullKey('gameInvites'), loaded());
    expect(await within(section('Game Invites')).findByText('No game invites.')).toBeTruthy();
  });

  it('shows game invitations live with who, when and the players; Accept opens the game, Decline declines', async () => {
    await setPull(pullKey('gameInvites'), loaded());
    render(<ChatsPage />);
    await screen.findByRole('heading', { name: 'Game Invites' });
    expect(await within(section('Game Invites')).findByText('No game invites.')).toBeTruthy();
    // An invitation arriving in the mirror (a live event) shows without a reload.
    await db.gameInvites.put({
      id: 'gi1',
      invitedBy: bo,
      game: { id: 'g1', startTime: '2026-01-01T19:00:00.000Z', players: [{ seatNumber: 0, displayName: 'bo' }, { seatNumber: 1, displayName: 'Ana' }] },
      createdAt: '2026-01-01T19:00:00.000Z',
    });
    expect(await within(section('Game Invites')).findByText('Game by bo')).toBeTruthy();
    expect(within(section('Game Invites')).getByText(/bo, Ana/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept game invitation from bo' }));
    expect(actions.acceptGameInvite).toHaveBeenCalledWith('gi1');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/game/$id', params: { id: 'g1' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline game invitation from bo' }));
    expect(actions.declineGameInvite).toHaveBeenCalledWith('gi1');
  });

  it('lists one row per conversation and pod, newest first, with its latest message, who sent it and the unread count', async () => {
    await db.pods.put(pod({ id: 'p1', name: 'Tuesday', members: [me, bo] }));
    await db.podMessages.bulkPut([
      { id: 'pm0', clientId: null, podId: 'p1', content: 'old pod news', createdAt: '2026-01-01T10:30:00.000Z', sender: { id: bo.id, username: 'bo', displayName: null } },
      { id: 'pm', clientId: null, podId: 'p1', content: 'pod news', createdAt: '2026-01-01T11:00:00.000Z', sender: { id: bo.id, username: 'bo', displayName: null } },
    ]);
    // A conversation of two messages, one each way: one row, with the latest.
    await db.directMessages.bulkPut([
      { id: 'dm', clientId: null, senderId: cy.id, receiverId: me.id, content: 'hey', createdAt: '2026-01-01T12:00:00.000Z', sender: cy, peerId: cy.id },
      { id: 'dm2', clientId: null, senderId: me.id, receiverId: cy.id, content: 'hi Cy', createdAt: '2026-01-01T12:05:00.000Z', sender: me, peerId: cy.id },
    ]);
    await db.conversations.put({ participantId: cy.id, participant: cy, lastMessage: { content: 'hi Cy', createdAt: '2026-01-01T12:05:00.000Z' } });
    render(<ChatsPage />);
    await screen.findByText('pod news', { exact: false });
    const items = await waitFor(() => {
      const found = within(section('Recent Activity')).getAllByRole('button');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(items.map((item) => item.querySelector('.row-title')?.textContent)).toEqual(['Cy · Direct message', 'Tuesday · Pod chat']);
    expect(items.map((item) => item.querySelector('.row-detail')?.textContent)).toEqual(['You: hi Cy', 'bo: pod news']);
    // Nothing was read yet: bo's two pod messages are unread; my own message is not.
    await waitFor(() => expect(items[1]!.textContent).toContain('2 unread'));
  });

  it('opens the conversation of a direct message from the feed on the Messages tab', async () => {
    await db.users.put({ ...cy, defaultDeckId: null });
    await db.directMessages.put({ id: 'dm', clientId: null, senderId: cy.id, receiverId: me.id, content: 'hey', createdAt: '2026-01-01T12:00:00.000Z', sender: cy, peerId: cy.id });
    render(<ChatsPage />);
    fireEvent.click((await screen.findByText('hey')).closest('button')!);
    expect((await screen.findByRole('tab', { name: 'Messages' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Cy' })).toBeTruthy();
    expect(actions.pullDirectMessages).toHaveBeenCalledWith(cy.id);
  });

  it('shows incoming friend requests with Accept / Reject, and the inbox error text', async () => {
    await db.friendRequests.put({ friendshipId: 'r1', status: 'PENDING', requester: bo, addressee: me, createdAt: '2026-01-01T00:00:00.000Z', direction: 'incoming' });
    render(<ChatsPage />);
    await openRequests();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept bo' }));
    expect(actions.acceptFriendRequest).toHaveBeenCalledWith('r1');
    await db.friendRequests.clear();
    // With nothing waiting the pinned row goes, and the section stands under Recent Activity.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Requests and invites/ })).toBeNull());
    await setPull(pullKey('friendRequests'), failedPull());
    expect(await within(section('Friend Requests')).findByText('Failed to load pending requests.')).toBeTruthy();
  });

  it("does not list a pod's invitation of someone else (a member's mirror holds them) among my pod invites", async () => {
    await db.podInvitations.bulkPut([
      { invitationId: 'theirs', invitedBy: bo, invitee: cy, pod: { id: 'p1', name: 'Tuesday' }, createdAt: '2026-02-01T00:00:00.000Z' },
      { invitationId: 'mine', invitedBy: bo, invitee: me, pod: { id: 'p9', name: 'Friday Night' }, createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    await setPull(pullKey('podInvitations'), loaded());
    render(<ChatsPage />);
    await openRequests();
    const invites = await waitFor(() => {
      const list = within(section('Pod Invites'));
      expect(list.getByText('Friday Night')).toBeTruthy();
      return list;
    });
    expect(invites.getAllByRole('button', { name: /^Accept invitation to / })).toHaveLength(1);
    expect(invites.queryByText('Tuesday')).toBeNull();
  });

  it('shows pod invites with the pod, who invited, Accept and Decline', async () => {
    await db.podInvitations.put({ invitationId: 'i1', invitedBy: bo, invitee: me, pod: { id: 'p9', name: 'Friday Night' }, createdAt: '2026-01-01T00:00:00.000Z' });
    await setPull(pullKey('podInvitations'), loaded());
    render(<ChatsPage />);
    await openRequests();
    const invites = await waitFor(() => {
      const list = within(section('Pod Invites'));
      expect(list.getByText('Friday Night')).toBeTruthy();
      return list;
    });
    expect(invites.getByText('Invited by bo')).toBeTruthy();
    fireEvent.click(invites.getByRole('button', { name: 'Decline invitation to Friday Night' }));
    expect(actions.declinePodInvitation).toHaveBeenCalledWith('i1');
    fireEvent.click(invites.getByRole('button', { name: 'Accept invitation to Friday Night' }));
    expect(actions.acceptPodInvitation).toHaveBeenCalledWith('i1');
  });
});
