// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')) }));

import { DELETED_USER_NAME } from '../../../src/contract/account-data';
import type { PublicUser } from '../../../src/contract/users';
import { MessagesTab } from '../../../src/features/messages/messages-tab';
import { upsertPublicUsers } from '../../../src/sync/engine/public-users';
import { bo, db, me, resetApp } from './app-mock';
import { dmAt } from './message-rows';

const DELETED_LINE = 'This account was deleted. You can still read your conversation.';
const gone: PublicUser = { id: bo.id, username: DELETED_USER_NAME, displayName: DELETED_USER_NAME, avatarUrl: null, deleted: true };

const message = (id: string, minute: number, fromMe: boolean, sender: PublicUser) => dmAt(id, minute, fromMe, fromMe ? {} : { sender });

beforeEach(resetApp);
afterEach(cleanup);

describe('a conversation with a deleted account', () => {
  it('keeps the history readable and shows a line instead of the composer', async () => {
    await db.conversations.put({ participantId: bo.id, participant: gone, lastMessage: { content: 'text b', createdAt: '2026-01-01T10:02:00.000Z' } });
    await db.directMessages.bulkPut([message('a', 1, false, gone), message('b', 2, true, gone)]);
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);

    expect(await screen.findByText(DELETED_LINE)).toBeTruthy();
    // The thread shows once the outbox and the window are read, which may be after the line.
    const list = await screen.findByRole('list', { name: `Messages with ${DELETED_USER_NAME}` });
    expect(within(list).getAllByText(/^text /).map((node) => node.textContent)).toEqual(['text a', 'text b']);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('reads the flag from the mirrored user when there is no conversation row', async () => {
    await upsertPublicUsers(db, [gone]);
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    expect(await screen.findByText(DELETED_LINE)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps the composer for a live account', async () => {
    await upsertPublicUsers(db, [bo]);
    render(<MessagesTab myId={me.id} peerId={bo.id} onOpen={vi.fn()} />);
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.queryByText(DELETED_LINE)).toBeNull();
  });
});

describe('the mirrored user row', () => {
  it('stores the flag, keeps it against a later payload without it, and has no flag for a live account', async () => {
    await upsertPublicUsers(db, [bo]);
    expect(await db.users.get(bo.id)).not.toHaveProperty('deleted');
    await upsertPublicUsers(db, [gone]);
    expect((await db.users.get(bo.id))?.deleted).toBe(true);
    await upsertPublicUsers(db, [{ ...gone, deleted: undefined }]);
    expect((await db.users.get(bo.id))?.deleted).toBe(true);
  });
});
