// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

vi.mock('../../../src/sync/app', async () => {
  const { openDatabase } = await import('../../../src/db/schema');
  return {
    db: openDatabase(`profile-form-test-${crypto.randomUUID()}`),
    actions: { saveProfile: vi.fn(async () => undefined), retryWrite: vi.fn(), discardWrite: vi.fn() },
  };
});

import type { OutboxEntry, UserRow } from '../../../src/db/schema';
import { ProfileForm } from '../../../src/features/profile/ProfileForm';
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
    kind: 'profile.update',
    method: 'PUT',
    path: '/api/users/me',
    body: { displayName: 'Ana B' },
    target: { table: 'users', id: 'u1' },
    status: 'queued',
    attempts: 0,
    notBefore: 0,
    createdAt: Date.now(),
    ...patch,
  };
}

describe('profile form', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(actions.saveProfile).mockClear();
    await db.outbox.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('starts from the mirror row', () => {
    render(<ProfileForm user={user} />);
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
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
    expect(actions.saveProfile).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(500));
    expect(actions.saveProfile).toHaveBeenCalledExactlyOnceWith({ displayName: 'Ana Bo' });
  });

  it('does not save an invalid e-mail and says why', async () => {
    render(<ProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@' } });
    await act(async () => vi.advanceTimersByTime(1500));
    expect(actions.saveProfile).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@');
  });

  it('keeps what the user is typing when the mirror row changes', () => {
    const { rerender } = render(<ProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Ana typing' } });
    rerender(<ProfileForm user={{ ...user, displayName: 'From the server', email: 'new@example.com' }} />);
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('Ana typing');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.com');
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
