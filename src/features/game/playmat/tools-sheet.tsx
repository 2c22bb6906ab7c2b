/**
 * Table tools: dice (d6, d20, any dN), a coin flip, a random player, the monarch and
 * the initiative, day and night, each player's city's blessing and Ring, custom counters for the
 * table or a player, and the clocks. Every outcome is drawn here, shown at once and logged like any
 * change (offline too), so the other phones see the same result in their recent events.
 */
import { useId, useState, type FormEvent } from 'react';
import type { UpdateGameBody } from '../../../contract/game';
import { DIE_SIDES_MAX, DIE_SIDES_MIN, GameTableText, QUICK_DICE, type MarkerKind } from '../../../contract/game-table';
import type { GameRow } from '../../../db/schema';
import { seatName } from '../../../game/events';
import { markerHolder } from '../../../game/markers';
import { formatClock } from '../../../game/summary';
import { flipCoin, latestRoll, randomPlayer, rollDie } from '../../../game/tools';
import { useGameClocks } from './game-clock';
import { Sheet } from './sheet';
import { CustomCounters } from './tools-counters';
import { DayNightChoice, PlayerMarkers } from './tools-markers';

interface ToolsSheetProps {
  open: boolean;
  game: GameRow;
  onUpdate(change: Omit<UpdateGameBody, 'eventId'>): void;
  onClose(): void;
}

const MARKERS: { kind: MarkerKind; label: string; field: 'monarchSeat' | 'initiativeSeat' }[] = [
  { kind: 'monarch', label: 'Monarch', field: 'monarchSeat' },
  { kind: 'initiative', label: 'Initiative', field: 'initiativeSeat' },
];

function Clocks({ game }: { game: GameRow }) {
  const clocks = useGameClocks(game);
  return (
    <dl className="clock-list">
      <dt>Game time</dt>
      <dd>{formatClock(clocks.game)}</dd>
      <dt>This turn</dt>
      <dd>{formatClock(clocks.turn)}</dd>
    </dl>
  );
}

export function ToolsSheet({ open, game, onUpdate, onClose }: ToolsSheetProps) {
  const id = useId();
  const [sides, setSides] = useState('');
  const [sidesError, setSidesError] = useState<string | null>(null);
  const last = latestRoll(game);

  function rollAny(event: FormEvent) {
    event.preventDefault();
    const n = Number(sides);
    if (!Number.isInteger(n) || n < DIE_SIDES_MIN || n > DIE_SIDES_MAX) {
      setSidesError(GameTableText.dieSides);
      return;
    }
    setSidesError(null);
    onUpdate({ roll: rollDie(n) });
  }

  return (
    <Sheet open={open} title="Table tools" onClose={onClose}>
      <section className="sheet-section" aria-labelledby={`${id}-random`}>
        <h3 id={`${id}-random`}>Dice, coin and random player</h3>
        <div className="button-row">
          {QUICK_DICE.map((n) => (
            <button key={n} type="button" className="button" onClick={() => onUpdate({ roll: rollDie(n) })}>
              Roll d{n}
            </button>
          ))}
          <button type="button" className="button" onClick={() => onUpdate({ roll: flipCoin() })}>
            Flip a coin
          </button>
          <button type="button" className="button" onClick={() => onUpdate({ roll: randomPlayer(game) })}>
            Random player
          </button>
        </div>
        <form className="die-form" onSubmit={rollAny} noValidate>
          <div className="field">
            <label htmlFor={`${id}-sides`}>Sides</label>
            <input
              id={`${id}-sides`}
              type="number"
              inputMode="numeric"
              min={DIE_SIDES_MIN}
              max={DIE_SIDES_MAX}
              value={sides}
              aria-invalid={sidesError ? true : undefined}
              aria-describedby={sidesError ? `${id}-sides-error` : undefined}
              onChange={(event) => setSides(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--secondary">
            Roll
          </button>
        </form>
        {sidesError ? (
          <p id={`${id}-sides-error`} className="field-error" role="alert">
            {sidesError}
          </p>
        ) : null}
        <output className="tool-result" aria-label="Latest result">
          {last?.text ?? ''}
        </output>
      </section>

      <section className="sheet-section" aria-labelledby={`${id}-markers`}>
        <h3 id={`${id}-markers`}>Markers</h3>
        {MARKERS.map(({ kind, label, field }) => {
          const holder = markerHolder(game, kind);
          return (
            <div key={kind} className="field">
              <label htmlFor={`${id}-${kind}`}>{label}</label>
              <select
                id={`${id}-${kind}`}
                value={holder === null ? '' : String(holder)}
                onChange={(event) => onUpdate({ [field]: event.target.value === '' ? null : Number(event.target.value) })}
              >
                <option value="">Nobody</option>
                {game.participants.map((p) => (
                  <option key={p.seatNumber} value={p.seatNumber}>
                    {seatName(game, p.seatNumber)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </section>

      <section className="sheet-section" aria-labelledby={`${id}-day-night`}>
        <h3 id={`${id}-day-night`}>Day and night</h3>
        <DayNightChoice game={game} headingId={`${id}-day-night`} onUpdate={onUpdate} />
      </section>

      <section className="sheet-section" aria-labelledby={`${id}-players`}>
        <h3 id={`${id}-players`}>City&apos;s blessing and the Ring</h3>
        <PlayerMarkers game={game} hintId={`${id}-players-hint`} onUpdate={onUpdate} />
      </section>

      <section className="sheet-section" aria-labelledby={`${id}-custom`}>
        <h3 id={`${id}-custom`}>Custom counters</h3>
        <CustomCounters game={game} idPrefix={`${id}-custom`} onUpdate={onUpdate} />
      </section>

      <section className="sheet-section" aria-labelledby={`${id}-clocks`}>
        <h3 id={`${id}-clocks`}>Clocks</h3>
        <Clocks game={game} />
      </section>
    </Sheet>
  );
}
