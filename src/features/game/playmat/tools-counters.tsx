/**
 * The table tools' custom counters (src/game/custom-counters.ts): a form that adds one for the
 * table or for a player, and every counter with its − / + steps and Remove. Each tap is one
 * whole-game change (the monarch's write path), applied here at once and queued. The form says
 * what is wrong (an empty or long name, a name the owner has, an owner at the limit) before
 * anything is queued. The table's own counters show only here: the game bar has no room for
 * them on a 360 px screen.
 */
import { useState, type FormEvent } from 'react';
import type { UpdateGameBody } from '../../../contract/game';
import { CUSTOM_COUNTER_NAME_MAX, CUSTOM_COUNTER_VALUE_MAX, CUSTOM_COUNTERS_MAX, customCounterName, type CustomCounter } from '../../../contract/custom-counters';
import type { GameRow } from '../../../db/schema';
import { countersOf, newCounterProblem, ownerName } from '../../../game/custom-counters';
import { newId, signed } from '../../../game/events';

type OnUpdate = (change: Omit<UpdateGameBody, 'eventId'>) => void;

/** The select's value for the table; a player is their seat number. */
const TABLE = 'table';

function CounterRow({ game, counter, onUpdate }: { game: GameRow; counter: CustomCounter; onUpdate: OnUpdate }) {
  const owner = ownerName(game, counter.seat);
  const label = `${counter.name}: ${owner}`;
  const step = (delta: 1 | -1) => onUpdate({ customCounter: { action: 'step', id: counter.id, step: delta } });
  return (
    <li className="custom-counter">
      <p className="custom-counter-name">
        <strong>{counter.name}</strong> <span className="muted">{owner}</span>
      </p>
      <div className="custom-counter-actions" role="group" aria-label={label}>
        <button type="button" className="step-button" aria-label={`${counter.name} ${signed(-1)}: ${owner}`} disabled={counter.value <= 0} onClick={() => step(-1)}>
          {signed(-1)}
        </button>
        <span className="stepper-value">{counter.value}</span>
        <button
          type="button"
          className="step-button"
          aria-label={`${counter.name} ${signed(1)}: ${owner}`}
          disabled={counter.value >= CUSTOM_COUNTER_VALUE_MAX}
          onClick={() => step(1)}
        >
          {signed(1)}
        </button>
        <button
          type="button"
          className="button button--secondary custom-counter-remove"
          aria-label={`Remove ${counter.name}: ${owner}`}
          onClick={() => onUpdate({ customCounter: { action: 'remove', id: counter.id } })}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** The form, then the table's counters and each player's, in seat order, each in the order they were made. */
export function CustomCounters({ game, idPrefix, onUpdate }: { game: GameRow; idPrefix: string; onUpdate: OnUpdate }) {
  const [name, setName] = useState('');
  const [owner, setOwner] = useState(TABLE);
  const [error, setError] = useState<string | null>(null);
  const owners = [null, ...game.participants.map((p) => p.seatNumber)];
  const counters = owners.flatMap((seat) => countersOf(game, seat));

  function add(event: FormEvent) {
    event.preventDefault();
    const seat = owner === TABLE ? null : Number(owner);
    const problem = newCounterProblem(game, name, seat);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setName('');
    onUpdate({ customCounter: { action: 'create', id: newId(), name: customCounterName.parse(name), seat } });
  }

  return (
    <>
      <p id={`${idPrefix}-hint`} className="muted player-markers-hint">
        Storm, Treasure, Rad, a saga&apos;s chapter… A name of up to {CUSTOM_COUNTER_NAME_MAX} characters; up to {CUSTOM_COUNTERS_MAX} counters for the table and {CUSTOM_COUNTERS_MAX} for
        each player, each from 0 to {CUSTOM_COUNTER_VALUE_MAX}.
      </p>
      <form className="custom-counter-form" onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor={`${idPrefix}-name`}>Name</label>
          <input
            id={`${idPrefix}-name`}
            type="text"
            autoComplete="off"
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${idPrefix}-hint ${idPrefix}-error` : `${idPrefix}-hint`}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-owner`}>For</label>
          <select id={`${idPrefix}-owner`} value={owner} onChange={(event) => setOwner(event.target.value)}>
            <option value={TABLE}>Table</option>
            {game.participants.map((p) => (
              <option key={p.seatNumber} value={String(p.seatNumber)}>
                {ownerName(game, p.seatNumber)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Add counter
        </button>
      </form>
      {error ? (
        <p id={`${idPrefix}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {counters.length > 0 ? (
        <ul className="custom-counters" aria-label="Custom counters">
          {counters.map((counter) => (
            <CounterRow key={counter.id} game={game} counter={counter} onUpdate={onUpdate} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
