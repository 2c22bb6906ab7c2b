/**
 * End game: who won — or a draw —, how they won and on which turn, the order the others went
 * out (first out first, as tracked in play, changeable with Up and Down) and who took out whom.
 * Everything but the winner is proposed from the game (src/game/eliminations.ts), and the last
 * player standing is chosen already when there is one, so the common ending is one tap on
 * "End game: Bo wins by combat", which stays in view at the bottom of the sheet. Ending stores
 * the result with the game for every participant.
 */
import { useId, useState } from 'react';
import type { Elimination, WinMethod } from '../../../contract/game-ending';
import { EndingText } from '../../../contract/game-ending';
import type { EndGameInput } from '../../../contract/game-table';
import type { GameRow } from '../../../db/schema';
import { proposedOutOrder } from '../../../game/ending';
import { proposedEliminations, proposedWinMethod, winText } from '../../../game/eliminations';
import { seatName } from '../../../game/events';
import { moveSeat } from '../../../game/shuffle';
import { EndGameEliminations, MethodOptions } from './end-game-eliminations';
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
type Edit = Partial<Pick<Elimination, 'bySeat' | 'how'>>;

function OutOrder({ game, titleId, order, onOrder }: { game: GameRow; titleId: string; order: number[]; onOrder(order: number[]): void }) {
  return (
    <section className="sheet-section" aria-labelledby={titleId}>
      <h3 id={titleId}>Order players went out</h3>
      <p className="muted field-hint">First out first.</p>
      <ol className="out-order">
        {order.map((seat, index) => {
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
                onClick={() => index > 0 && onOrder(moveSeat(order, index, index - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--secondary icon-button"
                aria-label={`Move ${name} down`}
                aria-disabled={index === order.length - 1}
                onClick={() => index < order.length - 1 && onOrder(moveSeat(order, index, index + 1))}
              >
                ↓
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function EndGameForm({ game, proposedWinner, onEnd, onClose }: Omit<EndGameDialogProps, 'open'>) {
  const id = useId();
  const [winner, setWinner] = useState<number | typeof DRAW | null>(proposedWinner);
  const winnerSeat = winner === DRAW ? null : winner;
  const [chosenMethod, setMethod] = useState<WinMethod | null>(null);
  const method = winnerSeat === null ? undefined : (chosenMethod ?? proposedWinMethod(game, winnerSeat));
  const [turn, setTurn] = useState(String(game.turnNumber));
  const [order, setOrder] = useState<number[]>(() => proposedOutOrder(game, proposedWinner));
  // The out order never names the winner: choosing another winner rebuilds it, keeping the order known.
  const shownOrder = order.filter((seat) => seat !== winnerSeat);
  for (const seat of proposedOutOrder(game, winnerSeat)) if (!shownOrder.includes(seat)) shownOrder.push(seat);
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  const eliminations = proposedEliminations(game, winnerSeat, method, shownOrder).map((e) => ({ ...e, ...edits[e.seat] }));
  const [tried, setTried] = useState(false);

  const onTurn = Number(turn);
  const turnValid = Number.isInteger(onTurn) && onTurn >= 1 && onTurn <= game.turnNumber;
  const label = winner === null ? 'End game' : winnerSeat === null ? 'End game: a draw' : `End game: ${winText(game, winnerSeat, method)}`;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (winner === null || !turnValid) return;
        const result: EndGameInput = { winnerSeat, outOrder: shownOrder, onTurn, eliminations };
        if (method) result.winMethod = method;
        onEnd(result);
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

      <div className="end-game-how">
        {method ? (
          <div className="field">
            <label htmlFor={`${id}-method`}>How they won</label>
            <select id={`${id}-method`} value={method} onChange={(event) => setMethod(event.target.value as WinMethod)}>
              <MethodOptions />
            </select>
          </div>
        ) : null}
        <div className="field end-game-turn">
          <label htmlFor={`${id}-turn`}>On turn</label>
          <input
            id={`${id}-turn`}
            type="number"
            inputMode="numeric"
            min={1}
            max={game.turnNumber}
            value={turn}
            aria-invalid={tried && !turnValid}
            aria-describedby={tried && !turnValid ? `${id}-turn-error` : undefined}
            onChange={(event) => setTurn(event.target.value)}
          />
        </div>
      </div>
      {tried && !turnValid ? (
        <p id={`${id}-turn-error`} role="alert" className="field-error">
          {EndingText.chooseTurn(game.turnNumber)}
        </p>
      ) : null}

      <OutOrder game={game} titleId={`${id}-order`} order={shownOrder} onOrder={setOrder} />
      <EndGameEliminations
        game={game}
        titleId={`${id}-eliminations`}
        eliminations={eliminations}
        onChange={(seat, change) => setEdits((all) => ({ ...all, [seat]: { ...all[seat], ...change } }))}
      />
      <div className="dialog-actions end-game-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--danger">
          {label}
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
