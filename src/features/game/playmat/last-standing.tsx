/**
 * When every other player is out, the app proposes the last one standing as the winner:
 * End game opens the End game sheet with them chosen; Keep playing hides the
 * proposal until someone else is last standing (e.g. after an undo).
 */
import { useState } from 'react';
import type { GameParticipant } from '../../../contract/game';

interface LastStandingProps {
  player: GameParticipant | null;
  name: string;
  onEnd(): void;
}

export function LastStanding({ player, name, onEnd }: LastStandingProps) {
  const [dismissedSeat, setDismissedSeat] = useState<number | null>(null);
  if (!player || dismissedSeat === player.seatNumber) return null;
  return (
    <section className="last-standing" aria-labelledby="last-standing-title" role="status">
      <p id="last-standing-title">{name} is the last player standing.</p>
      <div className="button-row">
        <button type="button" className="button" onClick={onEnd}>
          End game: {name} wins
        </button>
        <button type="button" className="button button--secondary" onClick={() => setDismissedSeat(player.seatNumber)}>
          Keep playing
        </button>
      </div>
    </section>
  );
}
