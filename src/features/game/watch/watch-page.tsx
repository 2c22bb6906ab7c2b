/**
 * /watch/$token: the TV view of a game (docs/playmat.md "TV view"), no account needed. The whole
 * table, every face upright (tv-layout.ts), landscape first, no controls: the playmat's tiles
 * drawn read-only, a bar with the turn, the game clock and whether the view is live; the screen
 * stays awake while the game is live. It renders
 * only the mirror's `watchViews` row of the token; the poller (src/sync/watch/watch-poller.ts)
 * fills it as the table changes (a long poll). With no answer it keeps the last table and says it is not live; a
 * dead link says so and shows nothing of the game.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { WatchText } from '../../../contract/game-watch';
import type { GameRow, WatchViewRow } from '../../../db/schema';
import { seatName } from '../../../game/events';
import { db } from '../../../sync/app';
import { watchTable } from '../../../sync/watch/watch-poller';
import { GameClock } from '../playmat/game-clock';
import { useWakeLock } from '../playmat/use-wake-lock';
import { TvTable, areaBelowBar } from './tv-table';
import { watchedGame } from './watched-game';
import '../game.css';
import '../playmat/playmat.css';
import './watch.css';

export const WatchPageText = {
  title: 'TV view',
  loading: 'Loading the table…',
  live: 'Live',
  notLive: (time: string) => `Not live · the table as of ${time}`,
  notLiveYet: 'Not live · waiting for the connection',
  turn: (turn: number, name: string) => `Turn ${turn} · ${name}`,
  over: 'Game over',
  wins: (name: string) => `${name} wins`,
  draw: 'Draw',
  gone: WatchText.gone,
  goneHint: 'Ask a player for a new TV link: Game menu → TV view.',
} as const;

/** The bar's height (watch.css): the table takes the rest of the screen. */
const BAR_HEIGHT = 72;

const windowArea = areaBelowBar(BAR_HEIGHT, { width: 1280, height: 720 });

/** Whether the view is live, or since when it is not (the TV view's and a guest seat's bar). */
export function LiveState({ row }: { row: Pick<WatchViewRow, 'state' | 'answeredAt'> }) {
  if (row.state === 'live') {
    return (
      <p className="watch-state watch-state--live" role="status">
        <span aria-hidden="true">● </span>
        {WatchPageText.live}
      </p>
    );
  }
  if (row.state === 'loading') return null;
  const time = row.answeredAt ? new Date(row.answeredAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : null;
  return (
    <p className="watch-state watch-state--offline" role="status">
      {time ? WatchPageText.notLive(time) : WatchPageText.notLiveYet}
    </p>
  );
}

function WatchTable({ row }: { row: WatchViewRow & { view: NonNullable<WatchViewRow['view']> } }) {
  const game = useMemo(() => watchedGame(row.view), [row.view]);
  // A tablet showing a live game must not dim between turns.
  useWakeLock(game.status === 'ACTIVE');
  return (
    <>
      <header className="watch-bar">
        <p className="watch-headline">{tableHeadline(game)}</p>
        <p className="watch-clock">
          <GameClock game={game} />
        </p>
        <LiveState row={row} />
      </header>
      <TvTable game={game} stale={row.state !== 'live'} initialArea={windowArea} />
    </>
  );
}

/** "Turn 7 · Ana", or "Game over · Bo wins" once it ended. */
export function tableHeadline(game: GameRow): string {
  const ended = game.status !== 'ACTIVE';
  const winner = game.result?.winnerSeat ?? null;
  return ended
    ? `${WatchPageText.over} · ${winner !== null ? WatchPageText.wins(seatName(game, winner)) : game.result?.draw ? WatchPageText.draw : ''}`.replace(/ · $/, '')
    : WatchPageText.turn(game.turnNumber, seatName(game, game.activeSeat));
}

export function WatchPage({ token }: { token: string }) {
  useEffect(() => {
    const poller = watchTable(db, token);
    return () => poller.stop();
  }, [token]);
  const row = useLiveQuery(() => db.watchViews.get(token), [token]);

  return (
    <main className="watch-page" aria-label={WatchPageText.title}>
      <h1 className="visually-hidden">{WatchPageText.title}</h1>
      {row?.state === 'gone' ? (
        <section className="watch-gone" role="alert">
          <p className="watch-gone-title">{WatchPageText.gone}</p>
          <p className="muted">{WatchPageText.goneHint}</p>
        </section>
      ) : row?.view ? (
        <WatchTable row={{ ...row, view: row.view }} />
      ) : (
        <section className="watch-gone">
          <p role="status">{WatchPageText.loading}</p>
          {row ? <LiveState row={row} /> : null}
        </section>
      )}
    </main>
  );
}
