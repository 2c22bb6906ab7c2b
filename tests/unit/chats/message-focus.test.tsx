// @vitest-environment happy-dom
/**
 * A chat opened at a message (a search result, src/features/messages/use-message-thread.ts):
 * the thread shows it marked 'Search result' and scrolls it into view, with the newer messages
 * under it; when the mirror does not hold it, older pages are asked for until it does; offline
 * without it, the thread says so and shows what the mirror holds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')) }));

import { ChatsPage } from '../../../src/features/chats/chats-page';
import { FOCUS_FAR, FOCUS_FINDING, FOCUS_LOOK_FURTHER, FOCUS_OFFLINE } from '../../../src/features/messages/message-thread';
import { SEARCH_RESULT_MARK } from '../../../src/features/messages/message-texts';
import { FOCUS_CONTEXT } from '../../../src/features/messages/use-message-thread';
import type { PodMessageRow } from '../../../src/db/schema';
import { actions, bo, db, pod, resetApp } from './app-mock';
import { numberedDm, numberedDms } from './message-rows';

const dm = numberedDm;
const many = numberedDms;
const at = (n: number) => ({ id: dm(n).id, createdAt: dm(n).createdAt });

const thread = () => screen.getByRole('list', { name: 'Messages with bo' });
const shownTexts = () =>
  within(thread())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.bubble-text')?.textContent)
    .filter(Boolean);
/** The message items marked as the search result, by their text. */
const marked = () =>
  within(thread())
    .queryAllByText(SEARCH_RESULT_MARK)
    .map((mark) => mark.closest('li')?.querySelector('.bubble-text')?.textContent);

let scrolledTo: Element[] = [];
const originalScroll = Element.prototype.scrollIntoView;
beforeEach(async () => {
  await resetApp();
  await db.users.put({ ...bo, defaultDeckId: null });
  scrolledTo = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this);
  };
});
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = originalScroll;
  vi.unstubAllGlobals();
});

