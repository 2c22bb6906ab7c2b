// @vitest-environment happy-dom
/** What a closed tile says (tile-badges.tsx, player-tile.tsx) and the Recent events sheet's lines. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { useTaps } from '../../../src/stores/tap-overlay';
import { db, GAME_ID, resetApp, seedGame } from './app-mock';
import { changeGame, lifeOf, menu, MINUS, openCounters, openPlaymat, tap, tile, valueOf } from './playmat-steps';
import { renderAt } from './render';

const activeName = () => document.querySelector('section[aria-current="true"] h2')?.textContent;

beforeEach(async () => {
  localStorage.clear();
  useTaps.setState({ taps: [] });
  await resetApp();
});
afterEach(cleanup);

describe('playmat tiles', () => {
  it('shows every counter that is not 0 on the closed tile: poison, energy, tax, markers, commander damage per source', async () => {
    await openPlaymat();
    await changeGame((game) => ({
      ...game,
      participants: game.participants.map((p) =>
        p.seatNumber === 2
          ? { ...p, poisonCounters: 8, energyCounters: 2, commanderTax: { commander: 4 }, commanderDamage: { '1:partner': 7, '0:commander': 16 } }
          : p,
      ),
      table: { ...game.table!, monarchSeat: 2 },
    }));
    const badges = await within(tile('Cy')).findByRole('group', { name: 'Cy: markers and counters' });
    const chips = () => Array.from(badges.querySelectorAll<HTMLElement>('.counter-badge'));
    const said = () => chips().map((chip) => chip.querySelector('.visually-hidden')!.textContent);
    const face = (label: string) => chips().find((chip) => chip.querySelector('.visually-hidden')!.textContent === label)!;
    await waitFor(() => expect(said()).toContain('Energy 2'));
    // Said in words for screen readers, and in words on the chip (14 px). The tile has room for
    // so many: the largest damage shows, the rest as '+1' (table/badge-fit.ts), all of it in the button's name.
    expect(said()).toEqual(expect.arrayContaining(['Monarch', 'Poison 8', 'Energy 2', 'Kenrith tax 4', "Commander damage from Ana's Atraxa: 16"]));
    expect(['Monarch', 'Poison 8', 'Energy 2', 'Kenrith tax 4'].map((label) => face(label).querySelector('.counter-badge-face')!.textContent)).toEqual([
      'Monarch',
      'Poison 8',
      'Energy 2',
      'Tax 4',
    ]);
    const fromAna = face("Commander damage from Ana's Atraxa: 16");
    expect(fromAna.querySelector('.counter-badge-face')!.textContent).toBe('Ana 16');
    expect(fromAna.style.getPropertyValue('--source')).toBe(tile('Ana').style.getPropertyValue('--player'));
    // The damage run reads largest first, a partner's chip named by its commander (each is lethal alone).
    const damage = chips().filter((chip) => chip.className.includes('counter-badge--damage'));
    expect(damage[0]).toBe(fromAna);
    expect(damage.slice(1).map((chip) => chip.querySelector('.counter-badge-face')!.textContent)).toEqual([expect.stringMatching(/^(Thrasios 7|\+1)$/)]);
    // Close to lethal is marked.
    expect(face('Poison 8').className).toContain('badge--danger');
    expect(fromAna.className).toContain('badge--danger');
    expect(face('Energy 2').className).not.toContain('badge--danger');
    expect(within(tile('Bo')).getByRole('group', { name: 'Bo: markers and counters' }).querySelectorAll('.counter-badge')).toHaveLength(0);

    // A tap on the damage opens the per-opponent grid, first in the counters panel.
    fireEvent.click(within(badges).getByRole('button', { name: "Cy commander damage: 16 from Ana's Atraxa, 7 from Bo's Thrasios; Monarch, Poison 8, Energy 2, Kenrith tax 4" }));
    const panel = screen.getByRole('region', { name: 'Cy counters' });
    expect(Array.from(panel.querySelectorAll('h4')).map((h) => h.textContent)).toEqual(['Commander damage', 'Counters', 'Commander tax']);
    expect(valueOf("Cy commander damage from Ana's Atraxa")).toBe('16');
    // The panel's title has the commanders in full.
    expect(within(panel).getByRole('heading', { level: 3 }).querySelector('.tile-counters-commanders')!.textContent).toBe('Kenrith');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close Cy counters' }));
    openCounters('Cy');
    expect(Array.from(screen.getByRole('region', { name: 'Cy counters' }).querySelectorAll('h4')).map((h) => h.textContent)).toEqual(['Counters', 'Commander tax', 'Commander damage']);
  });

  it("says whose turn it is in words: 'Your turn' on my own tile, 'Turn' on another player's", async () => {
    await openPlaymat();
    const turnChip = (name: string) => tile(name).querySelector('.counter-badge--turn');
    expect(turnChip('Ana')!.querySelector('.counter-badge-face')!.textContent).toBe('Your turn');
    expect(turnChip('Bo')).toBeNull();
    tap('Pass turn');
    await waitFor(() => expect(turnChip('Bo')).not.toBeNull());
    expect(turnChip('Bo')!.querySelector('.visually-hidden')!.textContent).toBe('Their turn');
    expect(turnChip('Bo')!.querySelector('.counter-badge-face')!.textContent).toBe('Turn');
    expect(turnChip('Ana')).toBeNull();
  });

  it('groups a run of the same change in the events sheet, with the turn of each line; Undo still takes back one change', async () => {
    await openPlaymat();
    for (let i = 0; i < 5; i += 1) tap(`Bo life ${MINUS}1`);
    await waitFor(async () => expect(await db.outbox.count()).toBe(5));
    tap('Pass turn');
    await waitFor(() => expect(activeName()).toBe('Bo'));
    tap(`Bo life ${MINUS}1`);
    await waitFor(async () => expect(await db.outbox.count()).toBe(7));
    await menu('Recent events');
    const list = await screen.findByRole('list', { name: 'Recent events, newest first' });
    const rows = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => [item.querySelector('.event-text')!.textContent, item.querySelector('.event-count')?.textContent ?? '', item.querySelector('.event-turn')!.textContent]);
    expect(rows()).toEqual([
      [`Bo: life ${MINUS}1 (34)`, '', 'Turn 2'],
      ['Turn passed to Bo', '', 'Turn 2'],
      [`Bo: life ${MINUS}5 (35)`, '5 changes', 'Turn 1'],
    ]);
    fireEvent.keyDown(list, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Undo reverses single changes of the log, never a whole group.
    tap('Undo');
    await waitFor(() => expect(lifeOf('Bo')).toBe('35'));
    tap('Undo');
    await waitFor(() => expect(activeName()).toBe('Ana'));
    tap('Undo');
    await waitFor(() => expect(lifeOf('Bo')).toBe('36'));
  });

  it('says on the tile of a player who is out why, and keeps their tile', async () => {
    await seedGame();
    await changeGame((game) => ({
      ...game,
      participants: game.participants.map((p) =>
        p.seatNumber === 2 ? { ...p, lifeTotal: 0, out: true } : p.seatNumber === 3 ? { ...p, lifeTotal: 19, commanderDamage: { '1:partner': 21 }, out: true } : p,
      ),
    }));
    renderAt(`/game/${GAME_ID}`);
    await screen.findByRole('group', { name: 'Cy life' });
    expect(tile('Cy').querySelector('.tile-out-reason')!.textContent).toBe('Out \u00b7 0 life');
    expect(tile('Cy').className).toContain('tile--out');
    expect(tile('Dee').querySelector('.tile-out-reason')!.textContent).toBe('Out \u00b7 21 commander damage from Bo\u2019s Thrasios');
    expect(tile('Bo').querySelector('.tile-out-reason')).toBeNull();
    expect(tile('Bo').className).not.toContain('tile--out');
  });
});
