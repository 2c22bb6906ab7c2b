// @vitest-environment happy-dom
/**
 * The "Message actions" menu of one's own messages is mounted only when first asked for
 * (message-bubble.tsx): until then each bubble has only its button, with the trigger's semantics.
 * The first press opens it as Radix's trigger would: from the keyboard (Enter, Space, ArrowDown)
 * with its first item focused, from a pointer with the menu focused; Escape closes it and gives
 * focus back to the button, and later openings behave the same.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

const menuRoots = vi.hoisted(() => ({ mounted: 0 }));
vi.mock('@radix-ui/react-dropdown-menu', async (original) => {
  const radix = await original<typeof import('@radix-ui/react-dropdown-menu')>();
  const { useEffect, createElement } = await import('react');
  function Root(props: Parameters<typeof radix.Root>[0]) {
    useEffect(() => {
      menuRoots.mounted += 1;
    }, []);
    return createElement(radix.Root, props);
  }
  return { ...radix, Root };
});
vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')) }));

import { MessagesTab } from '../../../src/features/messages/messages-tab';
import type { DirectMessageRow } from '../../../src/db/schema';
import { bo, db, me, resetApp } from './app-mock';

function mine(n: number): DirectMessageRow {
  const id = `m${n}`;
  return { id, clientId: id, senderId: me.id, receiverId: bo.id, content: `text ${n}`, createdAt: `2026-01-01T10:${String(n).padStart(2, '0')}:00.000Z`, sender: me, peerId: bo.id };
}

/** Its "Message actions" button (`hidden`: while a menu is open, the rest of the page is hidden from assistive technologies). */
const actionsOf = (n: number, hidden = false) => within(screen.getByText(`text ${n}`).closest('li')!).getByRole('button', { name: 'Message actions', hidden });

beforeEach(async () => {
  await resetApp();
  menuRoots.mounted = 0;
  await db.users.put({ ...bo, defaultDeckId: null });
  await db.directMessages.bulkPut(Array.from({ length: 20 }, (_, n) => mine(n + 1)));
  render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
  await screen.findByText('text 20');
});
afterEach(cleanup);

it('renders no menu until one is asked for: each button says it opens a menu', () => {
  expect(menuRoots.mounted).toBe(0);
  const button = actionsOf(7);
  expect(button.getAttribute('aria-haspopup')).toBe('menu');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('menu')).toBeNull();
});

it.each(['Enter', ' ', 'ArrowDown'])('opens from the keyboard (%j) with its first item focused; Escape gives focus back; it opens again', async (key) => {
  actionsOf(7).focus();
  fireEvent.keyDown(actionsOf(7), { key });
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Edit' })));
  expect(menuRoots.mounted).toBe(1);
  expect(actionsOf(7, true).getAttribute('aria-expanded')).toBe('true');

  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(actionsOf(7)));
  expect(actionsOf(7).getAttribute('aria-expanded')).toBe('false');

  fireEvent.keyDown(actionsOf(7), { key });
  const again = await screen.findByRole('menu');
  await waitFor(() => expect(document.activeElement).toBe(within(again).getByRole('menuitem', { name: 'Edit' })));
  expect(menuRoots.mounted).toBe(1);
});

it('opens from a pointer with the menu focused, and only that message gets a menu', async () => {
  fireEvent.pointerDown(actionsOf(3), { button: 0, pointerType: 'mouse' });
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(document.activeElement).toBe(menu));
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
  expect(menuRoots.mounted).toBe(1);
});

it('ignores other keys and other buttons', () => {
  fireEvent.keyDown(actionsOf(5), { key: 'a' });
  fireEvent.pointerDown(actionsOf(5), { button: 2, pointerType: 'mouse' });
  expect(screen.queryByRole('menu')).toBeNull();
  expect(menuRoots.mounted).toBe(0);
});
