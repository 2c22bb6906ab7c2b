/**
 * What the pages that poll a table (the TV view, a guest seat) are tested with: a table as the
 * server's watch view says it, and a scripted server in place of fetch around each test, on an
 * empty mirror.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { WatchView } from '../../../src/contract/game-watch';
import { layoutFor } from '../../../src/game/layouts';
import { db } from './app-mock';

type Player = WatchView['players'][number];

/** A player of a watch view: the given name, commander and life, no other counter unless given. */
export function watchPlayer(seatNumber: number, displayName: string, commanderName: string, lifeTotal: number, more: Partial<Player> = {}): Player {
  return {
    seatNumber,
    displayName,
    commanderName,
    partnerCommanderName: null,
    lifeTotal,
    poisonCounters: 0,
    energyCounters: 0,
    experienceCounters: 0,
    commanderDamage: {},
    out: false,
    ...more,
  };
}

/** An active game's watch view of `players`, in the layout for their number, on turn `turnNumber` of `activeSeat`. */
export function watchTable(players: Player[], activeSeat: number, turnNumber: number): WatchView {
  const layout = layoutFor(players.length);
  return {
    status: 'ACTIVE',
    startTime: '2026-11-28T18:00:00.000Z',
    updatedAt: '2026-11-28T18:30:00.000Z',
    layoutPreset: layout.name,
    seats: layout.seats,
    activeSeat,
    turnNumber,
    players,
  };
}

/** Before each test: an empty mirror, `reset()`, and `serve` answering every fetch; after it, both undone. */
export function scriptServer(serve: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, reset: () => void | Promise<void>): void {
  beforeEach(async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
    await reset();
    vi.stubGlobal('fetch', vi.fn(serve));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
