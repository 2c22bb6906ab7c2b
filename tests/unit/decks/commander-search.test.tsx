// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { CommanderSearch } from '../../../src/features/commanders/commander-search';
import { actions, card, resetApp } from './app-mock';

function Harness({ partner = false, initial = '' }: { partner?: boolean; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CommanderSearch label="Commander" value={value} onChange={setValue} partner={partner} />
      <output aria-label="Chosen">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Commander' }) as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
/** Lets the debounce run out and the (mocked) search answer arrive. */
const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

beforeEach(async () => {
  await resetApp();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CommanderSearch', () => {
  it('a press on something else keeps the suggestions in place until the press is over (its click lands where it went down); a keyboard blur closes them at once', async () => {
    actions.searchCommanders.mockResolvedValue({ cards: [card('Atraxa, Grand Unifier')], offline: false });
    render(<Harness />);
    type('atra');
    await wait(300);
    expect(input().getAttribute('aria-expanded')).toBe('true');

    // A mouse press below the list: the input loses the focus while the button is still down.
    fireEvent.pointerDown(document.body);
    fireEvent.blur(input());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerUp(document.body);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    await wait(0);
    expect(input().getAttribute('aria-expanded')).toBe('false');

    fireEvent.focus(input());
    type('atrax');
    await wait(300);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(input());
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('does not search under 2 characters', async () => {
    render(<Harness />);
    type('A');
    await wait(1000);
    type(' A ');
    await wait(1000);
    expect(actions.searchCommanders).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('searches once, 300 ms after the last keystroke', async () => {
    render(<Harness />);
    type('At');
    await wait(200);
    type('Atr');
    await wait(299);
    expect(actions.searchCommanders).not.toHaveBeenCalled();
    await wait(1);
    expect(actions.searchCommanders).toHaveBeenCalledExactlyOnceWith('Atr', false);
  });

  it('asks for partners in partner mode', async () => {
    render(<Harness partner />);
    type('Ty');
    await wait(300);
    expect(actions.searchCommanders).toHaveBeenCalledExactlyOnceWith('Ty', true);
  });

  it('shows suggestions with their type line; arrows and Enter pick one', async () => {
    actions.searchCommanders.mockResolvedValue({
      cards: [card('Atraxa, Grand Unifier', 'Legendary Creature — Phyrexian Angel'), card("Atraxa, Praetors' Voice")],
      offline: false,
    });
    render(<Harness />);
    type('atra');
    await wait(300);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Atraxa, Grand UnifierLegendary Creature — Phyrexian Angel',
      "Atraxa, Praetors' VoiceLegendary Creature",
    ]);
    expect(screen.queryByText('Offline: showing commanders seen before.')).toBeNull();

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(input().value).toBe("Atraxa, Praetors' Voice");
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    // Picking is not typing: no new search for the picked name.
    await wait(1000);
    expect(actions.searchCommanders).toHaveBeenCalledTimes(1);
  });

  it('picks a suggestion by tap, and Escape closes the list keeping what was typed', async () => {
    actions.searchCommanders.mockResolvedValue({ cards: [card('Tymna the Weaver')], offline: false });
    render(<Harness />);
    type('Tym');
    await wait(300);
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('Tym');

    type('Tymn');
    await wait(300);
    fireEvent.click(screen.getByRole('option', { name: 'Tymna the Weaver Legendary Creature' }));
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('Tymna the Weaver');
  });

  it('keeps any typed name when the search finds nothing or fails', async () => {
    actions.searchCommanders.mockRejectedValue(new Error('Card service refused.'));
    render(<Harness />);
    type('My homebrew general');
    await wait(300);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input().value).toBe('My homebrew general');
  });

  it("notes 'Offline: showing commanders seen before.' when the answer came from the mirror", async () => {
    actions.searchCommanders.mockResolvedValue({ cards: [card('Krenko, Mob Boss')], offline: true });
    render(<Harness />);
    type('kren');
    await wait(300);
    expect(screen.getByText('Offline: showing commanders seen before.')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Krenko, Mob Boss Legendary Creature' })).toBeTruthy();

    actions.searchCommanders.mockResolvedValue({ cards: [card('Krenko, Mob Boss')], offline: false });
    type('krenk');
    await wait(300);
    expect(screen.queryByText('Offline: showing commanders seen before.')).toBeNull();
  });

  it('says the card service is not answering (not "offline") when it failed while online', async () => {
    actions.searchCommanders.mockResolvedValue({ cards: [card('Krenko, Mob Boss')], offline: true, reason: 'service' });
    render(<Harness />);
    type('kren');
    await wait(300);
    expect(screen.getByText('The card service is not answering: showing commanders seen before.')).toBeTruthy();
    expect(screen.queryByText('Offline: showing commanders seen before.')).toBeNull();
  });
});
