/** The game clock (since the start, stopped at the end) and the turn clock (since the turn began). */
import type { Game } from '../../../contract/game';
import { formatClock } from '../../../game/summary';
import { tableOf } from '../../../game/table';
import { useNow } from './use-now';

export function useGameClocks(game: Game): { game: number; turn: number } {
  const live = game.status === 'ACTIVE';
  const now = useNow(1000, live);
  const end = !live && game.result ? Date.parse(game.result.endedAt) : live ? now : Date.parse(game.updatedAt);
  return {
    game: Math.max(0, end - Date.parse(game.startTime)),
    turn: Math.max(0, end - Date.parse(tableOf(game).turnStartedAt)),
  };
}

export function GameClock({ game }: { game: Game }) {
  const clocks = useGameClocks(game);
  return (
    <span className="game-clock" title="Game time">
      <span className="visually-hidden">Game time </span>
      <time>{formatClock(clocks.game)}</time>
    </span>
  );
}
