/**
 * The playmat (spec sections 2 "Playmat", 4, 9): the table fills the screen, one tile per seat,
 * with 'Game controls' and 'Recent events' docked below (beside, on wide screens). Every tap
 * calls an action that changes the mirror first; this renders from the mirror, so a tap shows
 * at once, signal or not. The screen stays awake while the game is live.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { SeatLayout } from '../../contract/game';
import type { GameRow } from '../../db/schema';
import { layoutFor } from '../../game/layouts';
import { showToast } from '../../stores/ui';
import { actions } from '../../sync/app';
import { GameControls } from './GameControls';
import { PlayerTile, type CounterChange } from './PlayerTile';
import { RecentEvents } from './RecentEvents';
import { useWakeLock } from './useWakeLock';

/** Wide screens show the log open from the start; phones keep the table clear. */
const WIDE_QUERY = '(min-width: 900px)';

function startsOpen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches;
}

/** The game's seats, or the default layout for its player count when they do not fit (bad data). */
function seatsOf(game: GameRow): Map<number, SeatLayout> {
  const count = game.participants.length;
  const fits = game.participants.every((p) => game.seats.some((seat) => seat.seat === p.seatNumber));
  const seats = fits || count < 2 || count > 8 ? game.seats : layoutFor(count, game.layoutPreset).seats;
  return new Map(seats.map((seat) => [seat.seat, seat]));
}

/** A refused tap (e.g. the game ended on another device meanwhile) is said, not swallowed. */
function report(error: unknown) {
  showToast({ title: error instanceof Error && error.message ? error.message : 'That change could not be saved.', variant: 'error' });
}

export function Playmat({ game }: { game: GameRow }) {
  const [eventsOpen, setEventsOpen] = useState(startsOpen);
  const eventsId = useId();
  const live = game.status === 'ACTIVE';
  useWakeLock(live);
  const seats = seatsOf(game);

  const onChange = (change: CounterChange) => void actions.changeCounter(game.id, change).catch(report);

  return (
    <main className={live ? 'playmat' : 'playmat playmat--over'} aria-labelledby="playmat-title">
      <h1 id="playmat-title" className="visually-hidden">
        Playmat
      </h1>
      <div className="playmat-table">
        {game.participants.map((player) => {
          const seat = seats.get(player.seatNumber);
          return seat ? <PlayerTile key={player.seatNumber} game={game} player={player} seat={seat} locked={!live} onChange={onChange} /> : null;
        })}
      </div>
      <div className="playmat-dock">
        {live ? null : (
          <section className="game-over" aria-labelledby="game-over-title">
            <h2 id="game-over-title">Game over</h2>
            <div className="button-row">
              <Link to="/game/setup" className="button">
                New game
              </Link>
              <Link to="/dashboard" className="button button--secondary">
                Dashboard
              </Link>
            </div>
          </section>
        )}
        <GameControls
          game={game}
          eventsOpen={eventsOpen}
          eventsId={eventsId}
          onToggleEvents={() => setEventsOpen((open) => !open)}
          onPassTurn={() => void actions.passTurn(game.id).catch(report)}
          onUndo={() => void actions.undoLastChange(game.id).catch(report)}
          onEndGame={() => void actions.setGameStatus(game.id, 'FINISHED').catch(report)}
        />
        <RecentEvents id={eventsId} events={game.events} open={eventsOpen} />
      </div>
    </main>
  );
}
