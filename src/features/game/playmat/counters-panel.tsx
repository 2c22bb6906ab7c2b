/**
 * A tile's counters, opened with its ⋯ switch and drawn over the tile (turned with it, so its
 * player reads it): poison, energy, experience, commander tax per own commander (±2), and
 * commander damage per opposing commander — a partner separately. Opened from the tile's
 * commander-damage chips it shows that per-opponent grid first. Its title is the player with
 * their commanders in full (a small tile drops them rather than cut them). Escape or Done closes it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
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

/** Which part comes first: the counters (⋯) or the commander damage (a tap on the damage chips). */
export type CountersPart = 'counters' | 'damage';

interface CountersPanelProps {
  id: string;
  player: GameParticipant;
  name: string;
  /** 'Tymna // Thrasios', or null. */
  commanders: string | null;
  part: CountersPart;
  sources: readonly DamageSource[];
  locked: boolean;
  onChange(counter: CounterKind, delta: number, source?: CommanderSource): void;
  onClose(): void;
}

export function CountersPanel({ id, player, name, commanders, part, sources, locked, onChange, onClose }: CountersPanelProps) {
  const doneRef = useRef<HTMLButtonElement>(null);
  // The panel covers the tile: focus goes into it when it opens (and back to its switch on close).
  useEffect(() => doneRef.current?.focus(), []);
  const own: { which: 'commander' | 'partner'; commander: string }[] = [{ which: 'commander', commander: player.commanderName }];
  if (player.partnerCommanderName) own.push({ which: 'partner', commander: player.partnerCommanderName });

  const counters: ReactNode = (
    <>
      <h4>Counters</h4>
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
      <h4>Commander tax</h4>
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
    </>
  );
  const damage: ReactNode = (
    <>
      <h4>Commander damage</h4>
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
    </>
  );

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
        <h3 className="tile-counters-title">
          {name}
          {commanders ? <span className="tile-counters-commanders">{commanders}</span> : null}
        </h3>
        <button ref={doneRef} type="button" className="tile-done" aria-label={`Close ${name} counters`} onClick={onClose}>
          Done
        </button>
      </div>
      {part === 'damage' ? damage : null}
      {counters}
      {part === 'damage' ? null : damage}
    </div>
  );
}
