// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')) }));

import { MessagesTab } from '../../../src/features/messages/messages-tab';
import { pullKey } from '../../../src/sync/engine/pull';
import { actions, bo, cy, db, failedPull, loaded, me, outboxEntry, resetApp, setPull } from './app-mock';
import { dmAt } from './message-rows';

const dm = dmAt;

function renderTab(peerId: string | null = null) {
  const onOpen = vi.fn();
  render(<MessagesTab myId={me.id} peerId={peerId} onOpen={onOpen} />);
  return onOpen;
}

beforeEach(async () => {
  await resetApp();
  await db.users.put({ ...bo, defaultDeckId: null });
});
afterEach(cleanup);

describe('conversation view', () => {
  it('pulls the conversation and shows messages oldest first, mine on the right', async () => {
    await db.directMessages.bulkPut([dm('b', 2, true), dm('a', 1, false)]);
    renderTab(bo.id);
    expect(actions.pullDirectMessages).toHaveBeenCalledWith(bo.id);
    const list = await screen.findByRole('list', { name: 'Messages with bo' });
    const listed = () => within(list).getAllByRole('listitem').filter((item) => item.textContent);
    // The divider is placed once the read marker is read from the mirror, which may be after the list.
    await waitFor(() => expect(listed()[0]!.textContent).toBe('New messages'));
    const all = listed();
    // Bo's message was not read yet: the "New messages" line comes before it.
    expect(all[0]!.textContent).toBe('New messages');
    const items = all.slice(1);
    expect(items.map((item) => item.querySelector('.bubble-text')?.textContent)).toEqual(['text a', 'text b']);
    expect(items.map((item) => item.classList.contains('message--own'))).toEqual([false, true]);
    expect(screen.getByRole('link', { name: 'Search in this chat' }).getAttribute('href')).toBe(`/search?peer=${bo.id}`);
  });

  it("says 'Enter a message first.' for a blank message and sends nothing; the button is disabled while empty", async () => {
    renderTab(bo.id);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '   ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a message first.');
    expect(actions.sendDirectMessage).not.toHaveBeenCalled();
  });

  it('disables Send while the send runs and clears the box after', async () => {
    let finish: () => void = () => undefined;
    actions.sendDirectMessage.mockImplementationOnce(() => new Promise<string>((resolve) => (finish = () => resolve('id'))));
    renderTab(bo.id);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'hello' } });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    fireEvent.click(send);
    expect(actions.sendDirectMessage).toHaveBeenCalledWith(bo.id, 'hello');
    await waitFor(() => expect(send.disabled).toBe(true));
    await act(async () => finish());
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows how many characters are left near the 1024 limit and caps the box', async () => {
    renderTab(bo.id);
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(box.maxLength).toBe(1024);
    fireEvent.change(box, { target: { value: 'x'.repeat(900) } });
    expect(screen.queryByText(/characters left/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(1000) } });
    expect(screen.getByText('24 characters left')).toBeTruthy();
  });

  it("marks a queued message 'Sending…', then 'Waiting for connection…' after a failed attempt", async () => {
    await db.directMessages.put(dm('q', 1, true, { syncState: 'queued' }));
    const entry = outboxEntry({ id: 'q', name: 'dm.send', target: { table: 'directMessages', id: 'q' } });
    await db.outbox.add(entry);
    renderTab(bo.id);
    expect((await screen.findByText('Sending…')).closest('[role="status"]')).toBeTruthy();
    await db.outbox.where('id').equals('q').modify({ attempts: 1 });
    expect(await screen.findByText('Waiting for connection…')).toBeTruthy();
    expect(screen.queryByText('Sending…')).toBeNull();
  });

  it("shows a refused message with 'Failed to send message. Try again.', Retry and Discard", async () => {
    await db.directMessages.bulkPut([dm('ok', 1, true), dm('bad', 2, true, { syncState: 'failed', syncError: 'Nope.' })]);
    renderTab(bo.id);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.failed-write-text')?.textContent).toBe('Failed to send message. Try again.');
    expect(alert.closest('li')?.textContent).toContain('text bad');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith('bad');
    fireEvent.click(within(alert).getByRole('button', { name: 'Discard' }));
    expect(actions.discardWrite).toHaveBeenCalledWith('bad');
  });

  it("shows 'Error loading messages.' when the pull failed and nothing is stored, and an empty state once loaded", async () => {
    await setPull(pullKey('directMessages', bo.id), failedPull());
    renderTab(bo.id);
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading messages.');
    await setPull(pullKey('directMessages', bo.id), loaded());
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });
});

describe('messages tab: search and conversation list', () => {
  it("labels conversations 'Direct message' with the last message, or 'Started a new conversation'", async () => {
    await db.conversations.bulkPut([
      { participantId: bo.id, participant: bo, lastMessage: { content: 'see you', createdAt: '2026-01-01T10:00:00.000Z' } },
      { participantId: cy.id, participant: cy, lastMessage: null },
    ]);
    renderTab();
    const first = (await screen.findByText('bo')).closest('button')!;
    expect(first.textContent).toContain('Direct message');
    expect(first.textContent).toContain('see you');
    expect(screen.getByText('Cy').closest('button')!.textContent).toContain('Started a new conversation');
  });

  it("shows 'Failed to load conversations.' when the pull failed and none are stored", async () => {
    await setPull(pullKey('conversations'), failedPull());
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load conversations.');
  });

  it('searches 300 ms after typing stops; blank searches nothing; picking a result opens the conversation', async () => {
    actions.searchUsers.mockResolvedValue([me, cy]);
    const onOpen = renderTab();
    const input = screen.getByLabelText('Search users');
    fireEvent.change(input, { target: { value: '   ' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(actions.searchUsers).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'c' } });
    fireEvent.change(input, { target: { value: 'cy' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Message Cy' }));
    expect(actions.searchUsers).toHaveBeenCalledExactlyOnceWith('cy');
    expect(screen.queryByRole('button', { name: 'Message Ana' })).toBeNull();
    expect(onOpen).toHaveBeenCalledWith(cy.id);
  });

  it("says 'No users found.' and 'Failed to search for users.'", async () => {
    actions.searchUsers.mockResolvedValueOnce([]);
    renderTab();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'zz' } });
    expect(await screen.findByText('No users found.')).toBeTruthy();
    actions.searchUsers.mockRejectedValueOnce(new Error('down'));
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'zzz' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to search for users.');
  });

  it('opens an empty conversation with a user found by search', async () => {
    await db.users.put({ ...cy, defaultDeckId: null });
    await setPull(pullKey('directMessages', cy.id), loaded());
    renderTab(cy.id);
    expect(await screen.findByRole('heading', { name: 'Cy' })).toBeTruthy();
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });
});
