// @vitest-environment happy-dom
/** A block the server refused (the cap on blocked accounts): Blocked users shows its text, with Retry and Discard. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { CapText } from '../../../src/contract/caps';
import { BlockedUsers } from '../../../src/features/friends/blocked-users';
import { pullKey } from '../../../src/sync/engine/pull';
import { bo, db, loaded, resetApp, setPull } from './app-mock';

describe('Blocked users: a refused block', () => {
  beforeEach(async () => {
    await resetApp();
    await setPull(pullKey('blockedUsers'), loaded());
  });
  afterEach(cleanup);

  it("shows the server's message under the person, with Retry and Discard", async () => {
    await db.blockedUsers.put({ userId: bo.id, user: bo, createdAt: new Date().toISOString(), syncState: 'failed', syncError: CapText.blocks });
    await db.outbox.add({
      id: crypto.randomUUID(),
      name: 'user.block',
      args: { userId: bo.id },
      target: { table: 'blockedUsers', id: bo.id },
      keys: [`blockedUsers:${bo.id}`],
      status: 'failed',
      attempts: 0,
      createdAt: Date.now(),
      error: CapText.blocks,
    });
    render(<BlockedUsers />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This user could not be blocked.');
    expect(alert.textContent).toContain(CapText.blocks);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
  });
});
