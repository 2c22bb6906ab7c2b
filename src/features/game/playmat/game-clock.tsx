/**
 * The clocks of the game bar (src/game/clocks.ts): the game clock (from the start, less the
 * pauses; stopped at the end), with 'Paused' in words while the clocks are paused, and the
 * active player's chess clock (their time on their own turns, this one included). They tick once
 * a second only while they run.
 */
import type { Game } from '../../../contract/game';
import { gameClockMs, isClockPaused, seatClockMs, turnClockMs } from '../../../game/clocks';
import { seatName } from '../../../game/events';
import { formatClock } from '../../../game/summary';
import { CLOCK_PAUSED } from '../texts';
import { useNow } from './use-now';

export function useGameClocks(game: Game): { game: number; turn: number; seat: number; paused: boolean } {
  const paused = isClockPaused(game);
  const now = useNow(1000, game.status === 'ACTIVE' && !paused);
  return { game: gameClockMs(game, now), turn: turnClockMs(game, now), seat: seatClockMs(game, game.activeSeat, now), paused };
}

const PauseGlyph = () => (
  <svg aria-hidden="true" focusable="false" width={12} height={12} viewBox="0 0 24 24" fill="currentColor" className="icon">
    <path d="M6 4h4v16H6zm8 0h4v16h-4z" />
  </svg>
);

/** The game clock, and 'Paused' beside it while the clocks stand still. */
export function GameClock({ game }: { game: Game }) {
  const clocks = useGameClocks(game);
  return (
    <>
      {clocks.paused ? (
        <span className="clock-paused">
          <PauseGlyph />
          {CLOCK_PAUSED}
        </span>
      ) : null}
      <span className="game-clock" title="Game time">
        <span className="visually-hidden">Game time </span>
        <time>{formatClock(clocks.game)}</time>
      </span>
    </>
  );
}

/** The active player's chess clock, for the turn line of the bar. */
export function TurnClock({ game }: { game: Game }) {
  const clocks = useGameClocks(game);
  const label = `${seatName(game, game.activeSeat)}'s time on their turns`;
  return (
    <span className="turn-clock" title={label}>
      <span className="visually-hidden">{label} </span>
      <time>{formatClock(clocks.seat)}</time>
    </span>
  );
}
