/**
 * When every other player is out, the app proposes the last one standing as the winner, with
 * how they won and who took out whom read from the game (src/game/eliminations.ts): one tap on
 * "End game: Bo wins by combat" ends it so. Change details opens the End game sheet with all of it
 * chosen; Keep playing hides the proposal until someone else is last standing (e.g. after an undo).
 */
import { useState } from 'react';
import type { Game, GameParticipant } from '../../../contract/game';
import type { EndGameInput } from '../../../contract/game-table';
import { proposedEnding } from '../../../game/ending';
import { winText } from '../../../game/eliminations';

interface LastStandingProps {
  game: Game;
  player: GameParticipant | null;
  name: string;
  /** With the proposal: end the game with it now; without: open End game to change it. */
  onEnd(result?: EndGameInput): void;
}

export function LastStanding({ game, player, name, onEnd }: LastStandingProps) {
  const [dismissedSeat, setDismissedSeat] = useState<number | null>(null);
  if (!player || dismissedSeat === player.seatNumber) return null;
  const proposal = proposedEnding(game, player.seatNumber);
  return (
    <section className="last-standing" aria-labelledby="last-standing-title" role="status">
      <p id="last-standing-title">{name} is the last player standing.</p>
      <div className="last-standing-actions">
        <button type="button" className="button last-standing-end" onClick={() => onEnd(proposal)}>
          End game: {winText(game, player.seatNumber, proposal.winMethod)}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onEnd()}>
          Change details
        </button>
        <button type="button" className="button button--secondary" onClick={() => setDismissedSeat(player.seatNumber)}>
          Keep playing
        </button>
      </div>
    </section>
  );
}
