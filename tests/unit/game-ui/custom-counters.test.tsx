// @vitest-environment happy-dom
/** Custom counters on the playmat: made and changed in Table tools, shown on the tiles, each a logged whole-game change. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { Game } from '../../../src/contract/game';
import { useTaps } from '../../../src/stores/tap-overlay';
import { db, GAME_ID, resetApp } from './app-mock';
import { menu, MINUS, openPlaymat, tile } from './playmat-steps';

async function openTools(): Promise<HTMLElement> {
  await menu('Table tools');
  return screen.findByRole('dialog', { name: 'Table tools' });
}

/** Fills the form and taps Add counter; `owner` is a player's name or 'Table'. */
function addCounter(sheet: HTMLElement, name: string, owner: string) {
  fireEvent.change(within(sheet).getByLabelText('Name'), { target: { value: name } });
  const select = within(sheet).getByLabelText('For') as HTMLSelectElement;
  const option = Array.from(select.options).find((o) => o.textContent === owner)!;
  fireEvent.change(select, { target: { value: option.value } });
  fireEvent.click(within(sheet).getByRole('button', { name: 'Add counter' }));
}

const button = (sheet: HTMLElement, name: string) => within(sheet).getByRole('button', { name }) as HTMLButtonElement;

async function outboxChanges(): Promise<unknown[]> {
  return (await db.outbox.toArray()).map((entry) => (entry.args as { update: { customCounter?: { action: string } } }).update.customCounter?.action);
}

beforeEach(async () => {
  localStorage.clear();
  useTaps.setState({ taps: [] });
  await resetApp();
});
afterEach(cleanup);

describe('custom counters', () => {
  it('made for a player or the table in Table tools, stepped with − / +, removed; a player\u2019s show on their tile as "Storm 2"', async () => {
    await openPlaymat();
    const sheet = await openTools();
    expect(within(sheet).getByRole('heading', { name: 'Custom counters' })).toBeTruthy();
    const owners = Array.from((within(sheet).getByLabelText('For') as HTMLSelectElement).options).map((o) => o.textContent);
    expect(owners).toEqual(['Table', 'Ana', 'Bo', 'Cy', 'Dee']);

    fireEvent.click(within(sheet).getByRole('button', { name: 'Add counter' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Give the counter a name.');

    addCounter(sheet, '  Storm ', 'Bo');
    const minus = await within(sheet).findByRole('button', { name: `Storm ${MINUS}1: Bo` });
    expect(within(sheet).queryByRole('alert')).toBeNull();
    expect((within(sheet).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((minus as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      fireEvent.click(button(sheet, 'Storm +1: Bo'));
      await waitFor(async () => expect(await db.outbox.count()).toBe(2 + i));
    }
    fireEvent.click(button(sheet, `Storm ${MINUS}1: Bo`));
    const row = within(sheet).getByRole('group', { name: 'Storm: Bo' });
    await waitFor(() => expect(row.querySelector('.stepper-value')!.textContent).toBe('2'));

    // The same name for the same player, in any case, is refused; another player may have it.
    addCounter(sheet, 'storm', 'Bo');
    expect(within(sheet).getByRole('alert').textContent).toBe('Bo already has a counter named Storm.');
    addCounter(sheet, 'x'.repeat(25), 'Cy');
    expect(within(sheet).getByRole('alert').textContent).toBe('A counter name is at most 24 characters.');

    addCounter(sheet, 'Treasure', 'Table');
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Treasure +1: Table' }));
    await waitFor(() => expect(within(sheet).getByRole('group', { name: 'Treasure: Table' }).querySelector('.stepper-value')!.textContent).toBe('1'));
    // The table's counters are on no tile: the game bar shows them (bar-counters.test.tsx).
    const badgeTexts = Array.from(document.querySelectorAll('.tile-badges')).map((badges) => badges.textContent);
    expect(badgeTexts).toHaveLength(4);
    expect(badgeTexts.filter((text) => text?.includes('Treasure'))).toEqual([]);
    const bar = screen.getByRole('region', { name: 'Game controls' });
    expect(within(bar).getByRole('button', { name: 'Table counters: Treasure 1. Open Table tools' }).textContent).toBe('Treasure 1');
    fireEvent.click(button(sheet, 'Remove Treasure: Table'));
    await waitFor(() => expect(within(sheet).queryByRole('group', { name: 'Treasure: Table' })).toBeNull());

    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const boBadges = within(tile('Bo')).getByRole('group', { name: 'Bo: markers and counters' });
    const chip = within(boBadges).getByText('Storm', { selector: '.counter-badge-name' }).closest('.counter-badge-face')!;
    expect(chip.textContent).toBe('Storm 2');
    expect(within(boBadges).getByText('Storm: 2')).toBeTruthy();

    const stored = (await db.games.get(GAME_ID))!;
    expect(stored.table?.customCounters).toEqual([{ id: expect.any(String), name: 'Storm', seat: 1, value: 2 }]);
    await menu('Recent events');
    const list = await screen.findByRole('list', { name: 'Recent events, newest first' });
    const events = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.event-text')!.textContent);
    expect(events.slice(0, 7)).toEqual([
      "The table's Treasure counter removed (it was 1)",
      'Table: Treasure 1',
      'Table: Treasure created',
      'Bo: Storm 2',
      'Bo: Storm 3',
      'Bo: Storm 2',
      'Bo: Storm 1',
    ]);
    expect(await outboxChanges()).toEqual(['create', 'step', 'step', 'step', 'step', 'create', 'step', 'remove']);
  });

  it('says so when the table already has 8 counters, and queues nothing', async () => {
    await openPlaymat();
    const counters = Array.from({ length: 8 }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000010${i}`, name: `C${i}`, seat: null, value: i }));
    const game = (await db.games.get(GAME_ID))!;
    await db.games.put({ ...game, table: { ...game.table!, customCounters: counters } } satisfies Game);
    const sheet = await openTools();
    await within(sheet).findByRole('group', { name: 'C7: Table' });
    addCounter(sheet, 'Storm', 'Table');
    expect(within(sheet).getByRole('alert').textContent).toBe('The table already has 8 counters. Remove one to add another.');
    // A player still has room.
    addCounter(sheet, 'Storm', 'Ana');
    await within(sheet).findByRole('group', { name: 'Storm: Ana' });
    expect(await outboxChanges()).toEqual(['create']);
  });
});
