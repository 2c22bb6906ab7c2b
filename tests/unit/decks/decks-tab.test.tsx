// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { OutboxEntry } from '../../../src/db/schema';
import { DecksTab } from '../../../src/features/decks/decks-tab';
import { ProfileForm } from '../../../src/features/profile/profile-form';
import { actions, db, deck, loaded, ME, resetApp, setDecksPull } from './app-mock';

beforeEach(resetApp);
afterEach(cleanup);

/** The list item of the deck with this name. */
async function deckItem(name: string) {
  return (await screen.findByRole('heading', { name })).closest('li')!;
}

async function openNewDeckForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'New deck' }));
  return screen.findByRole('dialog', { name: 'New deck' });
}

function typeInto(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

describe('deck list states', () => {
  it("says 'Loading decks...' until the first pull answers, and pulls the decks on mount", async () => {
    render(<DecksTab />);
    expect((await screen.findByText('Loading decks...')).getAttribute('role')).toBe('status');
    expect(actions.pullList).toHaveBeenCalled();
  });

  it("says 'Failed to load decks.' when the pull failed and nothing is mirrored", async () => {
    await setDecksPull({ loadedAt: null, error: 'Network down' });
    render(<DecksTab />);
    expect((await screen.findByText('Failed to load decks.')).getAttribute('role')).toBe('alert');
  });

  it("says 'No decks yet.' once loaded and empty, with a 'New deck' button", async () => {
    await setDecksPull(loaded());
    render(<DecksTab />);
    expect(await screen.findByText('No decks yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New deck' })).toBeTruthy();
  });

  it('lists mirrored decks by name even when the last pull failed, with the Default badge and Pending mark', async () => {
    await setDecksPull({ loadedAt: null, error: 'Network down' });
    await db.decks.bulkPut([
      deck({ id: 'd2', name: 'zombies', commander: 'Wilhelt, the Rotcleaver' }),
      deck({ id: 'd1', name: 'Atraxa Superfriends', commander: 'Atraxa, Praetors’ Voice', syncState: 'queued' }),
    ]);
    await db.users.update(ME, { defaultDeckId: 'd2' });
    render(<DecksTab />);
    const list = await screen.findByRole('list', { name: 'Your decks' });
    const names = within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Atraxa Superfriends', 'zombies']);
    expect(screen.queryByText('Failed to load decks.')).toBeNull();
    const atraxa = await deckItem('Atraxa Superfriends');
    const zombies = await deckItem('zombies');
    expect(within(atraxa).getByText('Atraxa, Praetors’ Voice')).toBeTruthy();
    expect(within(atraxa).getByRole('status').textContent).toBe('Pending');
    expect(within(atraxa).queryByText('Default')).toBeNull();
    expect(within(zombies).getByText('Default')).toBeTruthy();
    expect(within(zombies).queryByRole('status')).toBeNull();
  });
});

