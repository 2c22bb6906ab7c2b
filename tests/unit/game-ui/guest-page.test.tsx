// @vitest-environment happy-dom
/**
 * A guest seat's playmat (/guest/$gameId, src/features/game/guest/guest-page.tsx) with its real
 * sync (src/sync/guest/guest-seat-sync.ts) against a scripted server: the table as the server
 * says, only the guest's own tile with controls, a tap shown at once with no signal and sent
 * later exactly once (the same increment id however often it is tried), the seat taken back, and
 * the end of the game: the final table and the winner stay, read-only.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { GameIncrement } from '../../../src/contract/game';
import { GuestSeatText, type GuestSeatView } from '../../../src/contract/game-guest';
import { GuestPage } from '../../../src/features/game/guest/guest-page';
import { db } from './app-mock';
import { MINUS, lifeOf, tap } from './playmat-steps';
import { scriptServer, watchPlayer, watchTable } from './scripted-table';

const GAME = '5b0c3b7e-6a55-4a2e-9a43-1d1f8f0f3c21';
const TOKEN = 'G'.repeat(43);
const WAIT = { timeout: 8000 };

function tableView(gusLife: number, rev: number): GuestSeatView {
  const view = watchTable([watchPlayer(0, 'Ana', 'Tymna', 40), watchPlayer(1, 'Gus', 'Tymna', gusLife)], 0, 3);
  return { gameId: GAME, seatNumber: 1, name: 'Gus', rev, expiresAt: '2026-11-29T18:00:00.000Z', view };
}

/** The server: its Gus life, whether it answers, and what it was sent. */
let server: { life: number; rev: number; down: boolean; revoked: boolean; ended: boolean };
const applied = new Set<string>();
const sent: GameIncrement[] = [];

function serve(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (server.down) return Promise.reject(new TypeError('Failed to fetch'));
  const headers = new Headers(init?.headers);
  expect(headers.get('authorization')).toBe(`GuestSeat ${TOKEN}`);
  if (server.revoked) return Promise.resolve(new Response(JSON.stringify({ message: GuestSeatText.revoked }), { status: 401 }));
  if (String(input).endsWith('/increments') && server.ended) return Promise.resolve(new Response(JSON.stringify({ message: GuestSeatText.ended }), { status: 409 }));
  if (server.ended) {
    const final = tableView(server.life, server.rev);
    final.view = { ...final.view, status: 'FINISHED', result: { winnerSeat: 0, draw: false, outOrder: [1], endedAt: '2026-11-28T19:00:00.000Z' } };
    return Promise.resolve(new Response(JSON.stringify(final), { status: 200, headers: { 'content-type': 'application/json' } }));
  }
  if (String(input).endsWith('/increments')) {
    const increment = JSON.parse(String(init!.body)) as GameIncrement;
    sent.push(increment);
    if (!applied.has(increment.id)) {
      applied.add(increment.id);
      server.life += increment.delta;
      server.rev += 1;
    }
  }
  return Promise.resolve(new Response(JSON.stringify(tableView(server.life, server.rev)), { status: 200, headers: { 'content-type': 'application/json' } }));
}

describe('a guest seat', () => {
  scriptServer(serve, async () => {
    server = { life: 40, rev: 5, down: false, revoked: false, ended: false };
    applied.clear();
    sent.length = 0;
    await db.guestSeats.put({ gameId: GAME, token: TOKEN, seatNumber: 1, name: 'Gus', expiresAt: '2026-11-29T18:00:00.000Z', view: null, rev: 0, etag: null, state: 'loading', goneReason: null, answeredAt: null });
  });

  it('shows the table, and only its own tile has controls', async () => {
    render(<GuestPage gameId={GAME} />);
    await screen.findByText('You are Gus · seat 2', undefined, WAIT);
    expect(lifeOf('Gus')).toBe('40');
    expect(screen.getByRole('button', { name: `Gus life ${MINUS}1` })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: `Ana life ${MINUS}1` })).toHaveProperty('disabled', true);
  });

  it('a tap with no signal shows at once, survives, and is sent exactly once when the server answers', async () => {
    render(<GuestPage gameId={GAME} />);
    await screen.findByText('You are Gus · seat 2', undefined, WAIT);
    server.down = true;
    tap(`Gus life ${MINUS}1`);
    tap(`Gus life ${MINUS}1`);
    await waitFor(() => expect(lifeOf('Gus')).toBe('38'), WAIT);
    expect(await db.guestTaps.count()).toBe(2);
    await screen.findByText(/Not live/, undefined, WAIT);
    server.down = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(server.life).toBe(38), WAIT);
    await waitFor(async () => expect(await db.guestTaps.count()).toBe(0), WAIT);
    expect(lifeOf('Gus')).toBe('38');
    // However often a tap was tried, it applied once, and the two taps went in the order made.
    expect(new Set(sent.map((increment) => increment.id)).size).toBe(2);
    expect(sent.every((increment) => increment.seat === 1 && increment.counter === 'life' && increment.delta === -1)).toBe(true);
  });

  it('says so when the seat is taken back, and forgets the table', async () => {
    render(<GuestPage gameId={GAME} />);
    await screen.findByText('You are Gus · seat 2', undefined, WAIT);
    server.revoked = true;
    await screen.findByText(GuestSeatText.revoked, undefined, { timeout: 8000 });
    expect(screen.queryByRole('heading', { name: 'Ana' })).toBeNull();
    expect((await db.guestSeats.get(GAME))?.view).toBeNull();
  });

  it('at the end of the game keeps the final table with the winner, takes no more taps, and drops a tap that can no longer apply', async () => {
    render(<GuestPage gameId={GAME} />);
    await screen.findByText('You are Gus · seat 2', undefined, WAIT);
    server.down = true;
    tap(`Gus life ${MINUS}1`);
    await waitFor(() => expect(lifeOf('Gus')).toBe('39'), WAIT);
    server.ended = true;
    server.down = false;
    window.dispatchEvent(new Event('online'));
    await screen.findByText('Game over · Ana wins', undefined, WAIT);
    await waitFor(async () => expect(await db.guestTaps.count()).toBe(0), WAIT);
    expect(lifeOf('Gus')).toBe('40');
    expect(screen.getByRole('button', { name: `Gus life ${MINUS}1` })).toHaveProperty('disabled', true);
    expect((await db.guestSeats.get(GAME))?.view?.status).toBe('FINISHED');
  });
});
