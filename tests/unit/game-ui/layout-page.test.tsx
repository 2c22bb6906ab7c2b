// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { useWizardStore, type WizardPlayer } from '../../../src/stores/wizard';
import { actions, bo, db, deck, me, resetApp } from './app-mock';
import { renderAt, resetWizard } from './render';

const ana: WizardPlayer = { key: 'k-ana', role: 'self', userId: me.id, displayName: 'Ana' };
const boPlayer: WizardPlayer = { key: 'k-bo', role: 'friend', userId: bo.id, displayName: 'Bo' };
const dee: WizardPlayer = { key: 'k-dee', role: 'guest', displayName: 'Dee', guestName: 'Dee', commanderName: 'Edgar Markov' };

function seatTable(players: WizardPlayer[], mode: 'custom' | 'pod' = 'custom') {
  useWizardStore.setState({ mode, kind: mode, podId: mode === 'pod' ? 'p1' : null, seatCount: players.length, players, layoutPreset: null, firstPlayerKey: null });
}

function playerBox(name: string): HTMLElement {
  return screen.getByRole('group', { name: new RegExp(`Seat \\d ${name}`) });
}

function seatingOrder(): string[] {
  const list = screen.getByRole('heading', { name: 'Seating order' }).parentElement!.querySelector('ol')!;
  return Array.from(list.querySelectorAll('.seating-name')).map((node) => node.textContent!);
}

beforeEach(async () => {
  await resetApp();
  resetWizard();
});
afterEach(cleanup);

