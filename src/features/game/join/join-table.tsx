/**
 * The table a join code opens and taking a seat at it, shared by the signed-in join page
 * (join-page.tsx) and joining as a guest with no account (../guest/guest-join-page.tsx): the look
 * (online only, every look spends the join budget), what each refusal shows, and the seats as buttons.
 * When two phones take one seat the server picks the winner: the second is told and the table is
 * looked at again.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { GameJoinText, isJoinCode, type JoinPreview, type JoinSeat } from '../../../contract/game-join';
import { ApiError, NetworkError, serverMessage } from '../../../sync/engine/api';
import './join.css';

export const JoinTableText = {
  looking: 'Looking for the game…',
  hostGame: (host: string) => `${host}'s game`,
  pick: 'Pick your seat',
  take: (seat: JoinSeat) => `Take seat ${seat.seatNumber + 1}: ${seat.displayName}`,
  seat: (seat: JoinSeat) => `Seat ${seat.seatNumber + 1}: ${seat.displayName}`,
  playing: 'Playing',
  invited: 'Invited',
  noFree: 'Every seat already has a player. Ask the table to add you to a new game.',
  joining: 'Taking your seat…',
  retry: 'Try again',
} as const;

export type JoinTableState = { kind: 'loading' } | { kind: 'failed'; message: string; offline: boolean } | { kind: 'table'; preview: JoinPreview };

export interface JoinTable {
  state: JoinTableState;
  notice: string | null;
  setNotice(notice: string | null): void;
  joining: boolean;
  look(): Promise<void>;
  /** Takes the seat with `join`; a refusal shows as the notice or, for a dead code, as the page's failure. */
  take(join: () => Promise<void>): Promise<void>;
}

/**
 * `preview` answers the table, or null when it has already moved on (the signed-in page goes to
 * the playmat of someone already seated). It is read from a ref: a look runs on arrival, on Try
 * again and after a lost seat, never because the page re-rendered.
 */
export function useJoinTable(code: string, preview: (code: string) => Promise<JoinPreview | null>): JoinTable {
  const [state, setState] = useState<JoinTableState>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const previewRef = useRef(preview);
  previewRef.current = preview;

  const look = useCallback(async () => {
    if (!isJoinCode(code)) {
      setState({ kind: 'failed', message: GameJoinText.badFormat, offline: false });
      return;
    }
    try {
      const found = await previewRef.current(code);
      if (found) setState({ kind: 'table', preview: found });
    } catch (failure) {
      const offline = failure instanceof NetworkError;
      setState({ kind: 'failed', offline, message: offline ? GameJoinText.offlineJoin : (serverMessage(failure) ?? GameJoinText.failed) });
    }
  }, [code]);

  useEffect(() => {
    void look();
  }, [look]);

  const take = async (join: () => Promise<void>) => {
    setJoining(true);
    setNotice(null);
    try {
      await join();
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

  return { state, notice, setNotice, joining, look, take };
}

function commanders(seat: JoinSeat): string {
  return seat.partnerCommanderName ? `${seat.commanderName} // ${seat.partnerCommanderName}` : seat.commanderName;
}

/** The table's seats: the free ones as buttons, the others with who holds them. */
export function JoinSeats({ seats, disabled, onTake }: { seats: readonly JoinSeat[]; disabled: boolean; onTake(seatNumber: number): void }) {
  return (
    <>
      <h3>{JoinTableText.pick}</h3>
      <ul className="join-seats">
        {seats.map((seat) => (
          <li key={seat.seatNumber}>
            {seat.status === 'open' ? (
              <button type="button" className="join-seat" disabled={disabled} aria-label={JoinTableText.take(seat)} onClick={() => onTake(seat.seatNumber)}>
                <span className="join-seat-name">{JoinTableText.seat(seat)}</span>
                <span className="join-seat-detail">{commanders(seat)}</span>
              </button>
            ) : (
              <div className="join-seat">
                <span className="join-seat-name">{JoinTableText.seat(seat)}</span>
                <span className="join-seat-detail">
                  {seat.status === 'taken' ? JoinTableText.playing : JoinTableText.invited} · {commanders(seat)}
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A look that failed: the message, and Try again when it failed for want of a connection. */
export function JoinLookFailure({ state, onRetry, children }: { state: Extract<JoinTableState, { kind: 'failed' }>; onRetry(): void; children?: ReactNode }) {
  return (
    <>
      <p role="alert" className="alert alert--error">
        {state.message}
      </p>
      {state.offline ? (
        <button type="button" className="button" onClick={onRetry}>
          {JoinTableText.retry}
        </button>
      ) : (
        children
      )}
    </>
  );
}
