// @vitest-environment happy-dom
/**
 * "Create an account" later (/claim-seat/$gameId, src/features/game/guest/claim-seat-page.tsx):
 * signed in, the seat this phone holds as a guest is taken over with the credential it keeps;
 * while taps wait it sends the person back to the seat first; a dead seat says why.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

const navigate = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  Link: ({ children }: { children: unknown }) => <a href="/guest">{children as string}</a>,
}));
vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('../../../src/features/shell/page-header', () => ({ PageHeader: ({ title }: { title: string }) => <h1>{title}</h1> }));

import { GuestSeatText } from '../../../src/contract/game-guest';
import { ClaimSeatPage, ClaimSeatText } from '../../../src/features/game/guest/claim-seat-page';
import { actions, db } from './app-mock';

const GAME = '5b0c3b7e-6a55-4a2e-9a43-1d1f8f0f3c21';
const claim = vi.fn(async (_gameId: string) => undefined);

describe('taking over a guest seat', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
    navigate.mockClear();
    claim.mockClear();
    (actions as unknown as { gameJoins: { claimGuestSeat: typeof claim } }).gameJoins = { claimGuestSeat: claim };
    await db.guestSeats.put({ gameId: GAME, token: 'G'.repeat(43), seatNumber: 1, name: 'Gus', expiresAt: '2026-11-29T18:00:00.000Z', view: null, rev: 3, etag: null, state: 'live', goneReason: null, answeredAt: 1 });
  });
  afterEach(() => cleanup());

  it('takes the seat over and opens the playmat', async () => {
    render(<ClaimSeatPage gameId={GAME} />);
    fireEvent.click(await screen.findByRole('button', { name: ClaimSeatText.claim }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/game/$id', params: { id: GAME }, replace: true }));
    expect(claim).toHaveBeenCalledWith(GAME);
  });

  it('sends the person back to the seat while taps wait', async () => {
    await db.guestTaps.add({ gameId: GAME, increment: { id: crypto.randomUUID(), seat: 1, counter: 'life', delta: -1 } });
    render(<ClaimSeatPage gameId={GAME} />);
    await screen.findByText(ClaimSeatText.waiting);
    expect(screen.queryByRole('button', { name: ClaimSeatText.claim })).toBeNull();
  });

  it('a seat taken back says why', async () => {
    await db.guestSeats.update(GAME, { state: 'gone', goneReason: GuestSeatText.revoked });
    render(<ClaimSeatPage gameId={GAME} />);
    await screen.findByText(GuestSeatText.revoked);
    expect(screen.queryByRole('button', { name: ClaimSeatText.claim })).toBeNull();
  });
});
