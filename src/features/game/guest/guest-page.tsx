/**
 * /guest/$gameId: the playmat of a seat taken without an account (docs/playmat.md "Joining"). The
 * whole table as the TV view draws it (every face upright, src/features/game/watch/tv-table.tsx),
 * and only the guest's own tile takes taps; the other tiles draw no controls. It renders only
 * the mirror's `guestSeats` row of the game and its waiting taps (guest-game.ts);
 * src/sync/guest/guest-seat-sync.ts sends the taps and polls the table. With no answer it keeps
 * the last table and says it is not live; a seat that is no longer this device's says why. Once
 * the game ended it shows the final table and the winner, read-only.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { GameIncrement } from '../../../contract/game';
import type { GuestSeatRow } from '../../../db/schema';
import { db } from '../../../sync/app';
import { syncGuestSeat, tapAsGuest, type GuestSeatSync } from '../../../sync/guest/guest-seat-sync';
import { GameClock } from '../playmat/game-clock';
import type { CounterChange } from '../playmat/tap-writes';
import { useWakeLock } from '../playmat/use-wake-lock';
import { TvTable, areaBelowBar } from '../watch/tv-table';
import { LiveState, tableHeadline } from '../watch/watch-page';
import { guestGame } from './guest-game';
import '../game.css';
import '../playmat/playmat.css';
import '../watch/watch.css';
import './guest.css';

export const GuestPageText = {
  title: 'Guest seat',
  you: (name: string, seat: number) => `You are ${name} · seat ${seat + 1}`,
  loading: 'Loading the table…',
  noSeat: 'This phone holds no seat in this game.',
  gone: 'This seat is not yours any more.',
  joinAgain: 'To play again, ask the table for the join code.',
  home: 'PodTable home',
  /** Sign-up (or log-in from there), then /claim-seat: the seat becomes the account's. */
  keep: 'Create an account',
} as const;

/** The bar's height (guest.css): the table takes the rest of the screen. */
const BAR_HEIGHT = 56;

const windowArea = areaBelowBar(BAR_HEIGHT, { width: 360, height: 640 });

const NO_TAPS: readonly GameIncrement[] = [];

function GuestTable({ row, onChange }: { row: GuestSeatRow & { view: NonNullable<GuestSeatRow['view']> }; onChange(change: CounterChange): void }) {
  const taps = useLiveQuery(() => db.guestTaps.where('gameId').equals(row.gameId).toArray(), [row.gameId]);
  const waiting = useMemo(() => taps?.map((tap) => tap.increment) ?? NO_TAPS, [taps]);
  const game = useMemo(() => guestGame(row, waiting), [row, waiting]);
  const live = game.status === 'ACTIVE';
  useWakeLock(live);
  return (
    <>
      <header className="watch-bar guest-bar">
        <div className="guest-bar-text">
          <p className="watch-headline">{tableHeadline(game)}</p>
          <p className="guest-you">
            <span className="guest-you-name">{GuestPageText.you(row.name, row.seatNumber)}</span>
            <a className="guest-keep" href={`/register?redirect=${encodeURIComponent(`/claim-seat/${row.gameId}`)}`}>
              {GuestPageText.keep}
            </a>
          </p>
        </div>
        <p className="watch-clock">
          <GameClock game={game} />
        </p>
        <LiveState row={row} />
      </header>
      {/* Once the game ended the final table stays, read-only, with the winner in the bar. */}
      <TvTable game={game} stale={live && row.state !== 'live'} initialArea={windowArea} ownSeat={live ? row.seatNumber : undefined} onChange={live ? onChange : undefined} />
    </>
  );
}

export function GuestPage({ gameId }: { gameId: string }) {
  const sync = useRef<GuestSeatSync | null>(null);
  useEffect(() => {
    const started = syncGuestSeat(db, gameId);
    sync.current = started;
    return () => {
      started.stop();
      sync.current = null;
    };
  }, [gameId]);
  const row = useLiveQuery(async () => (await db.guestSeats.get(gameId)) ?? null, [gameId]);
  const onChange = useCallback(
    (change: CounterChange) => {
      void tapAsGuest(db, gameId, change).then(() => sync.current?.wake());
    },
    [gameId],
  );

  return (
    <main className="watch-page guest-page" aria-label={GuestPageText.title}>
      <h1 className="visually-hidden">{GuestPageText.title}</h1>
      {row === undefined ? null : row === null || row.state === 'gone' ? (
        <section className="watch-gone" role="alert">
          <p className="watch-gone-title">{row?.goneReason ?? (row ? GuestPageText.gone : GuestPageText.noSeat)}</p>
          <p className="muted">{GuestPageText.joinAgain}</p>
          {/* A plain link: the page holds no session, so a fresh start of the app is what follows. */}
          <a href="/" className="button button--secondary">
            {GuestPageText.home}
          </a>
        </section>
      ) : row.view ? (
        <GuestTable row={{ ...row, view: row.view }} onChange={onChange} />
      ) : (
        <section className="watch-gone">
          <p role="status">{GuestPageText.loading}</p>
          <LiveState row={row} />
        </section>
      )}
    </main>
  );
}
