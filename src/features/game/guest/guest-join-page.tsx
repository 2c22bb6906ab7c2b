/**
 * /join-guest/$code: joining a game by code without an account (docs/playmat.md "Joining"). The
 * log-in page a signed-out join link lands on offers it beside log in and sign up. A name field
 * and the table as the signed-in join page shows it (../join/join-table.tsx); taking a seat keeps
 * the seat's credential on this device (src/sync/guest/guest-seat-sync.ts) and opens the guest
 * playmat.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { GameText } from '../../../contract/game';
import { normalizeJoinCode } from '../../../contract/game-join';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../contract/limits';
import { db } from '../../../sync/app';
import { joinAsGuest, previewAsGuest } from '../../../sync/guest/guest-seat-sync';
import { Field } from '../../auth/field';
import { JoinLookFailure, JoinSeats, JoinTableText, useJoinTable } from '../join/join-table';
import './guest.css';

export const GuestJoinText = {
  title: 'Join as a guest',
  hint: 'Play this game from your phone without an account. Only your own life and counters are yours to change.',
  name: 'Your name',
  logIn: 'Log in',
  signUp: 'Create an account',
  account: 'Have an account, or want one? Your games and stats stay with it.',
} as const;

export function GuestJoinPage({ code: raw }: { code: string }) {
  const code = normalizeJoinCode(raw);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const table = useJoinTable(code, previewAsGuest);
  const { state } = table;

  const take = (seatNumber: number) => {
    if (!name.trim()) {
      table.setNotice(GameText.guestNameRequired);
      return;
    }
    void table.take(async () => {
      const gameId = await joinAsGuest(db, code, seatNumber, name.trim());
      await navigate({ to: '/guest/$gameId', params: { gameId }, replace: true });
    });
  };

  const onSubmit = (event: FormEvent) => event.preventDefault();
  const back = `/join/${code}`;

  return (
    <main className="page guest-join-page">
      <h1>{GuestJoinText.title}</h1>
      <section className="card" aria-live="polite">
        {state.kind === 'loading' ? <p role="status">{JoinTableText.looking}</p> : null}
        {state.kind === 'failed' ? <JoinLookFailure state={state} onRetry={() => void table.look()} /> : null}
        {state.kind === 'table' ? (
          <form className="form" onSubmit={onSubmit} noValidate>
            <h2>{JoinTableText.hostGame(state.preview.hostName)}</h2>
            <p className="muted">{GuestJoinText.hint}</p>
            <Field id="guest-name" label={GuestJoinText.name} autoComplete="nickname" maxLength={DISPLAY_NAME_MAX_LENGTH} required value={name} onValueChange={setName} />
            {table.notice ? (
              <p role="alert" className="alert alert--error">
                {table.notice}
              </p>
            ) : null}
            {table.joining ? <p role="status">{JoinTableText.joining}</p> : null}
            {state.preview.seats.some((seat) => seat.status === 'open') ? null : <p className="muted">{JoinTableText.noFree}</p>}
            <JoinSeats seats={state.preview.seats} disabled={table.joining} onTake={take} />
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
