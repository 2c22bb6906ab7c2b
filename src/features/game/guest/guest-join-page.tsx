/**
 * /join-guest/$code: joining a game by code without an account (docs/playmat.md "Joining"). The
 * log-in page a signed-out join link lands on offers it beside log in and sign up. A name field
 * and the free guest seats as buttons; taking one keeps the seat's credential on this device
 * (src/sync/guest/guest-seat-sync.ts) and opens the guest playmat. Looking and joining need the
 * network; when two phones take one seat, the second is told and picks again.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { GameText } from '../../../contract/game';
import { GameJoinText, isJoinCode, normalizeJoinCode, type JoinPreview, type JoinSeat } from '../../../contract/game-join';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../contract/limits';
import { ApiError, NetworkError, serverMessage } from '../../../sync/engine/api';
import { db } from '../../../sync/app';
import { joinAsGuest, previewAsGuest } from '../../../sync/guest/guest-seat-sync';
import { Field } from '../../auth/field';
import '../join/join.css';
import './guest.css';

export const GuestJoinText = {
  title: 'Join as a guest',
  hint: 'Play this game from your phone without an account. Only your own life and counters are yours to change.',
  looking: 'Looking for the game…',
  hostGame: (host: string) => `${host}'s game`,
  name: 'Your name',
  pick: 'Pick your seat',
  take: (seat: JoinSeat) => `Take seat ${seat.seatNumber + 1}: ${seat.displayName}`,
  seat: (seat: JoinSeat) => `Seat ${seat.seatNumber + 1}: ${seat.displayName}`,
  playing: 'Playing',
  invited: 'Invited',
  noFree: 'Every seat already has a player. Ask the table to add you to a new game.',
  joining: 'Taking your seat…',
  logIn: 'Log in',
  signUp: 'Create an account',
  account: 'Have an account, or want one? Your games and stats stay with it.',
  retry: 'Try again',
} as const;

type State = { kind: 'loading' } | { kind: 'failed'; message: string; offline: boolean } | { kind: 'table'; preview: JoinPreview };

export function GuestJoinPage({ code: raw }: { code: string }) {
  const code = normalizeJoinCode(raw);
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);

  // Every look spends the join budget: on arrival, on Try again and after a lost seat only.
  const look = useCallback(async () => {
    if (!isJoinCode(code)) {
      setState({ kind: 'failed', message: GameJoinText.badFormat, offline: false });
      return;
    }
    try {
      setState({ kind: 'table', preview: await previewAsGuest(code) });
    } catch (failure) {
      const offline = failure instanceof NetworkError;
      setState({ kind: 'failed', offline, message: offline ? GameJoinText.offlineJoin : (serverMessage(failure) ?? GameJoinText.failed) });
    }
  }, [code]);

  useEffect(() => {
    void look();
  }, [look]);

  const take = async (seatNumber: number) => {
    if (!name.trim()) {
      setNotice(GameText.guestNameRequired);
      return;
    }
    setJoining(true);
    setNotice(null);
    try {
      const gameId = await joinAsGuest(db, code, seatNumber, name.trim());
      await navigate({ to: '/guest/$gameId', params: { gameId }, replace: true });
      return;
    } catch (failure) {
      if (failure instanceof NetworkError) setNotice(GameJoinText.offlineJoin);
      else if (failure instanceof ApiError && failure.status === 409) {
        setNotice(serverMessage(failure) ?? GameJoinText.seatTaken);
        await look();
      } else if (failure instanceof ApiError && failure.status === 404) {
        setState({ kind: 'failed', message: serverMessage(failure) ?? GameJoinText.invalid, offline: false });
      } else setNotice(serverMessage(failure) ?? GameJoinText.failed);
    }
    setJoining(false);
  };

  const onSubmit = (event: FormEvent) => event.preventDefault();
  const back = `/join/${code}`;

  return (
    <main className="page guest-join-page">
      <h1>{GuestJoinText.title}</h1>
      <section className="card" aria-live="polite">
        {state.kind === 'loading' ? <p role="status">{GuestJoinText.looking}</p> : null}
        {state.kind === 'failed' ? (
          <>
            <p role="alert" className="alert alert--error">
              {state.message}
            </p>
            {state.offline ? (
              <button type="button" className="button" onClick={() => void look()}>
                {GuestJoinText.retry}
              </button>
            ) : null}
          </>
        ) : null}
        {state.kind === 'table' ? (
          <form className="form" onSubmit={onSubmit} noValidate>
            <h2>{GuestJoinText.hostGame(state.preview.hostName)}</h2>
            <p className="muted">{GuestJoinText.hint}</p>
            <Field id="guest-name" label={GuestJoinText.name} autoComplete="nickname" maxLength={DISPLAY_NAME_MAX_LENGTH} required value={name} onValueChange={setName} />
            {notice ? (
              <p role="alert" className="alert alert--error">
                {notice}
              </p>
            ) : null}
            {joining ? <p role="status">{GuestJoinText.joining}</p> : null}
            <h3>{GuestJoinText.pick}</h3>
            {state.preview.seats.some((seat) => seat.status === 'open') ? null : <p className="muted">{GuestJoinText.noFree}</p>}
            <ul className="join-seats">
              {state.preview.seats.map((seat) => (
                <li key={seat.seatNumber}>
                  {seat.status === 'open' ? (
                    <button type="button" className="join-seat" disabled={joining} aria-label={GuestJoinText.take(seat)} onClick={() => void take(seat.seatNumber)}>
                      <span className="join-seat-name">{GuestJoinText.seat(seat)}</span>
                      <span className="join-seat-detail">{seat.commanderName}</span>
                    </button>
                  ) : (
                    <div className="join-seat">
                      <span className="join-seat-name">{GuestJoinText.seat(seat)}</span>
                      <span className="join-seat-detail">
                        {seat.status === 'taken' ? GuestJoinText.playing : GuestJoinText.invited} · {seat.commanderName}
                      </span>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </form>
        ) : null}
      </section>
      <p className="muted">{GuestJoinText.account}</p>
      <div className="button-row">
        <Link to="/login" search={{ redirect: back }} className="button button--secondary">
          {GuestJoinText.logIn}
        </Link>
        <Link to="/register" search={{ redirect: back }} className="button button--secondary">
          {GuestJoinText.signUp}
        </Link>
      </div>
    </main>
  );
}
