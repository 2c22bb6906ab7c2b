/**
 * /claim-seat/$gameId: "Create an account" later (docs/playmat.md "Joining"). The guest playmat
 * links here through sign-up or log-in; signed in, the seat this phone holds as a guest becomes the
 * account's (its credential dies on the server in the same transaction) and the normal playmat
 * opens. Waiting taps go first: while any waits, the page sends the person back to the guest
 * playmat, which sends them. Online only; offline the page says so and offers to try again.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { NetworkError, serverMessage } from '../../../sync/engine/api';
import { actions, db } from '../../../sync/app';
import { PageHeader } from '../../shell/page-header';

export const ClaimSeatText = {
  title: 'Keep your seat',
  hint: (name: string, seat: number) => `You play seat ${seat + 1} as ${name} without an account. Take it over with your account: the game joins your games and stats.`,
  claim: 'Take over my seat',
  claiming: 'Taking over your seat…',
  waiting: 'Some of your taps are not sent yet. Open your seat until they are, then come back.',
  openSeat: 'Open my seat',
  noSeat: 'This phone holds no guest seat in this game.',
  offline: 'Taking over a seat needs a connection. Try again when you are online.',
  failed: 'Something went wrong. Please try again.',
} as const;

export function ClaimSeatPage({ gameId }: { gameId: string }) {
  const navigate = useNavigate();
  const seat = useLiveQuery(async () => (await db.guestSeats.get(gameId)) ?? null, [gameId]);
  const waiting = useLiveQuery(() => db.guestTaps.where('gameId').equals(gameId).count(), [gameId]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      await actions.gameJoins.claimGuestSeat(gameId);
      await navigate({ to: '/game/$id', params: { id: gameId }, replace: true });
      return;
    } catch (failure) {
      setError(failure instanceof NetworkError ? ClaimSeatText.offline : (serverMessage(failure) ?? ClaimSeatText.failed));
    }
    setBusy(false);
  };

  const live = seat && seat.state !== 'gone';
  return (
    <main className="page">
      <PageHeader title={ClaimSeatText.title} />
      <section className="card" aria-live="polite">
        {seat === undefined ? null : !live ? (
          <p role="alert" className="alert alert--error">
            {seat?.goneReason ?? ClaimSeatText.noSeat}
          </p>
        ) : (
          <>
            <p>{ClaimSeatText.hint(seat.name, seat.seatNumber)}</p>
            {error ? (
              <p role="alert" className="alert alert--error">
                {error}
              </p>
            ) : null}
            {busy ? <p role="status">{ClaimSeatText.claiming}</p> : null}
            {waiting ? (
              <>
                <p className="muted">{ClaimSeatText.waiting}</p>
                <Link to="/guest/$gameId" params={{ gameId }} className="button">
                  {ClaimSeatText.openSeat}
                </Link>
              </>
            ) : (
              <button type="button" className="button button--block" disabled={busy} onClick={() => void claim()}>
                {ClaimSeatText.claim}
              </button>
            )}
          </>
        )}
      </section>
    </main>
  );
}
