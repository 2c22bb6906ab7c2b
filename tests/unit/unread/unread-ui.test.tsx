// @vitest-environment happy-dom
/**
 * What a user sees of unread messages: the count on each conversation and pod row ("2 unread"
 * for a screen reader, "2" on the badge), the total on the Pods tab and on the installed app's
 * icon, cleared when a marker arrives from another device; and a thread's "New messages"
 * divider, which stays where it was while the thread is read.
 */
import { Fragment } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { readMarkerId, type ReadMarker } from '../../../src/contract/read-markers';
import type { DirectMessageRow, PodMessageRow } from '../../../src/db/schema';
import { ConversationList } from '../../../src/features/messages/conversation-list';
import { UnreadDivider, useUnreadDivider } from '../../../src/features/messages/unread-divider';
import { PodList } from '../../../src/features/pods/pod-list';
import { BottomNav } from '../../../src/features/shell/bottom-nav';
import { showAppBadge } from '../../../src/features/unread/app-badge';
import { MARK_READ_DELAY_MS } from '../../../src/features/unread/use-unread';
import { actions, bo, db, me, resetApp } from './app-mock';

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

function dm(id: string, minute: number, fromMe = false, patch: Partial<DirectMessageRow> = {}): DirectMessageRow {
  return {
    id,
    clientId: null,
    senderId: fromMe ? me.id : bo.id,
    receiverId: fromMe ? bo.id : me.id,
    content: `text ${id}`,
    createdAt: at(minute),
    sender: fromMe ? me : bo,
    peerId: bo.id,
    ...patch,
  };
}

function podMessage(id: string, minute: number): PodMessageRow {
  return { id, clientId: null, podId: 'p1', content: `pod ${id}`, createdAt: at(minute), sender: { id: bo.id, username: bo.username, displayName: bo.displayName } };
}

function marker(kind: 'dm' | 'pod', targetId: string, minute: number, messageId: string): ReadMarker {
  return { id: readMarkerId(kind, targetId), kind, targetId, upTo: { createdAt: at(minute), messageId }, updatedAt: at(59) };
}

async function seed(): Promise<void> {
  await db.conversations.put({ participantId: bo.id, participant: bo, lastMessage: { content: 'text d3', createdAt: at(3) } });
  await db.directMessages.bulkPut([dm('d1', 1), dm('d2', 2), dm('d3', 3), dm('d4', 4, true)]);
  await db.pods.put({ id: 'p1', name: 'Friday pod', ownerId: bo.id, createdById: bo.id, members: [me, bo], createdAt: at(0) });
  await db.podMessages.bulkPut([podMessage('m1', 1), podMessage('m2', 2)]);
  await db.readMarkers.bulkPut([marker('dm', bo.id, 1, 'd1'), marker('pod', 'p1', 1, 'm1')]);
}

beforeEach(async () => {
  await resetApp();
  await seed();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('unread counts on the lists', () => {
  it('a conversation row says how many are unread, and clears when a marker from another device arrives', async () => {
    render(<ConversationList onOpen={() => undefined} />);
    const row = await screen.findByRole('button', { name: /Bo.*2 unread/ });
    expect(within(row).getByText('2').getAttribute('aria-hidden')).toBe('true');
    // The phone read the conversation: its marker reaches this device through the pull.
    await act(() => db.readMarkers.put(marker('dm', bo.id, 3, 'd3')));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Bo/ }).textContent).not.toMatch(/unread/));
  });

  it('a pod row says how many are unread', async () => {
    render(<PodList myId={me.id} onOpen={() => undefined} />);
    expect(await screen.findByRole('button', { name: /Friday pod.*1 unread/ })).toBeTruthy();
  });
});

