/**
 * End game: who won — or a draw — and the order the others went out (first out first,
 * as tracked in play, and changeable with Up and Down). The last player standing is chosen
 * already when there is one. Ending stores the result with the game for every participant.
 */
import { useId, useState } from 'react';
import type { EndGameInput } from '../../../contract/game-table';
import type { GameRow } from '../../../db/schema';
import { proposedOutOrder } from '../../../game/ending';
import { seatName } from '../../../game/events';
import { moveSeat } from '../../../game/shuffle';
import { Sheet } from './sheet';

interface EndGameDialogProps {
  open: boolean;
  game: GameRow;
  /** The winner to choose first (the last player standing), or null. */
  proposedWinner: number | null;
  onEnd(result: EndGameInput): void;
  onClose(): void;
}

const DRAW = 'draw';

function EndGameForm({ game, proposedWinner, onEnd, onClose }: Omit<EndGameDialogProps, 'open'>) {
  const id = useId();
  const [winner, setWinner] = useState<number | typeof DRAW | null>(proposedWinner);
  const winnerSeat = winner === DRAW ? null : winner;
  const [order, setOrder] = useState<number[]>(() => proposedOutOrder(game, proposedWinner));
  // The out order never names the winner: choosing another winner rebuilds it, keeping the order known.
  const shownOrder = order.filter((seat) => seat !== winnerSeat);
  for (const seat of proposedOutOrder(game, winnerSeat)) if (!shownOrder.includes(seat)) shownOrder.push(seat);
  const [tried, setTried] = useState(false);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (winner === null) return;
        onEnd({ winnerSeat, outOrder: shownOrder });
        onClose();
      }}
      noValidate
    >
      <fieldset className="choice-list">
        <legend>Who won?</legend>
        {game.participants.map((p) => (
          <label key={p.seatNumber} className="choice-row">
            <input type="radio" name={`${id}-winner`} checked={winner === p.seatNumber} onChange={() => setWinner(p.seatNumber)} />
            <span className="choice-title">{seatName(game, p.seatNumber)}</span>
          </label>
        ))}
        <label className="choice-row">
          <input type="radio" name={`${id}-winner`} checked={winner === DRAW} onChange={() => setWinner(DRAW)} />
          <span className="choice-title">Draw</span>
        </label>
      </fieldset>
      {tried && winner === null ? (
        <p role="alert" className="field-error">
          Choose the winner, or a draw.
        </p>
      ) : null}

      <section className="sheet-section" aria-labelledby={`${id}-order`}>
        <h3 id={`${id}-order`}>Order players went out</h3>
        <p className="muted field-hint">First out first.</p>
        <ol className="out-order">
          {shownOrder.map((seat, index) => {
            const name = seatName(game, seat);
            return (
              <li key={seat}>
                <span className="seating-number">{index + 1}</span>
                <span className="seating-name">{name}</span>
                <button
                  type="button"
                  className="button button--secondary icon-button"
                  aria-label={`Move ${name} up`}
                  aria-disabled={index === 0}
                  onClick={() => index > 0 && setOrder(moveSeat(shownOrder, index, index - 1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--secondary icon-button"
                  aria-label={`Move ${name} down`}
                  aria-disabled={index === shownOrder.length - 1}
                  onClick={() => index < shownOrder.length - 1 && setOrder(moveSeat(shownOrder, index, index + 1))}
                >
                  ↓
                </button>
              </li>
            );
          })}
        </ol>
      </section>
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--danger">
          End game
        </button>
      </div>
    </form>
  );
}

export function EndGameDialog(props: EndGameDialogProps) {
  return (
    <Sheet open={props.open} title="End game" description="Life totals and counters stay as they are now and can no longer be changed." onClose={props.onClose} actions={null}>
      {/* Mounted per opening, so it starts from the game as it is now. */}
      {props.open ? <EndGameForm {...props} /> : null}
    </Sheet>
  );
}
