/**
 * /join/$code: the page a join link, a QR code or a typed code opens, for a signed-in user (the
 * route's guard sends anyone else to log in or sign up and back here). It shows the table the
 * code opens to — names, seats and commanders — and the free guest seats as buttons; taking one
 * seats the user at once and lands them on the playmat. Someone already seated goes straight
 * to the playmat. Looking and joining need the network (the server picks the winner when two
 * phones take one seat: the second is told and picks again); offline the page says so.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GameJoinText, isJoinCode, normalizeJoinCode, type JoinPreview, type JoinSeat } from '../../../contract/game-join';
import { ApiError, NetworkError, serverMessage } from '../../../sync/engine/api';
import { actions } from '../../../sync/app';
import { PageHeader } from '../../shell/page-header';
import { useOnline } from '../../shell/use-online';
import { JoinCodeForm } from './join-code-form';
import './join.css';

export const JoinPageText = {
  title: 'Join a game',
  looking: 'Looking for the game…',
  hostGame: (host: string) => `${host}'s game`,
  pick: 'Pick your seat',
  pickHint: 'Take a free guest seat: the game joins your games and you play it from your phone.',
  take: (seat: JoinSeat) => `Take seat ${seat.seatNumber + 1}: ${seat.displayName}`,
  seat: (seat: JoinSeat) => `Seat ${seat.seatNumber + 1}: ${seat.displayName}`,
  playing: 'Playing',
  invited: 'Invited',
  noFree: 'Every seat already has a player. Ask the table to add you to a new game.',
  joining: 'Taking your seat…',
  otherCode: 'Try another code',
  retry: 'Try again',
  back: 'Back to dashboard',
} as const;

type State = { kind: 'loading' } | { kind: 'failed'; message: string; offline: boolean } | { kind: 'table'; preview: JoinPreview };

function commanders(seat: JoinSeat): string {
  return seat.partnerCommanderName ? `${seat.commanderName} // ${seat.partnerCommanderName}` : seat.commanderName;
}

export function JoinPage({ code: raw }: { code: string }) {
  const code = normalizeJoinCode(raw);
  const online = useOnline();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);

  // Every look spends the join budget: it runs on arrival, on Try again, after a lost seat and when
  // the connection comes back — never because the page re-rendered (navigate is read from a ref).
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const look = useCallback(async () => {
    if (!isJoinCode(code)) {
      setState({ kind: 'failed', message: GameJoinText.badFormat, offline: false });
      return;
    }
    try {
      const preview = await actions.gameJoins.preview(code);
      if (preview.seated) {
        await navigateRef.current({ to: '/game/$id', params: { id: preview.gameId }, replace: true });
        return;
      }
      setState({ kind: 'table', preview });
    } catch (failure) {
      const offline = failure instanceof NetworkError;
      setState({ kind: 'failed', offline, message: offline ? GameJoinText.offlineJoin : (serverMessage(failure) ?? GameJoinText.failed) });
    }
  }, [code]);

  useEffect(() => {
    void look();
  }, [look]);

  // The connection came back (offline → online) after a look that failed for want of it.
  const waitingForNetwork = state.kind === 'failed' && state.offline;
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && waitingForNetwork) void look();
  }, [online, waitingForNetwork, look]);

  const take = async (seatNumber: number) => {
    setJoining(true);
    setNotice(null);
    try {
      const gameId = await actions.gameJoins.join(code, seatNumber);
      await navigate({ to: '/game/$id', params: { id: gameId }, replace: true });
      return;
    } catch (failure) {
      if (failure instanceof NetworkError) {
        setNotice(GameJoinText.offlineJoin);
      } else if (failure instanceof ApiError && failure.status === 409) {
        // Someone was faster: show the table as it is now.
        setNotice(serverMessage(failure) ?? GameJoinText.seatTaken);
        await look();
      } else if (failure instanceof ApiError && failure.status === 404) {
        setState({ kind: 'failed', message: serverMessage(failure) ?? GameJoinText.invalid, offline: false });
      } else {
        setNotice(serverMessage(failure) ?? GameJoinText.failed);
      }
    }
    setJoining(false);
  };

  return (
    <main className="page">
      <PageHeader title={JoinPageText.title} />
      <section className="card" aria-live="polite">
        {state.kind === 'loading' ? <p role="status">{JoinPageText.looking}</p> : null}
        {state.kind === 'failed' ? (
          <>
            <p role="alert" className="alert alert--error">
              {state.message}
            </p>
            {state.offline ? (
              <button type="button" className="button" onClick={() => void look()}>
                {JoinPageText.retry}
              </button>
            ) : (
              <>
                <h2>{JoinPageText.otherCode}</h2>
                <JoinCodeForm />
              </>
            )}
          </>
        ) : null}
        {state.kind === 'table' ? <Table preview={state.preview} online={online} joining={joining} notice={notice} onTake={(seat) => void take(seat)} /> : null}
      </section>
      <Link to="/dashboard" className="button button--secondary">
        {JoinPageText.back}
      </Link>
    </main>
  );
}

function Table({ preview, online, joining, notice, onTake }: { preview: JoinPreview; online: boolean; joining: boolean; notice: string | null; onTake(seat: number): void }) {
  const free = preview.seats.filter((seat) => seat.status === 'open');
  return (
    <>
      <h2>{JoinPageText.hostGame(preview.hostName)}</h2>
      <p className="muted">{free.length > 0 ? JoinPageText.pickHint : JoinPageText.noFree}</p>
      {notice ? (
        <p role="alert" className="alert alert--error">
          {notice}
        </p>
      ) : null}
      {!online ? (
        <p role="alert" className="alert alert--error">
          {GameJoinText.offlineJoin}
        </p>
      ) : null}
      {joining ? <p role="status">{JoinPageText.joining}</p> : null}
      <h3>{JoinPageText.pick}</h3>
      <ul className="join-seats">
        {preview.seats.map((seat) => (
          <li key={seat.seatNumber}>
            {seat.status === 'open' ? (
              <button type="button" className="join-seat" disabled={joining || !online} aria-label={JoinPageText.take(seat)} onClick={() => onTake(seat.seatNumber)}>
                <span className="join-seat-name">{JoinPageText.seat(seat)}</span>
                <span className="join-seat-detail">{commanders(seat)}</span>
              </button>
            ) : (
              <div className="join-seat">
                <span className="join-seat-name">{JoinPageText.seat(seat)}</span>
                <span className="join-seat-detail">
                  {seat.status === 'taken' ? JoinPageText.playing : JoinPageText.invited} · {commanders(seat)}
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
