/**
 * The table tools' day/night choice and each player's city's blessing and Ring. Every tap is
 * one whole-game change (the monarch's write path), applied here at once and queued. The rules
 * never take the blessing away and never lower the Ring: 'Remove city's blessing' and 'Lower
 * Ring level' exist only to take back a mistaken tap, and say so.
 */
import type { UpdateGameBody } from '../../../contract/game';
import { RING_LEVEL_MAX, type DayNight } from '../../../contract/game-table';
import type { GameRow } from '../../../db/schema';
import { seatName } from '../../../game/events';
import { dayNightOf, hasCityBlessing, ringLevel } from '../../../game/markers';

type OnUpdate = (change: Omit<UpdateGameBody, 'eventId'>) => void;

const DAY_NIGHT: { state: DayNight; label: string }[] = [
  { state: 'none', label: 'Neither' },
  { state: 'day', label: 'Day' },
  { state: 'night', label: 'Night' },
];

/** Neither / Day / Night: the pressed button is the table's state. */
export function DayNightChoice({ game, headingId, onUpdate }: { game: GameRow; headingId: string; onUpdate: OnUpdate }) {
  const current = dayNightOf(game);
  return (
    <div className="button-row day-night-choice" role="group" aria-labelledby={headingId}>
      {DAY_NIGHT.map(({ state, label }) => (
        <button
          key={state}
          type="button"
          className={state === current ? 'button' : 'button button--secondary'}
          aria-pressed={state === current}
          onClick={() => onUpdate({ dayNight: state })}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function PlayerMarkerRow({ game, seat, onUpdate }: { game: GameRow; seat: number; onUpdate: OnUpdate }) {
  const name = seatName(game, seat);
  const blessed = hasCityBlessing(game, seat);
  const level = ringLevel(game, seat);
  const status = [blessed ? "City's blessing" : null, level > 0 ? `Ring ${level}` : null].filter(Boolean).join(' · ');
  return (
    <li className="player-markers-row">
      <p className="player-markers-name">
        <strong>{name}</strong>
        {status ? <span className="muted"> {status}</span> : null}
      </p>
      <div className="button-row player-markers-actions">
        {blessed ? (
          <button type="button" className="button button--secondary" aria-label={`Remove city's blessing: ${name}`} onClick={() => onUpdate({ cityBlessing: { seat, blessed: false } })}>
            Remove city&apos;s blessing
          </button>
        ) : (
          <button type="button" className="button button--secondary" aria-label={`City's blessing: ${name}`} onClick={() => onUpdate({ cityBlessing: { seat, blessed: true } })}>
            City&apos;s blessing
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          aria-label={`The Ring tempts you: ${name}`}
          onClick={() => onUpdate({ ring: { seat, step: 1 } })}
        >
          The Ring tempts you
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Lower Ring level: ${name}`}
          disabled={level === 0}
          onClick={() => onUpdate({ ring: { seat, step: -1 } })}
        >
          Lower Ring level
        </button>
      </div>
    </li>
  );
}

/** One row per player: the city's blessing (kept for the game) and the Ring (level 0 to 4). */
export function PlayerMarkers({ game, hintId, onUpdate }: { game: GameRow; hintId: string; onUpdate: OnUpdate }) {
  return (
    <>
      <p id={hintId} className="muted player-markers-hint">
        The city&apos;s blessing is kept for the rest of the game, and the Ring goes up to level {RING_LEVEL_MAX}. Remove and Lower only take back a mistaken tap.
      </p>
      <ul className="player-markers" aria-describedby={hintId}>
        {game.participants.map((p) => (
          <PlayerMarkerRow key={p.seatNumber} game={game} seat={p.seatNumber} onUpdate={onUpdate} />
        ))}
      </ul>
    </>
  );
}
