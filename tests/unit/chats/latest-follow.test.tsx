// @vitest-environment happy-dom
/**
 * Following the newest message (use-latest-follow.ts in message-thread.tsx): near the end a new
 * message scrolls the thread to it; read further up, the thread stays put and offers "Latest
 * messages", counting others' new messages below; the user's own message always scrolls to it.
 * happy-dom lays nothing out: the box's heights and scroll offset are set by hand.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { JUMP_TO_LATEST, MessageThread } from '../../../src/features/messages/message-thread';
import type { MessageThreadModel } from '../../../src/features/messages/use-message-thread';

interface Row {
  id: string;
  createdAt: string;
  senderId: string;
}

const row = (n: number, senderId = 'bo'): Row => ({ id: `m${n}`, createdAt: new Date(Date.UTC(2026, 10, 28, 12, n)).toISOString(), senderId });
const model = (messages: Row[]): MessageThreadModel<Row> => ({ window: { messages, olderHere: false, atBeginning: true }, older: 'idle', local: false, reachTop: () => undefined });

function Thread({ messages }: { messages: Row[] }) {
  return <MessageThread thread={model(messages)} label="Messages with bo" senderOf={(message) => message.senderId} myId="ana" renderMessage={(message) => <li>{message.id}</li>} />;
}

const toEnd = vi.fn();
beforeEach(() => {
  toEnd.mockClear();
  Element.prototype.scrollIntoView = function (this: Element) {
    if (this.classList.contains('message-end')) toEnd();
  };
});
afterEach(cleanup);

/** Puts the thread's box `fromEnd` px above its end (a box 500 px high over 5,000 px of messages). */
function scrollBox(fromEnd: number) {
  const box = document.querySelector('.message-thread') as HTMLElement;
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 5000 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 500 });
  box.scrollTop = 4500 - fromEnd;
  act(() => {
    box.dispatchEvent(new Event('scroll'));
  });
}

it('near the end, a new message scrolls to it and nothing is offered', () => {
  const messages = [1, 2, 3].map((n) => row(n));
  const { rerender } = render(<Thread messages={messages} />);
  scrollBox(100);
  toEnd.mockClear();
  rerender(<Thread messages={[...messages, row(4)]} />);
  expect(toEnd).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('button', { name: /Latest messages|new message/ })).toBeNull();
});

it('read further up, others’ new messages leave the thread where it is and are counted; my own scrolls to it; the button goes to the end', () => {
  const messages = [1, 2, 3].map((n) => row(n));
  const { rerender } = render(<Thread messages={messages} />);
  scrollBox(2000);
  expect(screen.getByRole('button', { name: JUMP_TO_LATEST })).toBeTruthy();
  toEnd.mockClear();

  rerender(<Thread messages={[...messages, row(4)]} />);
  rerender(<Thread messages={[...messages, row(4), row(5)]} />);
  expect(toEnd).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: '2 new messages' })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: '2 new messages' }));
  expect(toEnd).toHaveBeenCalledTimes(1);
  scrollBox(0);
  expect(screen.queryByRole('button', { name: /Latest messages|new message/ })).toBeNull();

  scrollBox(2000);
  rerender(<Thread messages={[...messages, row(4), row(5), row(6, 'ana')]} />);
  expect(toEnd).toHaveBeenCalledTimes(2);
});
