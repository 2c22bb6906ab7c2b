// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { Game } from '../../../src/contract/game';
import { useTaps } from '../../../src/stores/tap-overlay';
import { actions, db, GAME_ID, resetApp, seedGame } from './app-mock';
import { changeGame, lifeOf, menu, MINUS, openCounters, openPlaymat, tap, tile, valueOf } from './playmat-steps';
import { renderAt } from './render';

async function openEvents(): Promise<string[]> {
  await menu('Recent events');
  const list = await screen.findByRole('list', { name: 'Recent events, newest first' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.event-text')!.textContent!);
}

const activeName = () => document.querySelector('section[aria-current="true"] h2')?.textContent;

beforeEach(async () => {
  localStorage.clear();
  useTaps.setState({ taps: [] });
  await resetApp();
});
afterEach(cleanup);

describe('playmat', () => {
  it('shows every player in their colour with their commanders, without the bottom navigation', async () => {
    await openPlaymat();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    for (const name of ['Ana', 'Bo', 'Cy', 'Dee']) expect(lifeOf(name)).toBe('40');
    expect(within(tile('Bo')).getByText('Tymna // Thrasios')).toBeTruthy();
    const colours = ['Ana', 'Bo', 'Cy', 'Dee'].map((name) => tile(name).style.getPropertyValue('--player'));
    expect(new Set(colours).size).toBe(4);
  });

  it('paints a tap at once from the overlay and records it after: −1 on the half toward the centre, +1 on the other, ±5', async () => {
    await openPlaymat();
    tap(`Ana life ${MINUS}1`);
    // Drawn in the same event, before its write has even started.
    expect(lifeOf('Ana')).toBe('39');
    expect(actions.changeCounter).not.toHaveBeenCalled();
    await waitFor(async () => expect((await db.games.get(GAME_ID))!.participants[0]!.lifeTotal).toBe(39));
    expect(actions.changeCounter).toHaveBeenCalledWith(GAME_ID, expect.objectContaining({ seat: 0, counter: 'life', delta: -1 }));

    tap(`Ana life ${MINUS}5`);
    tap('Ana life +1');
    tap('Ana life +5');
    expect(lifeOf('Ana')).toBe('40');
    await waitFor(async () => expect(await db.outbox.count()).toBe(4));
    // The overlay empties once the mirror shows every tap; nothing was counted twice.
    await waitFor(() => expect(useTaps.getState().taps).toEqual([]));
    expect(lifeOf('Ana')).toBe('40');
    expect((await db.games.get(GAME_ID))!.participants[0]!.lifeTotal).toBe(40);
    expect(screen.getByText('Saved on this device')).toBeTruthy();
  });

  it('never takes poison, energy, experience or tax below 0 (counters panel)', async () => {
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

    tap('Cy Kenrith tax +2');
    tap('Cy Kenrith tax +2');
    await waitFor(() => expect(valueOf('Cy Kenrith tax')).toBe('4'));
    await waitFor(async () => expect((await db.games.get(GAME_ID))!.participants[2]!.commanderTax).toEqual({ commander: 4 }));
    expect(screen.queryByRole('group', { name: /Cy .* tax/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close Cy counters' }));
    expect(within(tile('Cy')).getByText('Kenrith tax 4')).toBeTruthy();
  });

  it('tracks commander damage from a partner separately from its commander, and as life loss', async () => {
    await openPlaymat();
    openCounters('Ana');
    const fromTymna = "Ana commander damage from Bo's Tymna";
    const fromThrasios = "Ana commander damage from Bo's Thrasios";
    expect(screen.getByRole('group', { name: "Ana commander damage from Cy's Kenrith" })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Ana commander damage from Ana/ })).toBeNull();
    // Bo has a partner: two tax counters there, one here.
    expect(screen.queryByRole('group', { name: 'Ana Atraxa tax' })).toBeTruthy();

    tap(`${fromThrasios} +1`);
    tap(`${fromThrasios} +1`);
    tap(`${fromTymna} +1`);
    await waitFor(() => expect(valueOf(fromThrasios)).toBe('2'));
    expect(valueOf(fromTymna)).toBe('1');
    expect(lifeOf('Ana')).toBe('37');
    await waitFor(async () => expect((await db.games.get(GAME_ID))!.participants[0]!.commanderDamage).toEqual({ '1:partner': 2, '1:commander': 1 }));

    fireEvent.click(screen.getByRole('button', { name: 'Close Ana counters' }));
    expect(within(tile('Ana')).getByText("Commander damage from Bo's Tymna: 1")).toBeTruthy();
    expect(within(tile('Ana')).getByText("Commander damage from Bo's Thrasios: 2")).toBeTruthy();
  });

  it('passes the turn in seat order, moving the highlight and wrapping around', async () => {
    await openPlaymat();
    expect(activeName()).toBe('Ana');
    for (const next of ['Bo', 'Cy', 'Dee', 'Ana']) {
      tap('Pass turn');
      await waitFor(() => expect(activeName()).toBe(next));
    }
    expect(document.querySelectorAll('section[aria-current="true"]')).toHaveLength(1);
    expect(screen.getByText('Turn 5', { exact: false })).toBeTruthy();
  });

  it('undoes the latest change, and has nothing to undo at the start', async () => {
    await openPlaymat();
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    tap(`Dee life ${MINUS}5`);
    await waitFor(async () => expect((await db.games.get(GAME_ID))!.participants[3]!.lifeTotal).toBe(35));
    tap('Pass turn');
    await waitFor(() => expect(activeName()).toBe('Bo'));
    tap('Undo');
    await waitFor(() => expect(activeName()).toBe('Ana'));
    expect(lifeOf('Dee')).toBe('35');
    tap('Undo');
    await waitFor(() => expect(lifeOf('Dee')).toBe('40'));
    await waitFor(() => expect(undo.disabled).toBe(true));
  });

  it('lists the recent events newest first in a sheet over the table', async () => {
    await openPlaymat();
    tap(`Bo life ${MINUS}1`);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    tap('Pass turn');
    await waitFor(() => expect(activeName()).toBe('Bo'));
    tap('Undo');
    await waitFor(() => expect(activeName()).toBe('Ana'));
    expect(await openEvents()).toEqual(['Undo: turn back to Ana', 'Turn passed to Bo', `Bo: life ${MINUS}1 (39)`]);
  });

  it('table tools: a d20 roll, a coin and a random player are shown and logged; the monarch wears a crown', async () => {
    await openPlaymat();
    await menu('Table tools');
    const sheet = await screen.findByRole('dialog', { name: 'Table tools' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Roll d20' }));
    await waitFor(() => expect(within(sheet).getByLabelText('Latest result').textContent).toMatch(/^Rolled a d20: ([1-9]|1\d|20)$/));
    fireEvent.change(within(sheet).getByLabelText('Sides'), { target: { value: '1' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Roll' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Choose a die with 2 to 1000 sides.');
    fireEvent.change(within(sheet).getByLabelText('Sides'), { target: { value: '3' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Roll' }));
    await waitFor(() => expect(within(sheet).getByLabelText('Latest result').textContent).toMatch(/^Rolled a d3: [1-3]$/));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Flip a coin' }));
    await waitFor(() => expect(within(sheet).getByLabelText('Latest result').textContent).toMatch(/^Flipped a coin: (heads|tails)$/));

    fireEvent.change(within(sheet).getByLabelText('Monarch'), { target: { value: '3' } });
    await waitFor(() => expect((within(sheet).getByLabelText('Monarch') as HTMLSelectElement).value).toBe('3'));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(tile('Dee')).getByText('Monarch', { selector: '.counter-badge-face' })).toBeTruthy();
    const stored = (await db.games.get(GAME_ID))!;
    expect(stored.table?.monarchSeat).toBe(3);
    expect(stored.events.map((e) => e.kind)).toEqual(['marker', 'roll', 'roll', 'roll']);
    const puts = (await db.outbox.toArray()).map((entry) => (entry.args as { update: Record<string, unknown> }).update);
    expect(puts.map((body) => Object.keys(body).filter((k) => k !== 'eventId'))).toEqual([['roll'], ['roll'], ['roll'], ['monarchSeat']]);
  });

  it("table tools: day and night in the game bar, the city's blessing and the Ring on the tiles, each a logged whole-game change", async () => {
    await openPlaymat();
    const bar = screen.getByRole('region', { name: 'Game controls' });
    expect(bar.querySelector('.day-night-chip')).toBeNull();
    await menu('Table tools');
    const sheet = await screen.findByRole('dialog', { name: 'Table tools' });
    const dayNight = within(sheet).getByRole('group', { name: 'Day and night' });
    expect(within(dayNight).getByRole('button', { name: 'Neither' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(dayNight).getByRole('button', { name: 'Day' }));
    await waitFor(() => expect(within(bar).getByText('Day')).toBeTruthy());
    fireEvent.click(within(dayNight).getByRole('button', { name: 'Night' }));
    await waitFor(() => expect(within(bar).getByText('Night')).toBeTruthy());
    expect(within(dayNight).getByRole('button', { name: 'Night' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(sheet).getByRole('button', { name: "City's blessing: Bo" }));
    const remove = await within(sheet).findByRole('button', { name: "Remove city's blessing: Bo" });
    expect(remove.textContent).toBe("Remove city's blessing");
    for (let i = 0; i < 5; i += 1) {
      fireEvent.click(within(sheet).getByRole('button', { name: 'The Ring tempts you: Cy' }));
      await waitFor(async () => expect(await db.outbox.count()).toBe(4 + i));
    }
    const lower = within(sheet).getByRole('button', { name: 'Lower Ring level: Cy' }) as HTMLButtonElement;
    fireEvent.click(lower);
    await waitFor(async () => expect((await db.games.get(GAME_ID))!.table?.ringLevel).toEqual({ '2': 3 }));
    expect((within(sheet).getByRole('button', { name: 'Lower Ring level: Ana' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const boBadges = within(tile('Bo')).getByRole('group', { name: 'Bo: markers and counters' });
    expect(within(boBadges).getByText("City's blessing", { selector: '.counter-badge-face' })).toBeTruthy();
    const cyBadges = within(tile('Cy')).getByRole('group', { name: 'Cy: markers and counters' });
    expect(within(cyBadges).getByText('Ring 3', { selector: '.counter-badge-face' })).toBeTruthy();
    expect(within(cyBadges).getByText('The Ring, level 3')).toBeTruthy();

    // Taking back a mistaken blessing is there, and says what it is.
    await menu('Table tools');
    const again = await screen.findByRole('dialog', { name: 'Table tools' });
    fireEvent.click(within(again).getByRole('button', { name: "Remove city's blessing: Bo" }));
    await waitFor(() => expect(within(again).getByRole('button', { name: "City's blessing: Bo" })).toBeTruthy());
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(tile('Bo')).queryByText("City's blessing")).toBeNull());

    const stored = (await db.games.get(GAME_ID))!;
    expect(stored.table).toMatchObject({ dayNight: 'night', cityBlessing: [], ringLevel: { '2': 3 } });
    expect((await openEvents()).slice(0, 5)).toEqual([
      "City's blessing taken back from Bo (a mistaken tap)",
      "Cy's Ring level went back to 3",
      'The Ring tempted Cy (level 4)',
      'The Ring tempted Cy (level 4)',
      'The Ring tempted Cy (level 3)',
    ]);
    const puts = (await db.outbox.toArray()).map((entry) => (entry.args as { update: Record<string, unknown> }).update);
    expect(puts.map((body) => Object.keys(body).filter((k) => k !== 'eventId'))).toEqual([
      ['dayNight'],
      ['dayNight'],
      ['cityBlessing'],
      ...Array.from({ length: 6 }, () => ['ring']),
      ['cityBlessing'],
    ]);
  });

  it('End game asks for the winner and the order players went out, then shows the summary; the final table is read-only', async () => {
    await openPlaymat();
    tap(`Cy life ${MINUS}5`);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await menu('End game');
    const dialog = await screen.findByRole('dialog', { name: 'End game' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End game' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose the winner, or a draw.');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Bo' }));
    const order = () => Array.from(dialog.querySelectorAll('.out-order .seating-name')).map((node) => node.textContent);
    expect(order()).toEqual(['Ana', 'Cy', 'Dee']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Dee up' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Dee up' }));
    expect(order()).toEqual(['Dee', 'Ana', 'Cy']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End game: Bo wins by combat' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bo wins' })).toBeTruthy();
    expect(screen.getByText('Thanks for the game!')).toBeTruthy();
    const stats = screen.getByRole('heading', { name: 'The game' }).parentElement!;
    expect(within(stats).getByText('Cy: 40 → 35 on turn 1')).toBeTruthy();
    expect(within(stats).getByText('Dee', { selector: 'dd' })).toBeTruthy();
    const players = screen.getByRole('heading', { name: 'Players' }).parentElement!.querySelectorAll('.summary-name');
    expect(Array.from(players).map((node) => node.textContent)).toEqual(['Bo', 'Cy', 'Ana', 'Dee']);
    const stored = (await db.games.get(GAME_ID))!;
    expect(stored).toMatchObject({ status: 'FINISHED', result: { winnerSeat: 1, draw: false, outOrder: [3, 0, 2] } });

    fireEvent.click(screen.getByRole('button', { name: 'View final table' }));
    expect((await screen.findByRole('button', { name: `Ana life ${MINUS}5` }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Pass turn' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    await menu('Game summary');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bo wins' })).toBeTruthy();
  });

  it('proposes the last player standing as the winner', async () => {
    await seedGame();
    await changeGame((game) => ({
      ...game,
      participants: game.participants.map((p) => (p.seatNumber === 1 ? p : { ...p, lifeTotal: 0, out: true })),
      table: { ...game.table!, outOrder: [3, 0, 2] },
    }));
    renderAt(`/game/${GAME_ID}`);
    expect(await screen.findByText('Bo is the last player standing.')).toBeTruthy();
    // Change details opens End game with everything chosen; the proposal's one tap ends it as proposed.
    fireEvent.click(screen.getByRole('button', { name: 'Change details' }));
    const dialog = await screen.findByRole('dialog', { name: 'End game' });
    expect((within(dialog).getByRole('radio', { name: 'Bo' }) as HTMLInputElement).checked).toBe(true);
    expect(Array.from(dialog.querySelectorAll('.out-order .seating-name')).map((node) => node.textContent)).toEqual(['Dee', 'Ana', 'Cy']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'End game: Bo wins by combat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bo wins' })).toBeTruthy();
    expect(screen.getByText('Dee', { selector: 'dd' })).toBeTruthy();
  });

  it('my seat at the bottom, upright, on my own phone; the middle-of-the-table view on request (remembered)', async () => {
    await openPlaymat();
    // Ana plays with other account holders: her own phone shows her seat at the bottom, everyone upright.
    const bottom = (name: string) => parseFloat(tile(name).style.top) + parseFloat(tile(name).style.height);
    const table = document.querySelector('.playmat-table') as HTMLElement;
    expect(tile('Ana').querySelector('.seat-turn--0')).not.toBeNull();
    expect(document.querySelectorAll('.seat-turn--180, .seat-turn--90, .seat-turn--270')).toHaveLength(0);
    expect(bottom('Ana')).toBeGreaterThan(bottom('Bo'));
    expect(bottom('Ana')).toBeGreaterThan(bottom('Cy'));
    expect(parseFloat(tile('Bo').style.left)).toBe(0); // the next player sits on her left
    expect(table).toBeTruthy();

    await menu('Phone in the middle of the table');
    await waitFor(() => expect(document.querySelectorAll('.seat-turn--180, .seat-turn--90, .seat-turn--270').length).toBeGreaterThan(0));
    cleanup();
    renderAt(`/game/${GAME_ID}`);
    await screen.findByRole('group', { name: 'Ana life' });
    expect(document.querySelectorAll('.seat-turn--180, .seat-turn--90, .seat-turn--270').length).toBeGreaterThan(0);
    await menu('My seat at the bottom');
    await waitFor(() => expect(document.querySelectorAll('.seat-turn--180, .seat-turn--90, .seat-turn--270')).toHaveLength(0));
  });

  it("marks a seat whose player has not accepted the game invitation 'Invited'", async () => {
    await seedGame();
    renderAt(`/game/${GAME_ID}`);
    await screen.findByRole('group', { name: 'Bo life' });
    expect(within(tile('Bo')).queryByText('Invited')).toBeNull();
    await changeGame((game) => ({ ...game, participants: game.participants.map((p) => (p.seatNumber === 1 ? { ...p, userId: null } : p)) }));
    expect(await within(tile('Bo')).findByText('Invited')).toBeTruthy();
    expect(within(tile('Dee')).queryByText('Invited')).toBeNull();
  });

  it("shows a refused change's message from the server, with Retry and Discard", async () => {
    await seedGame();
    await changeGame((game) => ({ ...game, syncState: 'failed', syncError: 'This game has ended.' }) as Game);
    await db.outbox.add({ id: 'entry-1', name: 'game.increment', args: { gameId: GAME_ID }, target: { table: 'games', id: GAME_ID }, keys: [`games:${GAME_ID}`], status: 'failed', attempts: 0, createdAt: 0, error: 'This game has ended.' });
    renderAt(`/game/${GAME_ID}`);
    expect((await screen.findByText('Not saved: This game has ended.', { exact: false })).getAttribute('role')).toBe('alert');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith('entry-1');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(actions.discardWrite).toHaveBeenCalledWith('entry-1');
  });

  it('an ended game opens on its summary, from the mirror alone', async () => {
    await seedGame();
    await changeGame((game) => ({
      ...game,
      status: 'FINISHED',
      turnNumber: 7,
      result: { winnerSeat: null, draw: true, outOrder: [0, 1, 2, 3], endedAt: new Date(Date.parse(game.startTime) + 47 * 60_000).toISOString() },
    }));
    renderAt(`/game/${GAME_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'A draw' })).toBeTruthy();
    const stats = screen.getByRole('heading', { name: 'The game' }).parentElement!;
    expect(within(stats).getByText('47 min')).toBeTruthy();
    expect(within(stats).getByText('7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Game history' }).getAttribute('href')).toBe('/games');
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

  it('shows a game the mirror has at once, and refreshes it once from the server (its copy may be older)', async () => {
    await seedGame();
    renderAt(`/game/${GAME_ID}`);
    expect(await screen.findByRole('group', { name: 'Ana life' })).toBeTruthy();
    await waitFor(() => expect(actions.pullGame).toHaveBeenCalledExactlyOnceWith(GAME_ID));
  });

  it('shows the game once the pull brings it', async () => {
    actions.pullGame.mockImplementation(async () => {
      await seedGame();
    });
    renderAt(`/game/${GAME_ID}`);
    expect(await screen.findByRole('group', { name: 'Ana life' })).toBeTruthy();
  });

  it('/game/session opens the latest live game, or says there is none', async () => {
    renderAt('/game/session');
    expect(await screen.findByText("We couldn't find a live game session.")).toBeTruthy();
    expect(actions.pullList).toHaveBeenCalled();
    cleanup();

    await seedGame();
    const { router } = renderAt('/game/session');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/game/${GAME_ID}`));
    expect(await screen.findByRole('group', { name: 'Ana life' })).toBeTruthy();
  });
});
