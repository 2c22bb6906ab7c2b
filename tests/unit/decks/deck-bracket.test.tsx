// @vitest-environment happy-dom
/** The deck form's Bracket select and the list item's 'Bracket N'. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { DecksTab } from '../../../src/features/decks/decks-tab';
import { actions, db, deck, loaded, resetApp, setDecksPull } from './app-mock';

beforeEach(async () => {
  await resetApp();
  await setDecksPull(loaded());
});
afterEach(cleanup);

async function deckItem(name: string) {
  return (await screen.findByRole('heading', { name })).closest('li')!;
}

describe('deck bracket', () => {
  it('offers the five brackets and Not declared under an accessible label; a new deck starts undeclared', async () => {
    render(<DecksTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'New deck' }));
    const dialog = await screen.findByRole('dialog', { name: 'New deck' });
    const select = within(dialog).getByRole('combobox', { name: 'Bracket' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Not declared',
      '1 – Exhibition',
      '2 – Core',
      '3 – Upgraded',
      '4 – Optimized',
      '5 – cEDH',
    ]);
    expect(select.value).toBe('');
  });

  it('saves the chosen bracket and the list shows "Bracket N"; Not declared clears it', async () => {
    render(<DecksTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'New deck' }));
    const dialog = await screen.findByRole('dialog', { name: 'New deck' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Stax' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Bracket' }), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save deck' }));
    expect(await within(await deckItem('Stax')).findByText('Bracket 4')).toBeTruthy();
    expect((await db.decks.toArray()).map((row) => row.bracket)).toEqual([4]);
    expect(actions.saveDeck.mock.calls[0]![0]).toMatchObject({ name: 'Stax', bracket: 4 });

    fireEvent.click(screen.getByRole('button', { name: 'Edit Stax' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit deck' });
    const select = within(edit).getByRole('combobox', { name: 'Bracket' }) as HTMLSelectElement;
    expect(select.value).toBe('4');
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save deck' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect((await db.decks.toArray()).map((row) => row.bracket)).toEqual([null]));
    expect(within(await deckItem('Stax')).queryByText(/^Bracket /)).toBeNull();
  });

  it('shows no bracket line for a deck mirrored before brackets existed', async () => {
    await db.decks.put(deck({ id: 'd1', name: 'Old deck' }));
    render(<DecksTab />);
    const item = await deckItem('Old deck');
    expect(within(item).queryByText(/Bracket/)).toBeNull();
  });
});
