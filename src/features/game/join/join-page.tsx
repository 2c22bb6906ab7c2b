/**
 * /join/$code: the page a join link, a QR code or a typed code opens, for a signed-in user (the
 * route's guard sends anyone else to log in or sign up and back here). It shows the table the
 * code opens to — names, seats and commanders — and the free guest seats as buttons; taking one
 * seats the user at once and lands them on the playmat. Someone already seated goes straight
 * to the playmat. Looking and joining need the network (join-table.tsx); offline the page says so
 * and looks again when the connection comes back.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { GameJoinText, normalizeJoinCode } from '../../../contract/game-join';
import { actions } from '../../../sync/app';
import { PageHeader } from '../../shell/page-header';
import { useOnline } from '../../shell/use-online';
import { JoinCodeForm } from './join-code-form';
import { JoinLookFailure, JoinSeats, JoinTableText, useJoinTable, type JoinTable } from './join-table';

export const JoinPageText = {
  ...JoinTableText,
  title: 'Join a game',
  pickHint: 'Take a free guest seat: the game joins your games and you play it from your phone.',
  otherCode: 'Try another code',
  back: 'Back to dashboard',
} as const;

export function JoinPage({ code: raw }: { code: string }) {
  const code = normalizeJoinCode(raw);
  const online = useOnline();
  const navigate = useNavigate();
  const table = useJoinTable(code, async (typed) => {
    const preview = await actions.gameJoins.preview(typed);
    if (!preview.seated) return preview;
    await navigate({ to: '/game/$id', params: { id: preview.gameId }, replace: true });
    return null;
  });
  const { state, look } = table;

  // The connection came back (offline → online) after a look that failed for want of it.
  const waitingForNetwork = state.kind === 'failed' && state.offline;
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && waitingForNetwork) void look();
  }, [online, waitingForNetwork, look]);

  const take = (seatNumber: number) =>
    table.take(async () => {
      const gameId = await actions.gameJoins.join(code, seatNumber);
      await navigate({ to: '/game/$id', params: { id: gameId }, replace: true });
    });

  return (
    <main className="page">
      <PageHeader title={JoinPageText.title} />
      <section className="card" aria-live="polite">
        {state.kind === 'loading' ? <p role="status">{JoinPageText.looking}</p> : null}
        {state.kind === 'failed' ? (
          <JoinLookFailure state={state} onRetry={() => void look()}>
            <h2>{JoinPageText.otherCode}</h2>
            <JoinCodeForm />
          </JoinLookFailure>
        ) : null}
        {state.kind === 'table' ? <Table table={table} online={online} onTake={(seat) => void take(seat)} /> : null}
      </section>
      <Link to="/dashboard" className="button button--secondary">
        {JoinPageText.back}
      </Link>
    </main>
  );
}

function Table({ table, online, onTake }: { table: JoinTable; online: boolean; onTake(seat: number): void }) {
  if (table.state.kind !== 'table') return null;
  const { preview } = table.state;
  const free = preview.seats.filter((seat) => seat.status === 'open');
  return (
    <>
      <h2>{JoinPageText.hostGame(preview.hostName)}</h2>
      <p className="muted">{free.length > 0 ? JoinPageText.pickHint : JoinPageText.noFree}</p>
      {table.notice ? (
        <p role="alert" className="alert alert--error">
          {table.notice}
        </p>
      ) : null}
      {!online ? (
        <p role="alert" className="alert alert--error">
          {GameJoinText.offlineJoin}
        </p>
      ) : null}
      {table.joining ? <p role="status">{JoinPageText.joining}</p> : null}
      <JoinSeats seats={preview.seats} disabled={table.joining || !online} onTake={onTake} />
    </>
  );
}
