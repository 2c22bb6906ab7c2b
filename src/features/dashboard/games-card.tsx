/**
 * The dashboard's way back to the table (leaving a live game to the dashboard must not
 * lose it), into the game history, and to "Join a game" with a code (/join). From the mirror,
 * so it works offline.
 */
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { seatName } from '../../game/events';
import { historyLists } from '../../game/history';
import { db } from '../../sync/app';

export function GamesCard() {
  const games = useLiveQuery(() => db.games.toArray(), []);
  const live = games ? historyLists(games).inProgress[0] : undefined;
  return (
    <section className="card games-card" aria-labelledby="games-card-title">
      <h2 id="games-card-title">Games</h2>
      {live ? (
        <p>
          A game is in progress: turn {live.turnNumber}, {seatName(live, live.activeSeat)} to play.
        </p>
      ) : null}
      <div className="button-row">
        {live ? (
          <Link to="/game/$id" params={{ id: live.id }} className="button">
            Return to the table
          </Link>
        ) : null}
        <Link to="/games" className="button button--secondary">
          Game history
        </Link>
        <Link to="/join" className="button button--secondary">
          Join a game
        </Link>
      </div>
    </section>
  );
}