describe('the Pods tab and the app icon', () => {
  function renderNav() {
    const router = createRouter({ routeTree: createRootRoute({ component: BottomNav }), history: createMemoryHistory({ initialEntries: ['/dashboard'] }) });
    render(<RouterProvider router={router} />);
  }

  it('the Pods tab carries the total of direct and pod messages, echoed on the icon where the Badging API exists', async () => {
    const setAppBadge = vi.fn(async (_count?: number) => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { setAppBadge, clearAppBadge }));
    renderNav();
    expect(await screen.findByRole('link', { name: 'Pods 3 unread' })).toBeTruthy();
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(3));
    expect(clearAppBadge).not.toHaveBeenCalled();
    await act(() => db.readMarkers.bulkPut([marker('dm', bo.id, 3, 'd3'), marker('pod', 'p1', 2, 'm2')]));
    expect(await screen.findByRole('link', { name: 'Pods' })).toBeTruthy();
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalled());
  });

  it('the icon is cleared when the navigation goes (signed out, a game page), never left stale', async () => {
    const setAppBadge = vi.fn(async (_count?: number) => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { setAppBadge, clearAppBadge }));
    renderNav();
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(3));
    cleanup();
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('without the Badging API (Firefox, Safari in a tab) nothing is set and nothing breaks', () => {
    expect(showAppBadge(3, {})).toBe(false);
    const setAppBadge = vi.fn(async () => undefined);
    expect(showAppBadge(3, { setAppBadge, clearAppBadge: async () => undefined })).toBe(true);
    expect(setAppBadge).toHaveBeenCalledWith(3);
    // A browser that refuses (not installed) is ignored.
    expect(showAppBadge(2, { setAppBadge: () => Promise.reject(new Error('not allowed')), clearAppBadge: async () => undefined })).toBe(true);
  });
});

describe('the "New messages" divider', () => {
  function Thread({ messages }: { messages: DirectMessageRow[] }) {
    const dividerBefore = useUnreadDivider('dm', bo.id, messages, me.id);
    return (
      <ol aria-label="Messages">
        {messages.map((message) => (
          <Fragment key={message.id}>
            {message.id === dividerBefore ? <UnreadDivider /> : null}
            <li>{message.content}</li>
          </Fragment>
        ))}
      </ol>
    );
  }

  it('goes before the first message unread when the thread opened, stays while it is read, and the marker moves to the latest message', async () => {
    const messages = await db.directMessages.orderBy('createdAt').toArray();
    const view = render(<Thread messages={messages} />);
    const items = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem').map((item) => item.textContent);
    await waitFor(() => expect(items()).toEqual(['text d1', 'New messages', 'text d2', 'text d3', 'text d4']));
    // Read after a short wait, up to the latest message (mine is the latest, and the server has it).
    await waitFor(() => expect(actions.markRead).toHaveBeenCalledWith('dm', bo.id, { id: 'd4', createdAt: at(4) }), { timeout: MARK_READ_DELAY_MS * 5 });
    await waitFor(async () => expect((await db.readMarkers.get(readMarkerId('dm', bo.id)))?.upTo).toEqual({ createdAt: at(4), messageId: 'd4' }));
    expect(items()).toEqual(['text d1', 'New messages', 'text d2', 'text d3', 'text d4']);
    expect(await db.outbox.count()).toBe(1);

    // A message not yet on the server is no read point; leaving the thread reads what it showed at once.
    view.rerender(<Thread messages={[...messages, dm('d5', 5), dm('d6', 6, true, { syncState: 'queued' })]} />);
    view.unmount();
    await waitFor(async () => expect((await db.readMarkers.get(readMarkerId('dm', bo.id)))?.upTo).toEqual({ createdAt: at(5), messageId: 'd5' }));
    expect(await db.outbox.count()).toBe(2);
  });

  it('no divider when nothing was unread', async () => {
    await db.readMarkers.put(marker('dm', bo.id, 4, 'd4'));
    const messages = await db.directMessages.orderBy('createdAt').toArray();
    render(<Thread messages={messages} />);
    // The read runs (and queues nothing: the marker is already there).
    await waitFor(() => expect(actions.markRead).toHaveBeenCalled(), { timeout: MARK_READ_DELAY_MS * 5 });
    expect(screen.queryByText('New messages')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});
