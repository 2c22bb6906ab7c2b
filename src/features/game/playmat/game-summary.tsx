/**
 * The per-game summary, shown on every participant's device when a game ends, and
 * from the history — offline too, since it is computed from the game in the mirror: winner (or
 * draw), duration, turns, biggest life swing, most commander damage dealt, first out, and each
 * player's commander in finishing order.
 */
import { Link } from '@tanstack/react-router';
import type { GameRow } from '../../../db/schema';
import { total } from '../../../game/events';
import { formatDuration, gameSummary } from '../../../game/summary';
import { commandersOf } from '../players';
import { seatName } from '../../../game/events';
import { playerColor } from './table/colors';

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

export function GameSummary({ game, onShowTable }: { game: GameRow; onShowTable(): void }) {
  const summary = gameSummary(game);
  const name = (seat: number) => seatName(game, seat);
  const headline = summary.winner ? `${name(summary.winner.seatNumber)} wins` : summary.draw ? 'A draw' : 'No winner recorded';
  const ended = game.result ? new Date(game.result.endedAt) : null;

  return (
    <main className="page game-summary" aria-labelledby="summary-title">
      <header className="summary-head">
        <p className="summary-kicker">Thanks for the game!</p>
        <h1 id="summary-title">{headline}</h1>
        {ended ? (
          <p className="muted">
            <time dateTime={game.result!.endedAt}>{ended.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </p>
        ) : null}
      </header>

      <section className="card" aria-labelledby="summary-stats-title">
        <h2 id="summary-stats-title">The game</h2>
        <dl className="summary-stats">
          <dt>Duration</dt>
          <dd>{formatDuration(summary.durationMs)}</dd>
          <dt>Turns</dt>
          <dd>{summary.turns}</dd>
          <dt>Biggest life swing</dt>
          <dd>
            {summary.biggestSwing
              ? `${name(summary.biggestSwing.player.seatNumber)}: ${total(summary.biggestSwing.from)} → ${total(summary.biggestSwing.to)} on turn ${summary.biggestSwing.turnNumber}`
              : 'None'}
          </dd>
          <dt>Most commander damage dealt</dt>
          <dd>{summary.mostCommanderDamage ? `${name(summary.mostCommanderDamage.player.seatNumber)}: ${summary.mostCommanderDamage.amount}` : 'None'}</dd>
          <dt>First out</dt>
          <dd>{summary.firstOut ? name(summary.firstOut.seatNumber) : 'Nobody'}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="summary-players-title">
        <h2 id="summary-players-title">Players</h2>
        <ol className="summary-players">
          {summary.lines.map(({ player, place }) => (
            <li key={player.seatNumber} className="summary-player" style={{ '--player': playerColor(player.seatNumber) } as React.CSSProperties}>
              <span className="summary-place">{place ? ordinal(place) : '—'}</span>
              <span className="summary-who">
                <span className="summary-name">{name(player.seatNumber)}</span>
                <span className="muted">{commandersOf(player) ?? 'No commander named'}</span>
              </span>
              <span className="summary-life" aria-label={`Life ${total(player.lifeTotal)}`}>
                {total(player.lifeTotal)}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <div className="button-row summary-actions">
        <button type="button" className="button button--secondary" onClick={onShowTable}>
          View final table
        </button>
        <Link to="/games" className="button button--secondary">
          Game history
        </Link>
        <Link to="/game/setup" className="button">
          New game
        </Link>
        <Link to="/dashboard" className="button button--secondary">
          Dashboard
        </Link>
      </div>
    </main>
  );
}
