// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { UserRow } from '../../../src/db/schema';
import { ProfileCard } from '../../../src/features/dashboard/profile-card';
import { actions, db, deck, loaded, ME, resetApp, setDecksPull } from './app-mock';

const user = (defaultDeckId: string | null): UserRow => ({ id: ME, username: 'ana', displayName: 'Ana', avatarUrl: null, defaultDeckId });

beforeEach(resetApp);
afterEach(cleanup);

describe("the dashboard's deck line", () => {
  it("says 'No default deck selected.' without a default, and pulls nothing for it", async () => {
    render(<ProfileCard user={user(null)} />);
    expect(await screen.findByText('No default deck selected.')).toBeTruthy();
    expect(actions.pullList).not.toHaveBeenCalled();
  });

  it("shows 'Current Deck:' and the name of a mirrored deck, also while it waits to be sent", async () => {
    await db.decks.put(deck({ id: 'd1', name: 'Atraxa Superfriends', syncState: 'queued' }));
    render(<ProfileCard user={user('d1')} />);
    expect(await screen.findByText('Current Deck: Atraxa Superfriends')).toBeTruthy();
    await db.decks.update('d1', { name: 'Atraxa Proliferate' });
    expect(await screen.findByText('Current Deck: Atraxa Proliferate')).toBeTruthy();
  });

  it("says 'Loading deck...' until the deck list first loads, then shows the deck", async () => {
    render(<ProfileCard user={user('d1')} />);
    expect(await screen.findByText('Loading deck...')).toBeTruthy();
    expect(actions.pullList).toHaveBeenCalled();
    await db.decks.put(deck({ id: 'd1', name: 'Blitz' }));
    await setDecksPull(loaded());
    expect(await screen.findByText('Current Deck: Blitz')).toBeTruthy();
  });

  it("says 'Could not load deck' when the loaded list lacks the deck, or the pull failed", async () => {
    await setDecksPull(loaded());
    render(<ProfileCard user={user('gone')} />);
    expect(await screen.findByText('Could not load deck')).toBeTruthy();
    cleanup();

    await setDecksPull({ loadedAt: null, error: 'Network down' });
    render(<ProfileCard user={user('d1')} />);
    expect(await screen.findByText('Could not load deck')).toBeTruthy();
  });
});
