// @vitest-environment happy-dom
/**
 * Editing and deleting one's own messages in the chats: the "Message actions" menu on one's own
 * messages only, the inline editor (Enter saves, Escape cancels, the composer's rules), the
 * 'Delete this message?' confirmation, the 'edited' and 'Message deleted' marks, a refused edit,
 * and the feeds' 'Message deleted'.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')) }));

import { ActivityFeed } from '../../../src/features/chats/activity-feed';
import { RecentPodActivity } from '../../../src/features/dashboard/recent-pod-activity';
import { ConversationList } from '../../../src/features/messages/conversation-list';
import { MessagesTab } from '../../../src/features/messages/messages-tab';
import { PodChatsTab } from '../../../src/features/pods/pod-chats-tab';
import type { PodMessageRow } from '../../../src/db/schema';
import { actions, bo, db, me, outboxEntry, pod, resetApp } from './app-mock';
import { dmAt } from './message-rows';

const dm = dmAt;

function podMessage(id: string, minute: number, fromMe: boolean, patch: Partial<PodMessageRow> = {}): PodMessageRow {
  const sender = fromMe ? me : bo;
  return {
    id,
    clientId: id,
    podId: 'p1',
    content: `text ${id}`,
    createdAt: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
    sender: { id: sender.id, username: sender.username, displayName: sender.displayName },
    ...patch,
  };
}

const bubbleOf = (text: string) => screen.getByText(text).closest('li')!;
/** A pod message's bubble: its line reads 'sender: text' (the sender's name said to screen readers, shown once per run). */
const podBubbleOf = (text: string) => screen.getByText(text, { selector: '.bubble-text' }).closest('li')!;

async function openActions(item: HTMLElement): Promise<void> {
  fireEvent.pointerDown(within(item).getByRole('button', { name: 'Message actions' }), { button: 0, pointerType: 'mouse' });
  await screen.findByRole('menu');
}

async function choose(item: HTMLElement, action: 'Edit' | 'Delete'): Promise<void> {
  await openActions(item);
  fireEvent.click(screen.getByRole('menuitem', { name: action }));
}

beforeEach(async () => {
  await resetApp();
  await db.users.put({ ...bo, defaultDeckId: null });
});
afterEach(cleanup);

