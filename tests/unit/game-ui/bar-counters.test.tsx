// @vitest-environment happy-dom
/** The table's custom counters in the game bar: chips as far as there is room, "+N" for the rest, a tap opening Table tools. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { CustomCounter } from '../../../src/contract/custom-counters';
import { counterChips, counterSlots } from '../../../src/features/game/playmat/bar-counters';
import { useTaps } from '../../../src/stores/tap-overlay';
import { resetApp } from './app-mock';
import { changeGame, openPlaymat } from './playmat-steps';

const counter = (n: number, name: string, seat: number | null, value: number): CustomCounter => ({
  id: `00000000-0000-4000-8000-00000000020${n}`,
  name,
  seat,
  value,
});

const bar = () => screen.getByRole('region', { name: 'Game controls' });

beforeEach(async () => {
  localStorage.clear();
  useTaps.setState({ taps: [] });
  await resetApp();
});
afterEach(cleanup);

describe('table counters in the game bar', () => {
  it('show the table’s counters (not a player’s), the rest as "+N"; a tap opens Table tools', async () => {
    await openPlaymat();
    expect(within(bar()).queryByRole('button', { name: /^Table counters/ })).toBeNull();

    await changeGame((game) => ({
      ...game,
      table: { ...game.table!, customCounters: [counter(1, 'Storm', null, 3), counter(2, 'Rad', 1, 4), counter(3, 'Treasure', null, 0), counter(4, 'Clues', null, 12)] },
    }));
    const button = await within(bar()).findByRole('button', { name: 'Table counters: Storm 3, Treasure 0, Clues 12. Open Table tools' });
    // The test window is wider than tall: the bar is the landscape column, room for one chip.
    expect(Array.from(button.querySelectorAll('.bar-counter')).map((chip) => chip.textContent)).toEqual(['Storm 3+2']);
    expect(within(bar()).queryByText('Rad')).toBeNull();

    fireEvent.click(button);
    const tools = await screen.findByRole('dialog', { name: 'Table tools' });
    expect(within(tools).getByRole('group', { name: 'Clues: Table' }).querySelector('.stepper-value')!.textContent).toBe('12');
  });

  it('go away with the last table counter', async () => {
    await openPlaymat();
    await changeGame((game) => ({ ...game, table: { ...game.table!, customCounters: [counter(1, 'Storm', null, 1)] } }));
    await within(bar()).findByRole('button', { name: 'Table counters: Storm 1. Open Table tools' });
    await changeGame((game) => ({ ...game, table: { ...game.table!, customCounters: [] } }));
    await waitFor(() => expect(within(bar()).queryByRole('button', { name: /^Table counters/ })).toBeNull());
  });

  it('fit one chip in the landscape column and on a phone held upright, more on wider bars', () => {
    expect([counterSlots(60, 360), counterSlots(360, 48), counterSlots(639, 48), counterSlots(640, 48), counterSlots(1024, 56)]).toEqual([1, 1, 1, 2, 3]);
    const counters = [counter(1, 'A', null, 1), counter(2, 'B', null, 2), counter(3, 'C', null, 3)];
    expect(counterChips(counters, 2)).toEqual({ shown: counters.slice(0, 2), more: 1 });
    expect(counterChips(counters, 3)).toEqual({ shown: counters, more: 0 });
  });
});
