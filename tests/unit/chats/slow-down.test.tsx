// @vitest-environment happy-dom
/** The calm 429 line shows while queued writes wait for the server's Retry-After, and goes after. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { writeSession } from '../../../src/db/session';
import { SlowDownNotice } from '../../../src/features/shell/slow-down-notice';
import { SENDING_QUICKLY } from '../../../src/sync/engine/rate-limit';
import { db, resetApp } from './app-mock';

beforeEach(async () => {
  await resetApp();
});
afterEach(cleanup);

describe('SlowDownNotice', () => {
  it('says "sending quickly" as a status while slowed down with writes queued', async () => {
    render(<SlowDownNotice />);
    await db.outbox.add({ id: 'w1', name: 'dm.send', args: {}, target: { table: 'directMessages', id: 'w1' }, keys: [], status: 'queued', attempts: 0, createdAt: Date.now() });
    await writeSession(db, { slowedDown: true });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SENDING_QUICKLY));
    expect(screen.queryByRole('alert')).toBeNull();
    await writeSession(db, { slowedDown: false });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });
});
