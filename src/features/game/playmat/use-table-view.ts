/**
 * Which view of the table this device shows: 'mine' — the signed-in player's tile at
 * the bottom, upright, the others around it — or 'middle' — one phone in the middle of the
 * table, every tile turned toward its seat. Remembered per game on this device.
 * Default: 'mine' when another player of the game has an account (they may follow on their own
 * phone, so this one is probably in its owner's hands), else 'middle' (everyone else is a guest:
 * one shared phone). Someone who is not at the table always gets 'middle'.
 */
import { useState } from 'react';
import type { Game } from '../../../contract/game';

export type TableView = 'mine' | 'middle';

const key = (gameId: string) => `podtable:table-view:${gameId}`;

function stored(gameId: string): TableView | null {
  try {
    const value = localStorage.getItem(key(gameId));
    return value === 'mine' || value === 'middle' ? value : null;
  } catch {
    return null;
  }
}

export function defaultView(game: Pick<Game, 'participants'>, myUserId: string | null | undefined): TableView {
  if (!myUserId || !game.participants.some((p) => p.userId === myUserId)) return 'middle';
  return game.participants.some((p) => p.userId && p.userId !== myUserId) ? 'mine' : 'middle';
}

/** [the view, its setter]; the view is null when this user has no seat (only 'middle' exists then). */
export function useTableView(game: Pick<Game, 'id' | 'participants'>, myUserId: string | null | undefined): [TableView | null, (view: TableView) => void] {
  const [chosen, setChosen] = useState<TableView | null>(() => stored(game.id));
  const seated = !!myUserId && game.participants.some((p) => p.userId === myUserId);
  const view = seated ? (chosen ?? defaultView(game, myUserId)) : null;
  const choose = (next: TableView) => {
    setChosen(next);
    try {
      localStorage.setItem(key(game.id), next);
    } catch {
      // Private mode without storage: the choice lasts while the page is open.
    }
  };
  return [view, choose];
}
