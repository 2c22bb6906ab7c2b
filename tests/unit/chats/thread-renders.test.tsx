// @vitest-environment happy-dom
/**
 * A page of older messages renders only its own messages (message-thread.tsx `renderKey`): the
 * mirror hands out new objects on every read, and a thread of hundreds of messages rendered all
 * again per page was most of a page's time. What a message shows still follows its row, its
 * place in the runs and its render key.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MessageThread } from '../../../src/features/messages/message-thread';
import type { MessageThreadModel } from '../../../src/features/messages/use-message-thread';

afterEach(cleanup);

interface Row {
  id: string;
  createdAt: string;
  senderId: string;
  content: string;
}

const row = (n: number, senderId = 'ana', content = `message ${n}`): Row => ({ id: `m${n}`, createdAt: new Date(Date.UTC(2026, 10, 28, 12, n)).toISOString(), senderId, content });

function model(messages: Row[]): MessageThreadModel<Row> {
  return { window: { messages, olderHere: false, atBeginning: false }, older: 'idle', local: false, reachTop: () => undefined };
}

function Thread({ messages, keyOf }: { messages: Row[]; keyOf: (message: Row) => string }) {
  return (
    <MessageThread
      thread={model(messages)}
      label="Messages in Pod"
      senderOf={(message) => message.senderId}
      myId="ana"
      renderKey={keyOf}
      renderMessage={(message) => {
        rendered(message.id);
        return <li>{`${message.content} ${keyOf(message)}`}</li>;
      }}
    />
  );
}

const rendered = vi.fn<(id: string) => void>();

it('renders only the older page, then only what changed: a row, or a render key', () => {
  // Each read is a fresh copy, as the mirror gives it.
  const copies = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => row(from + i, i % 2 ? 'bo' : 'ana'));
  const keyOf = (message: Row) => (message.id === 'm30' ? 'pending' : '');
  const view = render(<Thread messages={copies(21, 30)} keyOf={keyOf} />);
  expect(rendered).toHaveBeenCalledTimes(10);

  rendered.mockClear();
  view.rerender(<Thread messages={copies(11, 30)} keyOf={keyOf} />);
  // The ten older ones, and the one that was first: the day's date line moved from it to the new first.
  expect(rendered.mock.calls.map(([id]) => id).sort()).toEqual([...copies(11, 20).map((message) => message.id), 'm21'].sort());

  rendered.mockClear();
  const edited = copies(11, 30).map((message) => (message.id === 'm25' ? { ...message, content: 'edited' } : message));
  view.rerender(<Thread messages={edited} keyOf={(message) => (message.id === 'm30' ? 'sent' : '')} />);
  expect(rendered.mock.calls.map(([id]) => id).sort()).toEqual(['m25', 'm30']);
  expect(screen.getByText('edited')).toBeTruthy();
  expect(screen.getByText('message 30 sent')).toBeTruthy();
});