describe('direct messages', () => {
  it('offers "Message actions" on my messages only, and none on a deleted one, which reads "Message deleted"', async () => {
    await db.directMessages.bulkPut([dm('a', 1, false), dm('b', 2, true), dm('c', 3, true, { content: '', deletedAt: '2026-01-01T10:05:00.000Z' })]);
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    await screen.findByText('text b');
    expect(within(bubbleOf('text a')).queryByRole('button', { name: 'Message actions' })).toBeNull();
    expect(within(bubbleOf('text b')).getByRole('button', { name: 'Message actions' })).toBeTruthy();
    const deleted = bubbleOf('Message deleted');
    expect(deleted.classList.contains('message--deleted')).toBe(true);
    expect(within(deleted).queryByRole('button', { name: 'Message actions' })).toBeNull();
  });

  it('edits in place: the editor holds the text, Enter saves the trimmed text, and the bubble comes back', async () => {
    await db.directMessages.put(dm('b', 2, true));
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    await screen.findByText('text b');
    await choose(bubbleOf('text b'), 'Edit');
    const box = (await screen.findByLabelText('Edit message')) as HTMLTextAreaElement;
    expect(box.value).toBe('text b');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.maxLength).toBe(1024);
    fireEvent.change(box, { target: { value: '  text b, fixed  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(actions.editDirectMessage).toHaveBeenCalledWith('b', 'text b, fixed'));
    await waitFor(() => expect(screen.queryByLabelText('Edit message')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(bubbleOf('text b')).getByRole('button', { name: 'Message actions' })));
  });

  it('Escape and Cancel leave without a write; the same text saves nothing; a blank text is refused', async () => {
    await db.directMessages.put(dm('b', 2, true));
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    await screen.findByText('text b');
    await choose(bubbleOf('text b'), 'Edit');
    fireEvent.keyDown(await screen.findByLabelText('Edit message'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByLabelText('Edit message')).toBeNull());

    await choose(bubbleOf('text b'), 'Edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByLabelText('Edit message')).toBeNull());

    await choose(bubbleOf('text b'), 'Edit');
    const box = await screen.findByLabelText('Edit message');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a message first.');
    fireEvent.change(box, { target: { value: 'x'.repeat(1000) } });
    expect(screen.getByText('24 characters left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Edit message')).toBeNull());
    expect(actions.editDirectMessage).not.toHaveBeenCalled();
  });

  it("asks 'Delete this message?' and deletes only on Delete", async () => {
    await db.directMessages.put(dm('b', 2, true));
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    await screen.findByText('text b');
    await choose(bubbleOf('text b'), 'Delete');
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete this message?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(actions.deleteDirectMessage).not.toHaveBeenCalled();

    await choose(bubbleOf('text b'), 'Delete');
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(actions.deleteDirectMessage).toHaveBeenCalledWith('b'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('after Delete, focus rests on the message, which reads "Message deleted" (its menu is gone)', async () => {
    await db.directMessages.put(dm('b', 2, true));
    actions.deleteDirectMessage.mockImplementationOnce(async () => {
      await db.directMessages.update('b', { content: '', deletedAt: '2026-01-01T10:05:00.000Z' });
    });
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    await screen.findByText('text b');
    const item = bubbleOf('text b');
    await choose(item, 'Delete');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.activeElement).toBe(item));
    expect(within(item).getByText('Message deleted')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Message actions' })).toBeNull();
  });

  it("marks an edited message 'edited' beside its time", async () => {
    await db.directMessages.bulkPut([dm('a', 1, false, { editedAt: '2026-01-01T10:03:00.000Z' }), dm('b', 2, true)]);
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    await screen.findByText('text a');
    expect(within(bubbleOf('text a')).getByText('edited')).toBeTruthy();
    expect(within(bubbleOf('text b')).queryByText('edited')).toBeNull();
  });

  it("shows a refused edit as 'Failed to edit message.' with the server's reason and Retry on that write", async () => {
    await db.directMessages.put(dm('b', 2, true, { syncState: 'failed', syncError: 'Slow down.' }));
    const refused = outboxEntry({ name: 'dm.edit', args: { id: 'b', content: 'x' }, status: 'failed', error: 'Slow down.', target: { table: 'directMessages', id: 'b' } });
    await db.outbox.add(refused);
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.querySelector('.failed-write-text')?.textContent).toBe('Failed to edit message.'));
    expect(alert.querySelector('.failed-write-detail')?.textContent).toBe('Slow down.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith(refused.id);
    // The message itself was sent: it can still be changed.
    expect(within(bubbleOf('text b')).getByRole('button', { name: 'Message actions' })).toBeTruthy();
  });
});

describe('pod chat', () => {
  it('edits and deletes my own messages in the pod; others’ have no actions; a deleted one reads "Message deleted"', async () => {
    await db.pods.put(pod({ id: 'p1', name: 'Tuesday', members: [me, bo] }));
    await db.podMessages.bulkPut([podMessage('a', 1, false), podMessage('b', 2, true), podMessage('c', 3, true, { content: '', deletedAt: '2026-01-01T10:09:00.000Z' })]);
    render(<PodChatsTab myId={me.id} podId="p1" onOpen={vi.fn()} />);
    await screen.findByText('text b', { selector: '.bubble-text' });
    expect(within(podBubbleOf('text a')).queryByRole('button', { name: 'Message actions' })).toBeNull();
    expect(within(bubbleOf('Message deleted')).queryByRole('button', { name: 'Message actions' })).toBeNull();

    await choose(podBubbleOf('text b'), 'Edit');
    const box = await screen.findByLabelText('Edit message');
    fireEvent.change(box, { target: { value: 'text b2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actions.editPodMessage).toHaveBeenCalledWith('p1', 'b', 'text b2'));

    await waitFor(() => expect(screen.queryByLabelText('Edit message')).toBeNull());
    await choose(podBubbleOf('text b'), 'Delete');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(actions.deletePodMessage).toHaveBeenCalledWith('p1', 'b'));
  });
});

describe('feeds', () => {
  it("read 'Message deleted' for a deleted message: the conversation list, Recent Activity and the dashboard", async () => {
    await db.directMessages.bulkPut([dm('a', 1, false), dm('b', 2, false, { content: '', deletedAt: '2026-01-01T10:05:00.000Z' })]);
    await db.conversations.put({ participantId: bo.id, participant: bo, lastMessage: { content: 'text a', createdAt: dm('a', 1, false).createdAt } });
    render(<ConversationList onOpen={vi.fn()} />);
    expect(await screen.findByText('Message deleted')).toBeTruthy();
    cleanup();
    render(<ActivityFeed myId={me.id} onOpen={vi.fn()} />);
    // One row per conversation: its latest message, the deleted one.
    expect(await screen.findByText('Message deleted')).toBeTruthy();
    expect(screen.queryByText('text a')).toBeNull();
    cleanup();
    await db.pods.put(pod({ id: 'p1', name: 'Tuesday', members: [me, bo] }));
    await db.podMessages.bulkPut([podMessage('c', 3, false), podMessage('d', 4, false, { content: '', deletedAt: '2026-01-01T10:09:00.000Z' })]);
    render(<RecentPodActivity />);
    const panel = (await screen.findByRole('heading', { name: 'Tuesday' })).closest('li')!;
    await waitFor(() => expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['bo: text c', 'bo: Message deleted']));
  });
});