describe('layout page', () => {
  it('without a draft, says so and links back to the setup', async () => {
    renderAt('/game/layout');
    expect(await screen.findByText('There is no table to seat yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up a new game' }).getAttribute('href')).toBe('/game/setup');
  });

  it('shows the start texts: first player, then the highlighted issues of each player', async () => {
    seatTable([ana, boPlayer, dee]);
    renderAt('/game/layout');
    fireEvent.click(await screen.findByRole('button', { name: 'Start game' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Choose who will take the first turn.');
    const anaBox = playerBox('Ana');
    expect(within(anaBox).getByText('Commander name is required.')).toBeTruthy();
    expect(within(anaBox).getByText('Provide a deck selection.')).toBeTruthy();
    expect(anaBox.className).toContain('player-setup--invalid');
    const deeBox = playerBox('Dee');
    expect(within(deeBox).queryByText('Commander name is required.')).toBeNull();
    expect(within(deeBox).getByText('Guest email is required so they can claim the game.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('First player'), { target: { value: 'k-bo' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Resolve the highlighted issues to start the game.');
    expect(actions.createGame).not.toHaveBeenCalled();

    // Fixing a player clears their highlight at once.
    fireEvent.change(within(deeBox).getByLabelText('Guest email'), { target: { value: 'dee@example.test' } });
    fireEvent.change(within(deeBox).getByLabelText('Deck name'), { target: { value: 'Vampires' } });
    await waitFor(() => expect(playerBox('Dee').className).not.toContain('player-setup--invalid'));
    expect(playerBox('Ana').className).toContain('player-setup--invalid');
  });

  it("asks for players when the draft's table is empty, and for 2 to 8 players with one", async () => {
    seatTable([]);
    renderAt('/game/layout');
    fireEvent.click(await screen.findByRole('button', { name: 'Start game' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Add players to your table before starting.');
    useWizardStore.setState({ players: [ana] });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A game needs 2 to 8 players.'));
    expect(actions.createGame).not.toHaveBeenCalled();
  });

  it('reorders with Up/Down and Shuffle, and Back returns to step 2 with the draft kept', async () => {
    seatTable([ana, boPlayer, dee]);
    const { router } = renderAt('/game/layout');
    await screen.findByRole('heading', { name: 'Seating order' });
    expect(seatingOrder()).toEqual(['Ana', 'Bo', 'Dee']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Dee up' }));
    await waitFor(() => expect(seatingOrder()).toEqual(['Ana', 'Dee', 'Bo']));
    fireEvent.click(screen.getByRole('button', { name: 'Move Ana down' }));
    await waitFor(() => expect(seatingOrder()).toEqual(['Dee', 'Ana', 'Bo']));
    // At the top, up does nothing (and keeps focus where it is).
    fireEvent.click(screen.getByRole('button', { name: 'Move Dee up' }));
    expect(seatingOrder()).toEqual(['Dee', 'Ana', 'Bo']);

    fireEvent.click(screen.getByRole('button', { name: 'Shuffle seats' }));
    await waitFor(() => expect([...seatingOrder()].sort()).toEqual(['Ana', 'Bo', 'Dee']));

    // Presets for 3 players, and a preview of the table.
    expect(screen.getByRole('radio', { name: 'Tri arc' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Tri column' }));
    await waitFor(() => expect(useWizardStore.getState().layoutPreset).toBe('tri-column'));
    expect(screen.getByRole('img', { name: /Table preview/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/setup'));
    expect(await screen.findByRole('heading', { name: 'Build a Custom Table' })).toBeTruthy();
    expect(screen.getByText('Dee')).toBeTruthy();
  });

  it('starts the game from the mirror at once (offline) and opens its playmat, clearing the draft', async () => {
    await db.decks.put(deck({ id: 'd1', name: 'Superfriends', commander: 'Atraxa' }));
    seatTable([ana, boPlayer, { ...dee, accountEmail: 'dee@example.test', deckName: 'Vampires' }]);
    const { router } = renderAt('/game/layout');

    // The Deck choice appears once the mirror has answered with Ana's decks: wait for it as she would.
    const deckChoice = await within(await screen.findByRole('group', { name: /Seat 1 Ana/ })).findByLabelText('Deck', {}, { timeout: 5000 });
    fireEvent.change(deckChoice, { target: { value: 'd1' } });
    await waitFor(() => expect(within(playerBox('Ana')).getByText('Atraxa')).toBeTruthy());

    const boBox = playerBox('Bo');
    fireEvent.change(within(boBox).getByLabelText('Deck name'), { target: { value: 'Blitz' } });
    fireEvent.click(within(boBox).getByRole('button', { name: 'Choose commander for Bo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose commander' });
    fireEvent.change(within(dialog).getByLabelText('Commander'), { target: { value: 'Tymna the Weaver' } });
    fireEvent.change(within(dialog).getByLabelText('Partner commander'), { target: { value: 'Thrasios, Triton Hero' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(playerBox('Bo')).getByText('Tymna the Weaver // Thrasios, Triton Hero')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Random' }));
    await waitFor(() => expect(useWizardStore.getState().firstPlayerKey).not.toBeNull());
    fireEvent.change(screen.getByLabelText('First player'), { target: { value: 'k-bo' } });

    fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/game\/[0-9a-f-]{36}$/));
    const id = router.state.location.pathname.split('/').pop()!;
    expect(actions.createGame).toHaveBeenCalledOnce();
    const input = actions.createGame.mock.calls[0]![0];
    expect(input).toMatchObject({ podId: null, requiresVerification: false, status: 'ACTIVE', layoutPreset: 'tri-arc', activeSeat: 1 });
    expect(input.participants.map((p) => [p.seatNumber, p.role, p.displayName, p.deckId ?? null, p.deckName, p.commanderName, p.partnerCommanderName ?? null, p.accountEmail ?? null])).toEqual([
      [0, 'self', 'Ana', 'd1', 'Superfriends', 'Atraxa', null, null],
      [1, 'friend', 'Bo', null, 'Blitz', 'Tymna the Weaver', 'Thrasios, Triton Hero', null],
      [2, 'guest', 'Dee', null, 'Vampires', 'Edgar Markov', null, 'dee@example.test'],
    ]);

    // The playmat is there at once, from the mirror; the POST waits in the outbox.
    expect(await screen.findByRole('group', { name: 'Bo life' })).toBeTruthy();
    expect(screen.getByText('Saved on this device')).toBeTruthy();
    expect((await db.games.get(id))?.syncState).toBe('queued');
    expect(await db.outbox.count()).toBe(1);
    await waitFor(() => expect(useWizardStore.getState().players).toEqual([]));
  });

  it("shows the create error's message, else 'We could not start the game. Please try again.'", async () => {
    seatTable([
      { ...ana, deckName: 'A', commanderName: 'Atraxa' },
      { ...boPlayer, deckName: 'B', commanderName: 'Tymna' },
    ]);
    useWizardStore.setState({ firstPlayerKey: 'k-ana' });
    actions.createGame.mockRejectedValueOnce(new Error('Not logged in.')).mockRejectedValueOnce({});
    renderAt('/game/layout');
    fireEvent.click(await screen.findByRole('button', { name: 'Start game' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not logged in.');
    fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('We could not start the game. Please try again.'));
  });
});