describe('deck form', () => {
  beforeEach(() => setDecksPull(loaded()));

  it("refuses a deck without a name: 'Deck name is required.' in red, nothing saved", async () => {
    render(<DecksTab />);
    const dialog = await openNewDeckForm();
    const name = within(dialog).getByLabelText('Name');
    typeInto(name, '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save deck' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Deck name is required.');
    expect(alert.className).toContain('field-error');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(actions.saveDeck).not.toHaveBeenCalled();
    expect(await db.decks.count()).toBe(0);
  });

  it('shows the link message for a link that is not http(s), and drops blank links on save', async () => {
    render(<DecksTab />);
    const dialog = await openNewDeckForm();
    typeInto(within(dialog).getByLabelText('Name'), 'Golgari Graveyard');
    for (let i = 0; i < 3; i++) fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    typeInto(within(dialog).getByLabelText('Link 1'), '   ');
    typeInto(within(dialog).getByLabelText('Link 2'), 'moxfield.com/decks/golgari');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save deck' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Links must start with http:// or https://.');
    expect(within(dialog).getByLabelText('Link 2').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Link 1').getAttribute('aria-invalid')).toBeNull();
    expect(await db.decks.count()).toBe(0);

    typeInto(within(dialog).getByLabelText('Link 2'), 'https://moxfield.com/decks/golgari');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save deck' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const item = await deckItem('Golgari Graveyard');
    expect(within(item).getByRole('status').textContent).toBe('Pending');
    const links = within(within(item).getByRole('list', { name: 'Links of Golgari Graveyard' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://moxfield.com/decks/golgari']);

    fireEvent.click(within(item).getByRole('button', { name: 'Edit Golgari Graveyard' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit deck' });
    expect((within(edit).getByLabelText('Link 1') as HTMLInputElement).value).toBe('https://moxfield.com/decks/golgari');
    expect(within(edit).queryByLabelText('Link 2')).toBeNull();
  });

  it("removes a link row with its Remove button", async () => {
    render(<DecksTab />);
    const dialog = await openNewDeckForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    typeInto(within(dialog).getByLabelText('Link 1'), 'https://archidekt.com/decks/1');
    typeInto(within(dialog).getByLabelText('Link 2'), 'https://moxfield.com/decks/2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove link 1' }));
    expect((within(dialog).getByLabelText('Link 1') as HTMLInputElement).value).toBe('https://moxfield.com/decks/2');
    expect(within(dialog).queryByLabelText('Link 2')).toBeNull();
  });

  it("shows the partner field only with 'Has partner', and lists the deck as 'A // B'", async () => {
    render(<DecksTab />);
    const dialog = await openNewDeckForm();
    typeInto(within(dialog).getByLabelText('Name'), 'Blitz');
    typeInto(within(dialog).getByRole('combobox', { name: 'Commander' }), 'Tymna the Weaver');
    expect(within(dialog).queryByRole('combobox', { name: 'Partner commander' })).toBeNull();

    const hasPartner = within(dialog).getByRole('checkbox', { name: 'Has partner' });
    fireEvent.click(hasPartner);
    typeInto(within(dialog).getByRole('combobox', { name: 'Partner commander' }), 'Thrasios, Triton Hero');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save deck' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const item = await deckItem('Blitz');
    expect(within(item).getByText('Tymna the Weaver // Thrasios, Triton Hero')).toBeTruthy();

    // Unticking keeps the typed partner in the form but drops it from the saved deck.
    fireEvent.click(within(item).getByRole('button', { name: 'Edit Blitz' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit deck' });
    fireEvent.click(within(edit).getByRole('checkbox', { name: 'Has partner' }));
    expect(within(edit).queryByRole('combobox', { name: 'Partner commander' })).toBeNull();
    fireEvent.click(within(edit).getByRole('button', { name: 'Save deck' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(item).findByText('Tymna the Weaver')).toBeTruthy();
    expect(within(item).queryByText(/ \/\/ /)).toBeNull();
  });

  it('edits a deck in place, keeping its id', async () => {
    await db.decks.put(deck({ id: 'd1', name: 'Atraxa', commander: 'Atraxa, Praetors’ Voice' }));
    render(<DecksTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Atraxa' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit deck' });
    expect((within(edit).getByRole('combobox', { name: 'Commander' }) as HTMLInputElement).value).toBe('Atraxa, Praetors’ Voice');
    typeInto(within(edit).getByLabelText('Name'), 'Atraxa Superfriends');
    typeInto(within(edit).getByLabelText('Description'), 'Proliferate everything.');
    fireEvent.click(within(edit).getByRole('button', { name: 'Save deck' }));
    expect(await screen.findByRole('heading', { name: 'Atraxa Superfriends' })).toBeTruthy();
    expect(screen.getByText('Proliferate everything.')).toBeTruthy();
    expect(await db.decks.count()).toBe(1);
    expect(actions.saveDeck.mock.calls[0]![1]).toBe('d1');
  });

  it('closes on Cancel without saving', async () => {
    render(<DecksTab />);
    const dialog = await openNewDeckForm();
    typeInto(within(dialog).getByLabelText('Name'), 'Never saved');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actions.saveDeck).not.toHaveBeenCalled();
    expect(screen.getByText('No decks yet.')).toBeTruthy();
  });

  it('shows the first message of a ZodError the save action throws', async () => {
    const { z } = await import('zod');
    actions.saveDeck.mockImplementationOnce(async () => {
      throw new z.ZodError([{ code: 'custom', path: ['name'], message: 'Deck name can be at most 80 characters.', input: '' }]);
    });
    render(<DecksTab />);
    const dialog = await openNewDeckForm();
    typeInto(within(dialog).getByLabelText('Name'), 'Fine here');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save deck' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Deck name can be at most 80 characters.');
  });
});

describe('deck actions', () => {
  beforeEach(async () => {
    await setDecksPull(loaded());
    await db.decks.bulkPut([deck({ id: 'd1', name: 'Atraxa' }), deck({ id: 'd2', name: 'Blitz' })]);
  });

  it("asks 'Delete this deck?' and deletes only when confirmed", async () => {
    render(<DecksTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Atraxa' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this deck?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(actions.deleteDeck).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Atraxa' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete this deck?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Atraxa' })).toBeNull());
    expect(actions.deleteDeck).toHaveBeenCalledExactlyOnceWith('d1');
    expect(screen.getByRole('heading', { name: 'Blitz' })).toBeTruthy();
  });

  it("'Set as default' moves the Default badge and the Profile tab's select lists the decks", async () => {
    render(<DecksTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set Blitz as default' }));
    const blitz = (await screen.findByText('Default')).closest('li')!;
    expect(within(blitz).getByRole('heading').textContent).toBe('Blitz');
    expect(screen.queryByRole('button', { name: 'Set Blitz as default' })).toBeNull();
    expect(actions.saveProfile).toHaveBeenCalledExactlyOnceWith({ defaultDeckId: 'd2' });
    cleanup();

    const user = (await db.users.get(ME))!;
    render(<ProfileForm user={user} />);
    const select = screen.getByLabelText('Default deck') as HTMLSelectElement;
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['No default deck', 'Atraxa', 'Blitz']));
    expect(select.value).toBe('d2');
  });

  it("shows a refused change with the server's message, Retry and Discard", async () => {
    await db.decks.update('d2', { syncState: 'failed', syncError: 'Deck name is taken.' });
    const entry: OutboxEntry = {
      seq: 7,
      id: 'entry-1',
      name: 'deck.save',
      args: { id: 'd2', name: 'Blitz', create: false },
      target: { table: 'decks', id: 'd2' },
      keys: ['decks:d2'],
      status: 'failed',
      attempts: 1,
      createdAt: Date.now(),
      error: 'Deck name is taken.',
    };
    await db.outbox.add(entry);
    render(<DecksTab />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This deck was not saved.');
    expect(alert.textContent).toContain('Deck name is taken.');
    expect(screen.queryByRole('button', { name: 'Edit Blitz' })).toBeNull();
    fireEvent.click(await within(alert).findByRole('button', { name: 'Retry' }));
    expect(actions.retryWrite).toHaveBeenCalledWith('entry-1');
    fireEvent.click(within(alert).getByRole('button', { name: 'Discard' }));
    expect(actions.discardWrite).toHaveBeenCalledWith('entry-1');
  });
});

describe('commander search inside the deck dialog', () => {
  beforeEach(() => setDecksPull(loaded()));

  it('Escape closes the suggestions first, then the dialog', async () => {
    actions.searchCommanders.mockResolvedValue({ cards: [{ name: 'Krenko, Mob Boss', kind: 'commander', typeLine: null, imageUrl: null, search: 'krenko, mob boss' }], offline: false });
    render(<DecksTab />);
    const dialog = await openNewDeckForm();
    const commander = within(dialog).getByRole('combobox', { name: 'Commander' });
    typeInto(commander, 'kren');
    expect(await within(dialog).findByRole('option', { name: 'Krenko, Mob Boss' })).toBeTruthy();
    fireEvent.keyDown(commander, { key: 'Escape' });
    // Scoped to the suggestion: the Bracket select's options are options too.
    expect(within(dialog).queryByRole('option', { name: 'Krenko, Mob Boss' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New deck' })).toBeTruthy();
    fireEvent.keyDown(commander, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
