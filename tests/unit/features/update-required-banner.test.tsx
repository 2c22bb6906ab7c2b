// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('../chats/app-mock'));
const reload = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../src/pwa/reload-to-update', () => ({ reloadToUpdate: reload }));

import { PROTOCOL_VERSION, SyncText } from '../../../src/contract/sync';
import { writeSession } from '../../../src/db/session';
import { UpdateRequiredBanner } from '../../../src/features/shell/update-required-banner';
import { db, resetApp } from '../chats/app-mock';

beforeEach(async () => {
  await resetApp();
  reload.mockClear();
});
afterEach(cleanup);

describe('the update prompt (the server refused this app’s sync protocol)', () => {
  it('shows while the server refuses the version this app speaks, and Reload updates', async () => {
    render(<UpdateRequiredBanner />);
    await writeSession(db, { updateRequired: PROTOCOL_VERSION });
    expect((await screen.findByRole('alert')).textContent).toContain(SyncText.updateRequired);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays away for an app that already speaks a newer version than the one refused', async () => {
    await writeSession(db, { updateRequired: PROTOCOL_VERSION - 1 });
    render(<UpdateRequiredBanner />);
    await writeSession(db, { token: 't' });
    expect(screen.queryByRole('alert')).toBeNull();
    await writeSession(db, { updateRequired: PROTOCOL_VERSION });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
