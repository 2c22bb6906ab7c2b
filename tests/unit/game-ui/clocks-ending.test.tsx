// @vitest-environment happy-dom
/**
 * The playmat's clocks and quick end, offline (the mirror and the outbox of app-mock): pause and
 * resume from the game menu with 'Paused' in the bar, the active player's clock beside their
 * name, one-tap End game from the last-standing proposal, and End game's details reaching the
 * stored result and the summary.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { useTaps } from '../../../src/stores/tap-overlay';
import { db, GAME_ID, resetApp, seedGame } from './app-mock';
import { changeGame, menu } from './playmat-steps';
import { renderAt } from './render';

const bar = () => screen.getByRole('region', { name: 'Game controls' });
const queuedUpdates = async () => (await db.outbox.toArray()).map((entry) => (entry.args as { update: Record<string, unknown> }).update);

beforeEach(async () => {
  localStorage.clear();
  useTaps.setState({ taps: [] });
  await resetApp();
});
afterEach(cleanup);

describe('clocks', () => {
  it('pause and resume from the game menu: the bar says Paused in words, and each change is queued once', async () => {
    await seedGame();
    renderAt(`/game/${GAME_ID}`);
    await screen.findByRole('group', { name: 'Ana life' });
    expect(within(bar()).getByText("Ana's time on their turns", { exact: false })).toBeTruthy();
    expect(within(bar()).queryByText('Paused')).toBeNull();

    await menu('Pause clock');
    expect(await within(bar()).findByText('Paused')).toBeTruthy();
    expect((await db.games.get(GAME_ID))!.events[0]!.text).toBe('Clock paused');
    await menu('Resume clock');
    await waitFor(() => expect(within(bar()).queryByText('Paused')).toBeNull());
    const updates = await queuedUpdates();
    expect(updates.map((update) => update.clock)).toEqual([{ action: 'pause' }, { action: 'resume' }]);
    expect(new Set(updates.map((update) => update.eventId)).size).toBe(2);
  });
});

describe('a quick end', () => {
  it('the last one standing: one tap ends the game as proposed, and the summary says how and who took out whom', async () => {
    await seedGame();
    // Dee, then Ana, went out; Cy last, to 21 commander damage from Bo's Tymna.
    await changeGame((game) => ({
      ...game,
      participants: game.participants.map((p) =>
        p.seatNumber === 1 ? p : p.seatNumber === 2 ? { ...p, lifeTotal: 19, commanderDamage: { '1:commander': 21 }, out: true } : { ...p, lifeTotal: 0, out: true },
      ),
      table: { ...game.table!, outOrder: [3, 0, 2] },
    }));
    renderAt(`/game/${GAME_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'End game: Bo wins by commander damage' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bo wins' })).toBeTruthy();
    expect(screen.getByText('By commander damage on turn 1')).toBeTruthy();
    const taken = screen.getByRole('heading', { name: 'Who took out whom' }).parentElement!;
    expect(within(taken).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Dee was taken out by combat',
      'Ana was taken out by combat',
      'Bo took out Cy by commander damage',
    ]);
    expect((await db.games.get(GAME_ID))!.result).toMatchObject({ winnerSeat: 1, winMethod: 'commanderDamage', onTurn: 1, outOrder: [3, 0, 2] });
    expect((await queuedUpdates())[0]).toMatchObject({ status: 'FINISHED', result: { winnerSeat: 1, winMethod: 'commanderDamage' } });
  });

  it('End game from the menu: how they won and who took out whom can be changed before the one tap', async () => {
    await seedGame();
    renderAt(`/game/${GAME_ID}`);
    await screen.findByRole('group', { name: 'Ana life' });
    await menu('End game');
    const dialog = await screen.findByRole('dialog', { name: 'End game' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Cy' }));
    // Nothing in the game says how: combat is proposed, and the button says so.
    expect(within(dialog).getByRole('button', { name: 'End game: Cy wins by combat' })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'How they won' }), { target: { value: 'combo' } });
    expect((within(dialog).getByRole('combobox', { name: 'Ana: How' }) as HTMLSelectElement).value).toBe('combo');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Dee: How' }), { target: { value: 'concession' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Dee: Taken out by' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'On turn' }), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End game: Cy wins with a combo' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a turn from 1 to 1.');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'On turn' }), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End game: Cy wins with a combo' }));

    expect(await screen.findByText('With a combo on turn 1')).toBeTruthy();
    expect((await db.games.get(GAME_ID))!.result).toMatchObject({
      winnerSeat: 2,
      winMethod: 'combo',
      eliminations: [
        { seat: 0, bySeat: 2, how: 'combo' },
        { seat: 1, bySeat: 2, how: 'combo' },
        { seat: 3, bySeat: null, how: 'concession' },
      ],
    });
    const taken = screen.getByRole('heading', { name: 'Who took out whom' }).parentElement!;
    expect(within(taken).getAllByRole('listitem').map((item) => item.textContent)).toContain('Dee conceded');
  });
});
