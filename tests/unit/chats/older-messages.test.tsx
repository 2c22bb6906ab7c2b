// @vitest-environment happy-dom
/**
 * The thread of a chat (src/features/messages/message-thread.tsx): a growing window over what the
 * mirror holds (the latest 100 first, then 50 more each time, from the mirror without a request),
 * one page request at a time when the window shows everything held, and the top row: "Load older
 * messages", "Loading older messages...", "Beginning of the conversation" (remembered in the
 * mirror, so offline too) and, offline with nothing older here, "Older messages load when you're online.".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')) }));

import { MessagesTab } from '../../../src/features/messages/messages-tab';
import { LOAD_OLDER, LOADING_OLDER, OLDER_OFFLINE, THREAD_BEGINNING } from '../../../src/features/messages/message-thread';
import { PodChatsTab } from '../../../src/features/pods/pod-chats-tab';
import { historyStartKey } from '../../../src/db/queries';
import type { PodMessageRow } from '../../../src/db/schema';
import { actions, bo, db, me, outboxEntry, pod, resetApp, setLiveStatus } from './app-mock';
import { numberedDm, numberedDms } from './message-rows';

const dm = numberedDm;
const many = numberedDms;

const shownTexts = () =>
  within(screen.getByRole('list', { name: 'Messages with bo' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.bubble-text')?.textContent)
    .filter(Boolean);

beforeEach(async () => {
  await resetApp();
  await db.users.put({ ...bo, defaultDeckId: null });
});
afterEach(cleanup);

describe('a conversation thread', () => {
  it('shows the latest 100 of 300 held messages and grows by 50 from the mirror, asking the server nothing', async () => {
    await db.directMessages.bulkPut(many(0, 300));
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    await waitFor(() => expect(shownTexts()).toHaveLength(100));
    expect(shownTexts()[0]).toBe('text 200');
    expect(shownTexts().at(-1)).toBe('text 299');
    fireEvent.click(screen.getByRole('button', { name: LOAD_OLDER }));
    await waitFor(() => expect(shownTexts()).toHaveLength(150));
    expect(shownTexts()[0]).toBe('text 150');
    expect(actions.loadOlderMessages).not.toHaveBeenCalled();
  });

  it('asks for one page at a time when the window shows all it holds, shows it, then the beginning (focus follows)', async () => {
    await db.directMessages.bulkPut(many(5, 8));
    let answer: (outcome: string) => void = () => undefined;
    actions.loadOlderMessages.mockImplementation(
      () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
    );
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    const button = await screen.findByRole('button', { name: LOAD_OLDER });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(LOADING_OLDER)).toBeTruthy();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(actions.loadOlderMessages).toHaveBeenCalledTimes(1);
    expect(actions.loadOlderMessages).toHaveBeenCalledWith({ kind: 'direct', peerId: bo.id });

    // The sync layer applies the page and records where the chat begins, then answers.
    await act(async () => {
      await db.directMessages.bulkPut(many(0, 5));
      await db.meta.put({ key: historyStartKey({ kind: 'direct', peerId: bo.id }), value: { createdAt: dm(0).createdAt, id: dm(0).id } });
      answer('beginning');
    });
    const beginning = await screen.findByText(THREAD_BEGINNING);
    expect(shownTexts()).toEqual(['text 0', 'text 1', 'text 2', 'text 3', 'text 4', 'text 5', 'text 6', 'text 7']);
    expect(screen.queryByRole('button', { name: LOAD_OLDER })).toBeNull();
    expect(screen.queryByText(LOADING_OLDER)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(beginning));
  });

  it('shows "Beginning of the conversation" from the mirror alone, with nothing to load', async () => {
    await db.directMessages.bulkPut(many(0, 4));
    await db.meta.put({ key: historyStartKey({ kind: 'direct', peerId: bo.id }), value: { createdAt: dm(0).createdAt, id: dm(0).id } });
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    expect(await screen.findByText(THREAD_BEGINNING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: LOAD_OLDER })).toBeNull();
  });

  it('the beginning is not claimed when the mirror no longer reaches it (older rows dropped)', async () => {
    await db.directMessages.bulkPut(many(2, 4));
    await db.meta.put({ key: historyStartKey({ kind: 'direct', peerId: bo.id }), value: { createdAt: dm(0).createdAt, id: dm(0).id } });
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    expect(await screen.findByRole('button', { name: LOAD_OLDER })).toBeTruthy();
    expect(screen.queryByText(THREAD_BEGINNING)).toBeNull();
  });

  it("offline with nothing older here: a quiet line instead of the button, until the connection is back", async () => {
    await db.directMessages.bulkPut(many(0, 3));
    actions.loadOlderMessages.mockResolvedValue('offline');
    setLiveStatus('closed');
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: LOAD_OLDER }));
    expect(await screen.findByText(OLDER_OFFLINE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: LOAD_OLDER })).toBeNull();
    act(() => setLiveStatus('open'));
    expect(await screen.findByRole('button', { name: LOAD_OLDER })).toBeTruthy();
    expect(screen.queryByText(OLDER_OFFLINE)).toBeNull();
  });
});

describe('a pod chat thread', () => {
  const podMessage = (n: number): PodMessageRow => ({
    id: `pm${n}`,
    clientId: `pm${n}`,
    podId: 'p1',
    content: `pod text ${n}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 10) + n * 1000).toISOString(),
    sender: { id: me.id, username: me.username, displayName: me.displayName },
  });

  it('loads older pod messages through the same action', async () => {
    await db.pods.put(pod({ id: 'p1', name: 'Friday' }));
    await db.podMessages.bulkPut([podMessage(1), podMessage(2)]);
    render(<PodChatsTab myId={me.id} podId="p1" onOpen={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: LOAD_OLDER }));
    await waitFor(() => expect(actions.loadOlderMessages).toHaveBeenCalledWith({ kind: 'pod', podId: 'p1' }));
  });

  it('a pod that exists only on this device begins with its first message here and asks nothing', async () => {
    await db.pods.put(pod({ id: 'p1', name: 'Friday', syncState: 'queued' }));
    await db.outbox.add(outboxEntry({ name: 'pod.create', target: { table: 'pods', id: 'p1' } }));
    await db.podMessages.bulkPut([podMessage(1)]);
    render(<PodChatsTab myId={me.id} podId="p1" onOpen={vi.fn()} />);
    expect(await screen.findByText(THREAD_BEGINNING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: LOAD_OLDER })).toBeNull();
    expect(actions.loadOlderMessages).not.toHaveBeenCalled();
  });
});
