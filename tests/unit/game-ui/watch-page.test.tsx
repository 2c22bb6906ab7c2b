// @vitest-environment happy-dom
/**
 * The TV view (/watch/$token, src/features/game/watch/watch-page.tsx) with its real poller
 * (src/sync/watch/watch-poller.ts) against a scripted server: the table and the turn as the view
 * says, a change on the server on screen at the next poll (with If-None-Match answered 304 in
 * between), the last table kept and "Not live" when the network drops, and the dead link's message.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { WatchView } from '../../../src/contract/game-watch';
import { WatchText } from '../../../src/contract/game-watch';
import { WatchPage } from '../../../src/features/game/watch/watch-page';
import { db } from './app-mock';
import { scriptServer, watchPlayer, watchTable } from './scripted-table';

const TOKEN = 'A'.repeat(43);
const WAIT = { timeout: 8000 };

function view(life: number): WatchView {
  return watchTable([watchPlayer(0, 'Ana', 'Atraxa', life), watchPlayer(1, 'Bo', 'Kenrith', 40), watchPlayer(2, 'Cy', 'Tymna', 31, { poisonCounters: 3 })], 1, 4);
}

/** The server, one answer per poll: a view (200 with its ETag, 304 when asked with it), 'down' or 'gone'. */
let current: WatchView | 'down' | 'gone';
const asked: Array<string | null> = [];

function serve(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  asked.push(headers.get('if-none-match'));
  if (current === 'down') return Promise.reject(new TypeError('Failed to fetch'));
  if (current === 'gone') return Promise.resolve(new Response(JSON.stringify({ message: WatchText.gone }), { status: 404 }));
  const etag = `"life-${current.players[0]!.lifeTotal}"`;
  if (headers.get('if-none-match') === etag) return Promise.resolve(new Response(null, { status: 304, headers: { etag } }));
  return Promise.resolve(new Response(JSON.stringify(current), { status: 200, headers: { etag, 'content-type': 'application/json' } }));
}

function tileOf(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('section')!;
}

describe('the TV view', () => {
  scriptServer(serve, () => {
    asked.length = 0;
    current = view(40);
  });

  it('shows every player with their life and counters, the turn, and that it is live', async () => {
    render(<WatchPage token={TOKEN} />);
    await screen.findByText('Turn 4 · Bo', undefined, WAIT);
    for (const name of ['Ana', 'Bo', 'Cy']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(within(tileOf('Ana')).getByText('40')).toBeTruthy();
    expect(within(tileOf('Cy')).getByText('31')).toBeTruthy();
    expect(within(tileOf('Cy')).getAllByText('Poison 3').length).toBeGreaterThan(0);
    expect(screen.getByText('Live')).toBeTruthy();
    // What the view showed came from the mirror, which keeps it.
    expect((await db.watchViews.get(TOKEN))?.view?.players[0]?.lifeTotal).toBe(40);
  });

  it('follows a change at the next poll, asking with the last ETag in between', async () => {
    render(<WatchPage token={TOKEN} />);
    await waitFor(() => expect(within(tileOf('Ana')).getByText('40')).toBeTruthy(), WAIT);
    await waitFor(() => expect(asked).toContain('"life-40"'), WAIT);
    current = view(39);
    await waitFor(() => expect(within(tileOf('Ana')).getByText('39')).toBeTruthy(), WAIT);
  });

  it('keeps the last table and says it is not live when the network drops, then live again', async () => {
    render(<WatchPage token={TOKEN} />);
    await waitFor(() => expect(within(tileOf('Ana')).getByText('40')).toBeTruthy(), WAIT);
    current = 'down';
    await screen.findByText(/^Not live · the table as of/, undefined, WAIT);
    expect(within(tileOf('Ana')).getByText('40')).toBeTruthy();
    expect(screen.queryByText('Live')).toBeNull();
    current = view(38);
    await waitFor(() => expect(within(tileOf('Ana')).getByText('38')).toBeTruthy(), WAIT);
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('a dead link says it is no longer valid and shows nothing of the game', async () => {
    render(<WatchPage token={TOKEN} />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Ana' })).toBeTruthy(), WAIT);
    current = 'gone';
    expect((await screen.findByRole('alert', undefined, WAIT)).textContent).toContain(WatchText.gone);
    expect(screen.queryByRole('heading', { name: 'Ana' })).toBeNull();
    expect((await db.watchViews.get(TOKEN))?.view).toBeNull();
  });

  it('an ended game shows the winner', async () => {
    current = { ...view(0), status: 'FINISHED', result: { winnerSeat: 2, draw: false, outOrder: [0, 1], endedAt: '2026-11-28T19:00:00.000Z' } };
    render(<WatchPage token={TOKEN} />);
    expect(await screen.findByText('Game over · Cy wins', undefined, WAIT)).toBeTruthy();
  });
});

describe('the TV view while the server holds its request until the game changes', () => {
  let life = 40;
  let held: Array<() => void> = [];
  const requests: Array<{ ifNoneMatch: string | null; prefer: string | null }> = [];

  /** A 200 with the table for a new ETag; with the current one and a wait asked, held until `change`. */
  function holding(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const headers = new Headers(init?.headers);
    requests.push({ ifNoneMatch: headers.get('if-none-match'), prefer: headers.get('prefer') });
    const answer = () => new Response(JSON.stringify(view(life)), { status: 200, headers: { etag: `"life-${life}"`, 'content-type': 'application/json' } });
    if (headers.get('if-none-match') === `"life-${life}"` && headers.get('prefer')) return new Promise((resolve) => held.push(() => resolve(answer())));
    return Promise.resolve(answer());
  }

  function change(to: number): void {
    life = to;
    const waiting = held;
    held = [];
    for (const release of waiting) release();
  }

  scriptServer(holding, () => {
    life = 40;
    held = [];
    requests.length = 0;
  });

  it('asks to wait with the ETag it shows, and shows the change the moment the held request answers, without polling in between', async () => {
    render(<WatchPage token={TOKEN} />);
    await waitFor(() => expect(within(tileOf('Ana')).getByText('40')).toBeTruthy(), WAIT);
    await waitFor(() => expect(held).toHaveLength(1), WAIT);
    expect(requests).toEqual([
      { ifNoneMatch: null, prefer: null },
      { ifNoneMatch: '"life-40"', prefer: 'wait=20' },
    ]);
    change(39);
    await waitFor(() => expect(within(tileOf('Ana')).getByText('39')).toBeTruthy(), WAIT);
    // Then it waits again, with the new ETag: one request per change, none while nothing happens.
    await waitFor(() => expect(held).toHaveLength(1), WAIT);
    expect(requests.slice(2)).toEqual([{ ifNoneMatch: '"life-39"', prefer: 'wait=20' }]);
  });
});
