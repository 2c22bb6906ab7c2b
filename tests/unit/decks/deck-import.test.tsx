// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { DecksTab } from '../../../src/features/decks/decks-tab';
import { ExportDialogText } from '../../../src/features/decks/import/export-deck-dialog';
import { ImportDialogText } from '../../../src/features/decks/import/import-deck-dialog';
import { ImportText } from '../../../src/features/decks/import/parse-deck-list';
import { RecogniseText } from '../../../src/features/decks/import/recognise-commanders';
import { useUiStore } from '../../../src/stores/ui';
import { actions, card, db, deck, loaded, resetApp, setDecksPull } from './app-mock';

beforeEach(async () => {
  await resetApp();
  await setDecksPull(loaded());
});
afterEach(cleanup);

const MOXFIELD = `Commander
1 atraxa, praetors' voice (2X2) 190

Deck
1 Sol Ring (C21) 263 *F*
10 Forest (ONE) 276
Sol Ring but no quantity

SIDEBOARD:
1 Doubling Season (2X2) 138
`;

async function openImport() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
  return screen.findByRole('dialog', { name: ImportDialogText.title });
}

describe('Decks tab → Import', () => {
  it('reads a pasted Moxfield list, shows the commander, the count and the line it did not understand, and saves the deck offline', async () => {
    actions.searchCommanders.mockResolvedValue({ cards: [card("Atraxa, Praetors' Voice")], offline: false });
    render(<DecksTab />);
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText(ImportDialogText.listLabel), { target: { value: MOXFIELD } });
    expect((within(dialog).getByRole('button', { name: ImportDialogText.import }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: ImportDialogText.check }));

    const summary = await within(dialog).findByRole('region', { name: 'What was read' });
    expect(within(summary).getByText("Atraxa, Praetors' Voice")).toBeTruthy();
    expect(within(summary).getByText('11 cards')).toBeTruthy();
    expect(within(summary).getByText('1 sideboard or maybeboard card was left out.')).toBeTruthy();
    const problems = within(summary).getByRole('alert');
    expect(problems.textContent).toContain('Line 7:');
    expect(problems.textContent).toContain('Sol Ring but no quantity');
    expect(problems.textContent).toContain(ImportText.notACardLine);

    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe("Atraxa, Praetors' Voice");
    fireEvent.change(name, { target: { value: 'Superfriends' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ImportDialogText.import }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const item = (await screen.findByRole('heading', { name: 'Superfriends' })).closest('li')!;
    expect(within(item).getByText("Atraxa, Praetors' Voice")).toBeTruthy();
    expect(within(item).getByText('11 cards')).toBeTruthy();
    expect(within(item).getByText('Pending')).toBeTruthy();
    const [saved] = await db.decks.toArray();
    expect(saved).toMatchObject({ name: 'Superfriends', commander: "Atraxa, Praetors' Voice", hasPartner: false, cards: [{ quantity: 1, name: 'Sol Ring' }, { quantity: 10, name: 'Forest' }] });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'deck.save', args: { create: true, cards: [{ quantity: 1, name: 'Sol Ring' }, { quantity: 10, name: 'Forest' }] } });
    expect(useUiStore.getState().toasts.at(-1)?.title).toBe(ImportDialogText.imported);
  });

  it('offline keeps the commander as typed and says so', async () => {
    actions.searchCommanders.mockResolvedValue({ cards: [], offline: true });
    render(<DecksTab />);
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText(ImportDialogText.listLabel), { target: { value: MOXFIELD } });
    fireEvent.click(within(dialog).getByRole('button', { name: ImportDialogText.check }));
    expect(await within(dialog).findByText(RecogniseText.unchecked)).toBeTruthy();
    expect(within(dialog).getByText("atraxa, praetors' voice")).toBeTruthy();
  });

  it('a deck link alone makes a deck with that link; editing the text asks for a new check', async () => {
    render(<DecksTab />);
    const dialog = await openImport();
    const list = within(dialog).getByLabelText(ImportDialogText.listLabel);
    fireEvent.change(list, { target: { value: 'https://archidekt.com/decks/99/elf_ball' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ImportDialogText.check }));
    expect(await within(dialog).findByText(RecogniseText.noCommander)).toBeTruthy();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('elf ball');

    fireEvent.change(list, { target: { value: 'https://archidekt.com/decks/99/elf_ball ' } });
    expect(within(dialog).queryByRole('region', { name: 'What was read' })).toBeNull();
    fireEvent.change(list, { target: { value: 'https://archidekt.com/decks/99/elf_ball' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ImportDialogText.check }));
    fireEvent.click(await within(dialog).findByRole('button', { name: ImportDialogText.import }));
    await waitFor(async () => expect(await db.decks.toArray()).toHaveLength(1));
    expect((await db.decks.toArray())[0]).toMatchObject({ name: 'elf ball', commander: null, externalLinks: ['https://archidekt.com/decks/99/elf_ball'], cards: [] });
  });

  it('lists the lines of a paste it cannot read at all, and offers nothing to import', async () => {
    render(<DecksTab />);
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText(ImportDialogText.listLabel), { target: { value: 'hello\nworld' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ImportDialogText.check }));
    const problems = await within(dialog).findByRole('alert');
    expect(problems.textContent).toContain('Line 1:');
    expect(problems.textContent).toContain('Line 2:');
    expect((within(dialog).getByRole('button', { name: ImportDialogText.import }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says there is nothing to import for an empty paste', async () => {
    render(<DecksTab />);
    const dialog = await openImport();
    fireEvent.click(within(dialog).getByRole('button', { name: ImportDialogText.check }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ImportDialogText.nothing);
    expect(actions.saveDeck).not.toHaveBeenCalled();
  });
});

describe('Decks tab → Export', () => {
  it('shows the deck as text and copies it', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await db.decks.put(deck({ id: 'd1', name: 'Partners', commander: 'Tymna the Weaver', hasPartner: true, partnerCommander: 'Thrasios, Triton Hero', cards: [{ quantity: 1, name: 'Sol Ring' }] }));
    render(<DecksTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export Partners' }));
    const dialog = await screen.findByRole('dialog', { name: ExportDialogText.title('Partners') });
    const expected = 'Commander\n1 Tymna the Weaver\n1 Thrasios, Triton Hero\n\nDeck\n1 Sol Ring\n';
    expect((within(dialog).getByLabelText(ExportDialogText.textLabel) as HTMLTextAreaElement).value).toBe(expected);
    fireEvent.click(within(dialog).getByRole('button', { name: ExportDialogText.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expected));
    expect(useUiStore.getState().toasts.at(-1)?.title).toBe(ExportDialogText.copied);
  });

  it('says so for a deck with nothing to export', async () => {
    await db.decks.put(deck({ id: 'd2', name: 'Empty' }));
    render(<DecksTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export Empty' }));
    const dialog = await screen.findByRole('dialog', { name: ExportDialogText.title('Empty') });
    expect(within(dialog).getByText(ExportDialogText.empty)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: ExportDialogText.copy })).toBeNull();
  });
});
