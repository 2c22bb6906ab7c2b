// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

vi.mock('../../../src/sync/app', async () => {
  const { openDatabase } = await import('../../../src/db/schema');
  return {
    db: openDatabase(`profile-form-test-${crypto.randomUUID()}`),
    actions: {
      mutate: vi.fn(async () => 'id'),
      retryWrite: vi.fn(),
      discardWrite: vi.fn(),
      changeEmail: vi.fn(async () => 'We have sent a confirmation link to new@example.com. Your e-mail address changes when you open it.'),
      changePassword: vi.fn(async () => 'Your password has been changed. Your other devices have been signed out.'),
    },
  };
});

import type { OutboxEntry, UserRow } from '../../../src/db/schema';
import { writeSession } from '../../../src/db/session';
import { ProfileForm } from '../../../src/features/profile/profile-form';
import { ApiError } from '../../../src/sync/engine/api';
import { actions, db } from '../../../src/sync/app';

const user: UserRow = {
  id: 'u1',
  username: 'ana',
  displayName: 'Ana',
  email: 'ana@example.com',
  avatarUrl: null,
  defaultDeckId: null,
};

function outboxEntry(patch: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    name: 'profile.update',
    args: { displayName: 'Ana B' },
    target: { table: 'users', id: 'u1' },
    keys: ['users:u1'],
    status: 'queued',
    attempts: 0,
    createdAt: Date.now(),
    ...patch,
  };
}

describe('profile form', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(actions.mutate).mockClear();
    await db.outbox.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('starts from the mirror row', () => {
    render(<ProfileForm user={user} />);
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('Ana');
    // The e-mail is text, not an input: it changes through its own dialog.
    expect(screen.getByText('ana@example.com').tagName).toBe('DD');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect((screen.getByLabelText('Default deck') as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('option', { name: 'No default deck' })).toBeTruthy();
  });

  it('saves the changed field 1.5 s after the last change, not before', async () => {
    render(<ProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Ana B' } });
    expect(screen.getByRole('status').textContent).toBe('Saving…');
    await act(async () => vi.advanceTimersByTime(1000));
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Ana Bo' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(actions.mutate).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(500));
    expect(actions.mutate).toHaveBeenCalledExactlyOnceWith('profile.update', { displayName: 'Ana Bo' });
  });

  it('does not save a display name with a control character and says why', async () => {
    render(<ProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Ana\u0007' } });
    await act(async () => vi.advanceTimersByTime(1500));
    expect(actions.mutate).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Text cannot contain control characters.');
  });

  it('keeps what the user is typing when the mirror row changes', () => {
    const { rerender } = render(<ProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Ana typing' } });
    rerender(<ProfileForm user={{ ...user, displayName: 'From the server', email: 'new@example.com' }} />);
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('Ana typing');
    expect(screen.getByText('new@example.com')).toBeTruthy();
  });

});

// Real timers: fake-indexeddb and findBy* wait on real timeouts.
describe('profile save status from the outbox', () => {
  beforeEach(async () => {
    await db.outbox.clear();
  });
  afterEach(cleanup);

  it("says 'Waiting for connection…' while a sent change waits for the network", async () => {
    await db.outbox.add(outboxEntry({ attempts: 2 }));
    render(<ProfileForm user={user} />);
    expect((await screen.findByText('Waiting for connection…')).getAttribute('role')).toBe('status');
  });

  it("says 'Waiting for connection…' once the sender found no network (offline tries count against no write)", async () => {
    await writeSession(db, { unreachable: false });
    await db.outbox.add(outboxEntry({ attempts: 0 }));
    render(<ProfileForm user={user} />);
    expect(await screen.findByText('Saving…')).toBeTruthy();
    await writeSession(db, { unreachable: true });
    expect(await screen.findByText('Waiting for connection…')).toBeTruthy();
    await writeSession(db, { unreachable: false });
  });

  it("shows the server's refusal with Retry and Discard", async () => {
    const entry = outboxEntry({ status: 'failed', error: 'That e-mail is already in use.' });
    await db.outbox.add(entry);
    render(<ProfileForm user={user} />);
    expect((await screen.findByRole('alert')).textContent).toContain('That e-mail is already in use.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith(entry.id);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(actions.discardWrite).toHaveBeenCalledWith(entry.id);
  });
});

describe('account dialogs', () => {
  afterEach(cleanup);

  it('Change e-mail asks for the password, sends both and shows the server message', async () => {
    vi.mocked(actions.changeEmail).mockClear();
    render(<ProfileForm user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change e-mail' });
    fireEvent.change(screen.getByLabelText('New e-mail'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your current password.');
    expect(actions.changeEmail).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect((await screen.findByRole('status')).textContent).toContain('We have sent a confirmation link to new@example.com.');
    expect(actions.changeEmail).toHaveBeenCalledExactlyOnceWith({ email: 'new@example.com', currentPassword: 'my password' });
    expect(dialog.isConnected).toBe(true);
  });

  it("Change e-mail shows the server's refusal (wrong password) and keeps the form", async () => {
    vi.mocked(actions.changeEmail).mockRejectedValueOnce(new ApiError(403, { message: 'Your current password is not correct.' }));
    render(<ProfileForm user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    await screen.findByRole('dialog', { name: 'Change e-mail' });
    fireEvent.change(screen.getByLabelText('New e-mail'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is not correct.');
    expect(screen.getByRole('button', { name: 'Send confirmation link' })).toBeTruthy();
  });

  it('Change password checks the two new passwords match before sending', async () => {
    vi.mocked(actions.changePassword).mockClear();
    render(<ProfileForm user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new password 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match.');
    expect(actions.changePassword).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your password has been changed.');
    expect(actions.changePassword).toHaveBeenCalledExactlyOnceWith({ currentPassword: 'old password', newPassword: 'new password 1' });
  });
});
