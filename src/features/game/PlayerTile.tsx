/**
 * One player's tile on the playmat, placed on their seat and turned toward them: name,
 * commanders, life with −5 −1 +1 +5, and an expandable Counters panel (poison, energy,
 * experience, commander damage per opposing commander — a partner separately). The active
 * player's tile is highlighted (aria-current + 'Active'); a player who is out is dimmed, never
 * removed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  COUNTER_STEPS,
  LIFE_STEPS,
  commanderDamageKey,
  type CommanderSource,
  type CounterKind,
  type Game,
  type GameParticipant,
  type SeatLayout,
} from '../../contract/game';
import { seatName } from '../../game/events';
import { commandersOf } from './players';
import { Stepper } from './Stepper';
import { SeatTurn, seatBox } from './TableMap';

export interface CounterChange {
  seat: number;
  counter: CounterKind;
  delta: number;
  source?: CommanderSource;
}

interface PlayerTileProps {
  game: Game;
  player: GameParticipant;
  seat: SeatLayout;
  /** The game is over: everything is read-only. */
  locked: boolean;
  onChange(change: CounterChange): void;
}

const PLAIN_COUNTERS = [
  { counter: 'poison', field: 'poisonCounters', caption: 'Poison' },
  { counter: 'energy', field: 'energyCounters', caption: 'Energy' },
  { counter: 'experience', field: 'experienceCounters', caption: 'Experience' },
] as const;

interface DamageSource {
  source: CommanderSource;
  owner: string;
  commander: string;
}

/** Every commander at the table but the player's own: each opponent's commander, then partner. */
function damageSources(game: Game, player: GameParticipant): DamageSource[] {
  return game.participants
    .filter((other) => other.seatNumber !== player.seatNumber)
    .flatMap((other) => {
      const owner = seatName(game, other.seatNumber);
      const sources: DamageSource[] = [{ source: { seat: other.seatNumber, which: 'commander' }, owner, commander: other.commanderName }];
      if (other.partnerCommanderName) {
        sources.push({ source: { seat: other.seatNumber, which: 'partner' }, owner, commander: other.partnerCommanderName });
      }
      return sources;
    });
}

/** The non-zero counters, for the closed panel: 'Poison 3 · Energy 1'. */
function summary(player: GameParticipant, sources: DamageSource[]): string {
  const parts = PLAIN_COUNTERS.filter(({ field }) => player[field] > 0).map(({ field, caption }) => `${caption} ${player[field]}`);
  for (const { source, commander } of sources) {
    const damage = player.commanderDamage[commanderDamageKey(source)] ?? 0;
    if (damage > 0) parts.push(`${commander} ${damage}`);
  }
  return parts.join(' · ');
}

export function PlayerTile({ game, player, seat, locked, onChange }: PlayerTileProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  // The panel covers the tile: focus goes into it when it opens and back to its switch on close.
  useEffect(() => {
    if (open) doneRef.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const name = seatName(game, player.seatNumber);
  const active = game.activeSeat === player.seatNumber;
  const sources = damageSources(game, player);
  const commanders = commandersOf(player);
  const line = summary(player, sources);
  const classes = ['tile', active ? 'tile--active' : '', player.out ? 'tile--out' : ''].filter(Boolean).join(' ');
  const change = (counter: CounterKind, source?: CommanderSource) => (delta: number) =>
    onChange(source ? { seat: player.seatNumber, counter, delta, source } : { seat: player.seatNumber, counter, delta });

  return (
    <section className={classes} style={seatBox(seat)} aria-labelledby={`${id}-name`} aria-current={active ? 'true' : undefined}>
      <SeatTurn rotation={seat.rotation} className="tile-body">
        <div className="tile-inner">
          <header className="tile-head">
            <h2 id={`${id}-name`} className="tile-name">
              {name}
            </h2>
            {active ? <span className="tile-badge tile-badge--active">Active</span> : null}
            {player.out ? <span className="tile-badge tile-badge--out">Out</span> : null}
          </header>
          {commanders ? <p className="tile-commanders">{commanders}</p> : null}
          <Stepper className="stepper--life" label={`${name} life`} value={player.lifeTotal} steps={LIFE_STEPS} disabled={locked} onStep={change('life')} />
          <div className="tile-foot">
            <button
              ref={toggleRef}
              type="button"
              className="tile-toggle"
              aria-expanded={open}
              aria-controls={`${id}-counters`}
              aria-label={`${name} counters`}
              onClick={() => setOpen((value) => !value)}
            >
              <span className="tile-toggle-text">Counters</span>
              <span className="tile-toggle-icon" aria-hidden="true">
                ⋯
              </span>
            </button>
            {line ? <span className="tile-summary">{line}</span> : null}
          </div>
        </div>
        {open ? (
          <div
            id={`${id}-counters`}
            className="tile-counters"
            role="region"
            aria-label={`${name} counters`}
            onKeyDown={(event) => {
              if (event.key === 'Escape') close();
            }}
          >
            <div className="tile-counters-head">
              <h3>Counters</h3>
              <button ref={doneRef} type="button" className="tile-toggle" aria-label={`Close ${name} counters`} onClick={close}>
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
                onStep={change(counter)}
              />
            ))}
            <h3>Commander damage</h3>
            {sources.length === 0 ? <p className="muted">No opposing commanders.</p> : null}
            {sources.map(({ source, owner, commander }) => (
              <Stepper
                key={commanderDamageKey(source)}
                caption={`${commander} (${owner})`}
                label={`${name} commander damage from ${owner}'s ${commander}`}
                value={player.commanderDamage[commanderDamageKey(source)] ?? 0}
                steps={COUNTER_STEPS}
                floorAtZero
                disabled={locked}
                onStep={change('commanderDamage', source)}
              />
            ))}
          </div>
        ) : null}
      </SeatTurn>
    </section>
  );
}
