/**
 * The per-game summary, shown on every participant's device when a game ends, and
 * from the history — offline too, since it is computed from the game in the mirror: winner (or
 * draw), how and on which turn it was won, who took out whom, duration (pauses left out), turns,
 * biggest life swing, most commander damage dealt, first out, each player's life by turn (a chart,
 * life-chart.tsx), and each player's commander, time on their own turns and longest turn, in
 * finishing order.
 */
import { Link } from '@tanstack/react-router';
import type { GameRow } from '../../../db/schema';
import { WIN_METHOD_PHRASE, eliminationText } from '../../../game/eliminations';
import { total } from '../../../game/events';
import { formatClock, formatDuration, gameSummary, type GameSummary as Summary } from '../../../game/summary';
import { commandersOf } from '../players';
import { LifeChart } from './life-chart';
import { seatName } from '../../../game/events';
import { playerColor } from './table/colors';

/** 'By commander damage on turn 9', 'On turn 9', or null when End game did not say. */
function howText(summary: Summary): string | null {
  const how = summary.winner && summary.winMethod ? WIN_METHOD_PHRASE[summary.winMethod] : null;
  const when = summary.onTurn !== null ? `on turn ${summary.onTurn}` : null;
  const text = [how, when].filter(Boolean).join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : null;
}

/** 'Turn time 12:04 · longest 3:05'. */
function turnTimeText(turnMs: number, longestTurnMs: number | null): string {
  return `Turn time ${formatClock(turnMs)}${longestTurnMs !== null ? ` · longest ${formatClock(longestTurnMs)}` : ''}`;
}

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

export function GameSummary({ game, onShowTable }: { game: GameRow; onShowTable(): void }) {
  const summary = gameSummary(game);
  const name = (seat: number) => seatName(game, seat);
  const headline = summary.winner ? `${name(summary.winner.seatNumber)} wins` : summary.draw ? 'A draw' : 'No winner recorded';
  const ended = game.result ? new Date(game.result.endedAt) : null;
  const how = howText(summary);

  return (
    <main className="page game-summary" aria-labelledby="summary-title">
      <header className="summary-head">
        <p className="summary-kicker">Thanks for the game!</p>
        <h1 id="summary-title">{headline}</h1>
        {how ? <p className="summary-how">{how}</p> : null}
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

      <LifeChart game={game} />

      {summary.eliminations.length > 0 ? (
        <section className="card" aria-labelledby="summary-eliminations-title">
          <h2 id="summary-eliminations-title">Who took out whom</h2>
          <ol className="summary-eliminations">
            {summary.eliminations.map((elimination) => (
              <li key={elimination.seat}>{eliminationText(game, elimination)}</li>
            ))}
          </ol>
        </section>
      ) : null}

      <section className="card" aria-labelledby="summary-players-title">
        <h2 id="summary-players-title">Players</h2>
        <ol className="summary-players">
          {summary.lines.map(({ player, place, turnMs, longestTurnMs }) => (
            <li key={player.seatNumber} className="summary-player" style={{ '--player': playerColor(player.seatNumber) } as React.CSSProperties}>
              <span className="summary-place">{place ? ordinal(place) : '—'}</span>
              <span className="summary-who">
                <span className="summary-name">{name(player.seatNumber)}</span>
                <span className="muted">{commandersOf(player) ?? 'No commander named'}</span>
                {summary.turnsTimed ? <span className="muted summary-time">{turnTimeText(turnMs, longestTurnMs)}</span> : null}
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
