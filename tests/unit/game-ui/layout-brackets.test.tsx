// @vitest-environment happy-dom
/** The layout page shows the chosen deck's declared bracket and a non-blocking Rule 0 notice. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { useWizardStore, type WizardPlayer } from '../../../src/stores/wizard';
import { actions, bo, db, deck, me, resetApp } from './app-mock';
import { renderAt, resetWizard } from './render';

const ana: WizardPlayer = { key: 'k-ana', role: 'self', userId: me.id, displayName: 'Ana', commanderName: 'Atraxa' };
const boPlayer: WizardPlayer = { key: 'k-bo', role: 'friend', userId: bo.id, displayName: 'Bo', deckName: 'Blitz', commanderName: 'Tymna' };

function seatTable(players: WizardPlayer[]) {
  useWizardStore.setState({ mode: 'custom', kind: 'custom', podId: null, seatCount: players.length, players, layoutPreset: null, firstPlayerKey: 'k-ana' });
}

const NOTICE = 'Not every deck declares a bracket: Ana 4, Bo not declared. Talk it over before you start.';

beforeEach(async () => {
  await resetApp();
  resetWizard();
});
afterEach(cleanup);

describe('layout page: deck brackets', () => {
  it("shows the chosen deck's bracket and the notice, and Start game still starts", async () => {
    await db.decks.bulkPut([deck({ id: 'd1', name: 'Stax', commander: 'Atraxa', bracket: 4 }), deck({ id: 'd2', name: 'Precon', commander: 'Atraxa' })]);
    seatTable([ana, boPlayer]);
    const { router } = renderAt('/game/layout');
    const anaBox = await screen.findByRole('group', { name: /Seat 1 Ana/ });
    const deckChoice = await within(anaBox).findByLabelText('Deck', {}, { timeout: 5000 });
    expect(screen.queryByText(/Talk it over/)).toBeNull();

    fireEvent.change(deckChoice, { target: { value: 'd1' } });
    expect(await within(anaBox).findByText('Bracket 4')).toBeTruthy();
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.getByText(NOTICE).getAttribute('role')).toBe('status');

    // A deck without a declared bracket: no bracket line, no notice.
    fireEvent.change(deckChoice, { target: { value: 'd2' } });
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
    expect(within(anaBox).queryByText(/^Bracket /)).toBeNull();

    fireEvent.change(deckChoice, { target: { value: 'd1' } });
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/game\/[0-9a-f-]{36}$/));
    expect(actions.createGame).toHaveBeenCalledOnce();
  });

  it('shows no notice when no seated deck declares a bracket', async () => {
    await db.decks.put(deck({ id: 'd2', name: 'Precon', commander: 'Atraxa' }));
    seatTable([{ ...ana, deckId: 'd2', deckName: 'Precon' }, boPlayer]);
    renderAt('/game/layout');
    const anaBox = await screen.findByRole('group', { name: /Seat 1 Ana/ });
    await within(anaBox).findByLabelText('Deck', {}, { timeout: 5000 });
    expect(screen.queryByText(/Talk it over/)).toBeNull();
  });
});