describe('a conversation opened at a search result', () => {
  it('held in the mirror: the window reaches back to it, it is marked and scrolled into view last, and nothing is asked', async () => {
    await db.directMessages.bulkPut(many(0, 300));
    render(<ChatsPage initialTab="messages" initialPeerId={bo.id} initialFocus={at(20)} />);
    await waitFor(() => expect(marked()).toEqual(['text 20']));
    // FOCUS_CONTEXT messages above it, every newer one under it: the user scrolls either way from the mirror.
    expect(shownTexts()[0]).toBe(`text ${20 - FOCUS_CONTEXT}`);
    expect(shownTexts().at(-1)).toBe('text 299');
    await waitFor(() => expect(scrolledTo.at(-1)?.textContent).toContain('text 20'));
    expect(actions.findMessage).not.toHaveBeenCalled();
  });

  it('not held: older pages are asked for until the mirror holds it, then it shows marked', async () => {
    await db.directMessages.bulkPut(many(200, 300));
    let answer: (outcome: string) => void = () => undefined;
    actions.findMessage.mockImplementation(() => new Promise<string>((resolve) => (answer = resolve)));
    render(<ChatsPage initialTab="messages" initialPeerId={bo.id} initialFocus={at(20)} />);
    expect(await screen.findByText(FOCUS_FINDING)).toBeTruthy();
    // Asked once the thread's effects ran (the line shows from the first frame).
    await waitFor(() => expect(actions.findMessage).toHaveBeenCalledExactlyOnceWith({ kind: 'direct', peerId: bo.id }, at(20)));
    // Meanwhile the newest messages show.
    expect(shownTexts().at(-1)).toBe('text 299');

    await act(async () => {
      await db.directMessages.bulkPut(many(0, 200));
      answer('held');
    });
    await waitFor(() => expect(marked()).toEqual(['text 20']));
    expect(screen.queryByText(FOCUS_FINDING)).toBeNull();
    expect(shownTexts()[0]).toBe(`text ${20 - FOCUS_CONTEXT}`);
    await waitFor(() => expect(scrolledTo.at(-1)?.textContent).toContain('text 20'));
    expect(actions.findMessage).toHaveBeenCalledTimes(1);
  });

  it('offline and not on this device: says so, shows what the mirror holds, asks nothing, and finds it once back online', async () => {
    await db.directMessages.bulkPut(many(200, 300));
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    render(<ChatsPage initialTab="messages" initialPeerId={bo.id} initialFocus={at(20)} />);
    expect(await screen.findByText(FOCUS_OFFLINE)).toBeTruthy();
    expect(shownTexts().at(-1)).toBe('text 299');
    expect(marked()).toEqual([]);
    expect(actions.findMessage).not.toHaveBeenCalled();

    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    actions.findMessage.mockImplementation(async () => {
      await db.directMessages.bulkPut(many(0, 200));
      return 'held';
    });
    act(() => void globalThis.dispatchEvent(new Event('online')));
    await waitFor(() => expect(marked()).toEqual(['text 20']));
    expect(screen.queryByText(FOCUS_OFFLINE)).toBeNull();
  });

  it("offline with the message held: it opens at it without the network", async () => {
    await db.directMessages.bulkPut(many(0, 300));
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    render(<ChatsPage initialTab="messages" initialPeerId={bo.id} initialFocus={at(150)} />);
    await waitFor(() => expect(marked()).toEqual(['text 150']));
    expect(screen.queryByText(FOCUS_OFFLINE)).toBeNull();
  });

  it("further back than one search walks: says so, and 'Keep looking' walks on", async () => {
    await db.directMessages.bulkPut(many(200, 300));
    actions.findMessage.mockResolvedValueOnce('far');
    render(<ChatsPage initialTab="messages" initialPeerId={bo.id} initialFocus={at(20)} />);
    expect(await screen.findByText(FOCUS_FAR)).toBeTruthy();
    actions.findMessage.mockImplementation(async () => {
      await db.directMessages.bulkPut(many(0, 200));
      return 'held';
    });
    fireEvent.click(screen.getByRole('button', { name: FOCUS_LOOK_FURTHER }));
    await waitFor(() => expect(marked()).toEqual(['text 20']));
    expect(actions.findMessage).toHaveBeenCalledTimes(2);
  });

  it('opening another chat forgets the search result', async () => {
    await db.directMessages.bulkPut(many(0, 300));
    await db.conversations.put({ participantId: bo.id, participant: bo, lastMessage: { content: 'text 299', createdAt: dm(299).createdAt } });
    render(<ChatsPage initialTab="messages" initialPeerId={bo.id} initialFocus={at(20)} />);
    await waitFor(() => expect(marked()).toEqual(['text 20']));
    fireEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    fireEvent.click((await screen.findByText('bo')).closest('button')!);
    await waitFor(() => expect(shownTexts()).toHaveLength(100));
    expect(marked()).toEqual([]);
  });
});

describe('a pod chat opened at a search result', () => {
  const podMessage = (n: number): PodMessageRow => ({
    id: `pm${String(n).padStart(4, '0')}`,
    clientId: null,
    podId: 'p1',
    content: `pod text ${n}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 10) + n * 1000).toISOString(),
    sender: { id: bo.id, username: bo.username, displayName: bo.displayName },
  });

  it('asks the pod chat for older pages until it holds the message, then marks it', async () => {
    await db.pods.put(pod({ id: 'p1', name: 'Friday' }));
    await db.podMessages.bulkPut(Array.from({ length: 50 }, (_, i) => podMessage(100 + i)));
    actions.findMessage.mockImplementation(async () => {
      await db.podMessages.bulkPut(Array.from({ length: 100 }, (_, i) => podMessage(i)));
      return 'held';
    });
    const target = podMessage(5);
    render(<ChatsPage initialTab="pods" initialPodId="p1" initialFocus={{ id: target.id, createdAt: target.createdAt }} />);
    const list = await screen.findByRole('list', { name: 'Messages in Friday' });
    await waitFor(() => expect(within(list).getByText(SEARCH_RESULT_MARK).closest('li')?.textContent).toContain('pod text 5'));
    expect(actions.findMessage).toHaveBeenCalledExactlyOnceWith({ kind: 'pod', podId: 'p1' }, { id: target.id, createdAt: target.createdAt });
  });
});
