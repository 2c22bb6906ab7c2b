// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { actions, db, GAME_ID, resetApp, seedGame } from './app-mock';
import { renderAt } from './render';

const MINUS = '\u2212';

function tile(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 2, name }).closest('section')!;
}

function valueOf(group: string): string {
  return screen.getByRole('group', { name: group }).querySelector('.stepper-value')!.textContent!;
}

function tap(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

async function openPlaymat() {
  await seedGame();
  const view = renderAt(`/game/${GAME_ID}`);
  await screen.findByRole('group', { name: 'Ana life' });
  return view;
}

function openCounters(name: string) {
  fireEvent.click(screen.getByRole('button', { name: `${name} counters` }));
}

async function openEvents(): Promise<string[]> {
  const toggle = screen.getByRole('button', { name: 'Events' });
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
  const list = await screen.findByRole('list', { name: 'Recent events, newest first' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.event-text')!.textContent!);
}

beforeEach(async () => {
  await resetApp();
});
afterEach(cleanup);

describe('playmat', () => {
  it('shows every player on their seat, without the bottom navigation, life 40 → 35 after −5', async () => {
    await openPlaymat();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    for (const name of ['Ana', 'Bo', 'Cy', 'Dee']) expect(valueOf(`${name} life`)).toBe('40');
    expect(within(tile('Bo')).getByText('Tymna // Thrasios')).toBeTruthy();
    // quad-grid: Bo sits top left, turned to face the top edge.
    expect(tile('Bo').style.top).toBe('0%');
    expect(tile('Bo').style.width).toBe('50%');
    expect(tile('Bo').querySelector('.seat-turn--180')).not.toBeNull();

    tap(`Ana life ${MINUS}5`);
    await waitFor(() => expect(valueOf('Ana life')).toBe('35'));
    tap('Ana life +1');
    await waitFor(() => expect(valueOf('Ana life')).toBe('36'));
    expect(actions.changeCounter).toHaveBeenCalledWith(GAME_ID, { seat: 0, counter: 'life', delta: -5 });
    // Saved in the mirror and queued, with no network.
    expect(screen.getByText('Saved on this device')).toBeTruthy();
    expect(await db.outbox.count()).toBe(2);
  });

  it('never takes poison, energy or experience below 0', async () => {
    await openPlaymat();
    openCounters('Cy');
    const minus = screen.getByRole('button', { name: `Cy poison ${MINUS}1` }) as HTMLButtonElement;
    expect(valueOf('Cy poison')).toBe('0');
    expect(minus.disabled).toBe(true);

    tap('Cy poison +1');
    await waitFor(() => expect(valueOf('Cy poison')).toBe('1'));
    expect(minus.disabled).toBe(false);
    tap(`Cy poison ${MINUS}1`);
    await waitFor(() => expect(valueOf('Cy poison')).toBe('0'));
    // A second tap that got in before the button rested (a quick double tap) is clamped by the core.
    await actions.changeCounter(GAME_ID, { seat: 2, counter: 'poison', delta: -1 });
    await waitFor(() => expect(valueOf('Cy poison')).toBe('0'));
    expect((await db.games.get(GAME_ID))!.participants[2]!.poisonCounters).toBe(0);

    tap('Cy energy +1');
    tap('Cy experience +1');
    await waitFor(() => expect(valueOf('Cy energy')).toBe('1'));
    await waitFor(() => expect(valueOf('Cy experience')).toBe('1'));
    expect((screen.getByRole('button', { name: `Cy energy ${MINUS}1` }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("tracks commander damage from a partner separately from its commander, and as life loss", async () => {
    await openPlaymat();
    openCounters('Ana');
    const fromTymna = "Ana commander damage from Bo's Tymna";
    const fromThrasios = "Ana commander damage from Bo's Thrasios";
    expect(screen.getByRole('group', { name: "Ana commander damage from Cy's Kenrith" })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Ana commander damage from Ana/ })).toBeNull();

    tap(`${fromThrasios} +1`);
    await waitFor(() => expect(valueOf(fromThrasios)).toBe('1'));
    tap(`${fromThrasios} +1`);
    await waitFor(() => expect(valueOf(fromThrasios)).toBe('2'));
    tap(`${fromTymna} +1`);
    await waitFor(() => expect(valueOf(fromTymna)).toBe('1'));
    expect(valueOf(fromThrasios)).toBe('2');
    expect(valueOf('Ana life')).toBe('37');
    expect((await db.games.get(GAME_ID))!.participants[0]!.commanderDamage).toEqual({ '1:partner': 2, '1:commander': 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Close Ana counters' }));
    expect(within(tile('Ana')).getByText('Tymna 1 · Thrasios 2')).toBeTruthy();
  });

  it('passes the turn in seat order, moving the highlight and wrapping around', async () => {
    await openPlaymat();
    const activeName = () => document.querySelector('section[aria-current="true"] h2')?.textContent;
    expect(activeName()).toBe('Ana');
    expect(within(tile('Ana')).getByText('Active')).toBeTruthy();
    expect(within(tile('Bo')).queryByText('Active')).toBeNull();

    for (const next of ['Bo', 'Cy', 'Dee', 'Ana']) {
      tap('Pass turn');
      await waitFor(() => expect(activeName()).toBe(next));
      expect(within(tile(next)).getByText('Active')).toBeTruthy();
    }
    expect(document.querySelectorAll('section[aria-current="true"]')).toHaveLength(1);
    expect(screen.getByText('Turn 5', { exact: false })).toBeTruthy();
  });

  it('undoes the latest change, and has nothing to undo at the start', async () => {
    await openPlaymat();
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    expect(undo.disabled).toBe(true);

    tap(`Dee life ${MINUS}5`);
    await waitFor(() => expect(valueOf('Dee life')).toBe('35'));
    tap('Pass turn');
    await waitFor(() => expect(document.querySelector('section[aria-current="true"] h2')!.textContent).toBe('Bo'));

    tap('Undo');
    await waitFor(() => expect(document.querySelector('section[aria-current="true"] h2')!.textContent).toBe('Ana'));
    expect(valueOf('Dee life')).toBe('35');
    tap('Undo');
    await waitFor(() => expect(valueOf('Dee life')).toBe('40'));
    await waitFor(() => expect(undo.disabled).toBe(true));
  });

  it("lists the recent events newest first, the latest line always in view", async () => {
    await openPlaymat();
    expect(screen.getByText('No events yet.')).toBeTruthy();
    tap(`Bo life ${MINUS}1`);
    await waitFor(() => expect(valueOf('Bo life')).toBe('39'));
    tap('Pass turn');
    await waitFor(() => expect(screen.getByText('Turn passed to Bo', { selector: '.events-latest' })).toBeTruthy());
    tap('Undo');
    await waitFor(() => expect(screen.getByText('Undo: turn back to Ana', { selector: '.events-latest' })).toBeTruthy());

    expect(await openEvents()).toEqual(['Undo: turn back to Ana', 'Turn passed to Bo', `Bo: life ${MINUS}1 (39)`]);
  });

  it("ends the game after a confirmation: 'Game over', and nothing can change any more", async () => {
    await openPlaymat();
    tap('End game');
    const dialog = await screen.findByRole('alertdialog', { name: 'End game?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End game' }));

    expect(await screen.findByRole('heading', { name: 'Game over' })).toBeTruthy();
    expect((screen.getByRole('button', { name: `Ana life ${MINUS}5` }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Pass turn' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'End game' })).toBeNull();
    expect((await db.games.get(GAME_ID))!.status).toBe('FINISHED');
  });

  it("marks a player who is out 'Out' and keeps their tile", async () => {
    await seedGame();
    const game = (await db.games.get(GAME_ID))!;
    await db.games.put({ ...game, participants: game.participants.map((p) => (p.seatNumber === 2 ? { ...p, lifeTotal: 0, out: true } : p)) });
    renderAt(`/game/${GAME_ID}`);
    await screen.findByRole('group', { name: 'Cy life' });
    expect(within(tile('Cy')).getByText('Out')).toBeTruthy();
    expect(tile('Cy').className).toContain('tile--out');
    expect(within(tile('Bo')).queryByText('Out')).toBeNull();
  });

  it("shows a refused change's message from the server", async () => {
    await seedGame();
    const game = (await db.games.get(GAME_ID))!;
    await db.games.put({ ...game, syncState: 'failed', syncError: 'This game has ended.' });
    renderAt(`/game/${GAME_ID}`);
    expect((await screen.findByText('Not saved: This game has ended.', { exact: false })).getAttribute('role')).toBe('alert');
  });

  it('offers Retry and Discard for a refused change', async () => {
    await seedGame();
    const game = (await db.games.get(GAME_ID))!;
    await db.games.put({ ...game, syncState: 'failed', syncError: 'This game has ended.' });
    await db.outbox.add({ id: 'entry-1', kind: 'game.increment', method: 'POST', path: `/api/games/${GAME_ID}/increments`, target: { table: 'games', id: GAME_ID }, status: 'failed', attempts: 0, notBefore: 0, createdAt: 0, error: 'This game has ended.' });
    renderAt(`/game/${GAME_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith('entry-1');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(actions.discardWrite).toHaveBeenCalledWith('entry-1');
  });
});

describe('finding the game', () => {
  it("pulls a game the mirror lacks once, with 'Loading game...', then says it cannot find it", async () => {
    let finish: () => void = () => undefined;
    actions.pullGame.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    renderAt('/game/nope');
    await waitFor(() => expect(actions.pullGame).toHaveBeenCalled());
    expect(screen.getByText('Loading game...')).toBeTruthy();
    finish();
    expect(await screen.findByText("We couldn't find a live game session.")).toBeTruthy();
    expect(actions.pullGame).toHaveBeenCalledExactlyOnceWith('nope');
    expect(screen.getByRole('link', { name: 'Start a new game' }).getAttribute('href')).toBe('/game/setup');
  });

  it('shows the game once the pull brings it', async () => {
    actions.pullGame.mockImplementation(async () => {
      await seedGame();
    });
    renderAt(`/game/${GAME_ID}`);
    expect(await screen.findByRole('group', { name: 'Ana life' })).toBeTruthy();
  });

  it("/game/session opens the latest live game, or says there is none", async () => {
    renderAt('/game/session');
    expect(await screen.findByText("We couldn't find a live game session.")).toBeTruthy();
    expect(actions.pullList).toHaveBeenCalledWith('games');
    cleanup();

    await seedGame();
    const { router } = renderAt('/game/session');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/game/${GAME_ID}`));
    expect(await screen.findByRole('group', { name: 'Ana life' })).toBeTruthy();
  });
});
