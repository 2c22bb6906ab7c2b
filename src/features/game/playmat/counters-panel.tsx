/**
 * A tile's counters, opened with its ⋯ switch and drawn over the tile (turned with it, so its
 * player reads it): poison, energy, experience, commander tax per own commander (±2), and
 * commander damage per opposing commander — a partner separately. Escape or Done closes it.
 */
import { useEffect, useRef } from 'react';
import { COUNTER_STEPS, commanderDamageKey, type CommanderSource, type CounterKind, type GameParticipant } from '../../../contract/game';
import { COMMANDER_TAX_STEP } from '../../../contract/game-table';
import { Stepper } from './stepper';
import type { DamageSource } from './table/roster';

const PLAIN_COUNTERS = [
  { counter: 'poison', field: 'poisonCounters', caption: 'Poison' },
  { counter: 'energy', field: 'energyCounters', caption: 'Energy' },
  { counter: 'experience', field: 'experienceCounters', caption: 'Experience' },
] as const;

const TAX_STEPS = [-COMMANDER_TAX_STEP, COMMANDER_TAX_STEP] as const;

interface CountersPanelProps {
  id: string;
  player: GameParticipant;
  name: string;
  sources: readonly DamageSource[];
  locked: boolean;
  onChange(counter: CounterKind, delta: number, source?: CommanderSource): void;
  onClose(): void;
}

export function CountersPanel({ id, player, name, sources, locked, onChange, onClose }: CountersPanelProps) {
  const doneRef = useRef<HTMLButtonElement>(null);
  // The panel covers the tile: focus goes into it when it opens (and back to its switch on close).
  useEffect(() => doneRef.current?.focus(), []);
  const own: { which: 'commander' | 'partner'; commander: string }[] = [{ which: 'commander', commander: player.commanderName }];
  if (player.partnerCommanderName) own.push({ which: 'partner', commander: player.partnerCommanderName });

  return (
    <div
      id={id}
      className="tile-counters"
      role="region"
      aria-label={`${name} counters`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="tile-counters-head">
        <h3>Counters</h3>
        <button ref={doneRef} type="button" className="tile-done" aria-label={`Close ${name} counters`} onClick={onClose}>
          Done
        </button>
      </div>
      {PLAIN_COUNTERS.map(({ counter, field, caption }) => (
        <Stepper
          key={counter}
          caption={caption}
          label={`${name} ${counter}`}
          value={player[field]}
          steps={COUNTER_STEPS}
          floorAtZero
          disabled={locked}
          onStep={(delta) => onChange(counter, delta)}
        />
      ))}
      <h3>Commander tax</h3>
      {own.map(({ which, commander }) => (
        <Stepper
          key={which}
          caption={commander}
          label={`${name} ${commander} tax`}
          value={player.commanderTax?.[which] ?? 0}
          steps={TAX_STEPS}
          floorAtZero
          disabled={locked}
          onStep={(delta) => onChange('commanderTax', delta, { seat: player.seatNumber, which })}
        />
      ))}
      <h3>Commander damage</h3>
      {sources.length === 0 ? <p className="muted">No opposing commanders.</p> : null}
      {sources.map(({ source, owner, commander }) => (
        <Stepper
          key={commanderDamageKey(source)}
          caption={`${commander} (${owner.name})`}
          label={`${name} commander damage from ${owner.name}'s ${commander}`}
          value={player.commanderDamage[commanderDamageKey(source)] ?? 0}
          steps={COUNTER_STEPS}
          floorAtZero
          disabled={locked}
          onStep={(delta) => onChange('commanderDamage', delta, source)}
        />
      ))}
    </div>
  );
}
