/**
 * End game's "Who took out whom": one row per player taken out, first out first, with who did
 * it (another player, or nobody known) and how, both proposed from the game (src/game/eliminations.ts)
 * and changeable.
 */
import { WIN_METHODS, type Elimination, type WinMethod } from '../../../contract/game-ending';
import type { Game } from '../../../contract/game';
import { WIN_METHOD_LABEL } from '../../../game/eliminations';
import { seatName } from '../../../game/events';

interface EliminationsProps {
  game: Game;
  titleId: string;
  eliminations: readonly Elimination[];
  onChange(seat: number, change: Partial<Pick<Elimination, 'bySeat' | 'how'>>): void;
}

export function MethodOptions() {
  return WIN_METHODS.map((method: WinMethod) => (
    <option key={method} value={method}>
      {WIN_METHOD_LABEL[method]}
    </option>
  ));
}

export function EndGameEliminations({ game, titleId, eliminations, onChange }: EliminationsProps) {
  if (eliminations.length === 0) return null;
  return (
    <section className="sheet-section" aria-labelledby={titleId}>
      <h3 id={titleId}>Who took out whom</h3>
      <ul className="eliminations">
        {eliminations.map((elimination) => {
          const name = seatName(game, elimination.seat);
          const field = `${titleId}-${elimination.seat}`;
          return (
            <li key={elimination.seat} className="elimination">
              <span className="elimination-who">{name}</span>
              <div className="field elimination-field">
                <label htmlFor={`${field}-by`}>
                  <span className="visually-hidden">{name}: </span>Taken out by
                </label>
                <select
                  id={`${field}-by`}
                  value={elimination.bySeat === null ? '' : String(elimination.bySeat)}
                  onChange={(event) => onChange(elimination.seat, { bySeat: event.target.value === '' ? null : Number(event.target.value) })}
                >
                  <option value="">Not known</option>
                  {game.participants
                    .filter((p) => p.seatNumber !== elimination.seat)
                    .map((p) => (
                      <option key={p.seatNumber} value={String(p.seatNumber)}>
                        {seatName(game, p.seatNumber)}
                      </option>
                    ))}
                </select>
              </div>
              <div className="field elimination-field">
                <label htmlFor={`${field}-how`}>
                  <span className="visually-hidden">{name}: </span>How
                </label>
                <select id={`${field}-how`} value={elimination.how} onChange={(event) => onChange(elimination.seat, { how: event.target.value as WinMethod })}>
                  <MethodOptions />
                </select>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
