/** What a player does and reads on the playmat in component tests (the mirror comes from ./app-mock). */
import { fireEvent, screen } from '@testing-library/react';
import type { Game } from '../../../src/contract/game';
import { db, GAME_ID, seedGame } from './app-mock';
import { renderAt } from './render';

export const MINUS = '\u2212';

/** A player's tile, found by the name in its heading. */
export function tile(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 2, name }).closest('section')!;
}

export function lifeOf(name: string): string {
  return screen.getByRole('group', { name: `${name} life` }).querySelector('.life-number')!.textContent!;
}

/** The value a stepper group shows ("Ana poison"). */
export function valueOf(group: string): string {
  return screen.getByRole('group', { name: group }).querySelector('.stepper-value')!.textContent!;
}

export function tap(name: string): void {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** Changes the mirrored game as a sync would. */
export async function changeGame(change: (game: Game) => Game): Promise<void> {
  const game = (await db.games.get(GAME_ID))!;
  await db.games.put(change(game));
}

/** Seeds the game and opens its playmat once Ana's tile shows. */
export async function openPlaymat() {
  await seedGame();
  const view = renderAt(`/game/${GAME_ID}`);
  await screen.findByRole('group', { name: 'Ana life' });
  return view;
}

export function openCounters(name: string): void {
  fireEvent.click(screen.getByRole('button', { name: `${name} counters` }));
}

/** Opens the game menu (Radix opens on pointer down) and picks an item. */
export async function menu(item: string): Promise<void> {
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Game menu' }), { button: 0, pointerType: 'mouse' });
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}
