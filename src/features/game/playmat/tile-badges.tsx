/**
 * Everything a closed tile says besides life (nothing hidden behind a button): the
 * markers a player holds ('City's blessing' and 'Ring 2' in words), 'Out', every counter that
 * is not 0 — poison, energy, experience, commander tax —, the player's custom counters in words
 * ('Storm 3', even at 0: the table made them; a long name is cut, its number never), and
 * commander damage per opposing commander in that opponent's colour, with their initial, so
 * "who hit whom how hard" reads at a glance. Damage close to lethal (and poison close to 10) is
 * marked. Each badge says in words what it shows, for screen readers.
 * At most two rows, so the life number keeps its room: the markers and counters (wrapping only
 * when a tile holds many), then one strip of commander damage whose cells share the width
 * (LifeTrinket's per-opponent strip; a narrow cell drops the initial and keeps the number).
 */
import { memo, type ReactNode } from 'react';
import type { CustomCounter } from '../../../contract/custom-counters';
import { LETHAL_COMMANDER_DAMAGE, LETHAL_POISON, commanderDamageKey, type GameParticipant } from '../../../contract/game';
import { CrownIcon, EnergyIcon, ExperienceIcon, InitiativeIcon, PoisonIcon, TaxIcon } from './table/icons';
import type { DamageSource } from './table/roster';

/** More cells than this in the damage strip drop their initials (a cell of a narrow tile is then ~17 px). */
const DENSE_STRIP = 4;
/** From this far below lethal a badge is marked as a danger (tuned: one big hit away). */
const DANGER_MARGIN = { poison: 3, commanderDamage: 6 } as const;

interface TileBadgesProps {
  player: GameParticipant;
  name: string;
  sources: readonly DamageSource[];
  monarch: boolean;
  initiative: boolean;
  /** The city's blessing (kept for the rest of the game). */
  blessed: boolean;
  /** Ring-bearer level, 0 (none) to 4. */
  ring: number;
  /** The player's custom counters, in the order they were made (the same array while unchanged). */
  custom: readonly CustomCounter[];
}

function Badge({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <li className={`counter-badge ${className}`}>
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true" className="counter-badge-face">
        {children}
      </span>
    </li>
  );
}

function initial(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';
}

export const TileBadges = memo(function TileBadges({ player, name, sources, monarch, initiative, blessed, ring, custom }: TileBadgesProps) {
  const tax = player.commanderTax ?? {};
  const damage = sources.filter(({ source }) => (player.commanderDamage[commanderDamageKey(source)] ?? 0) > 0);
  const status = [player.out, monarch, initiative, blessed, ring, custom.length, player.poisonCounters, player.energyCounters, player.experienceCounters, tax.commander, tax.partner].some(Boolean);
  return (
    <div className="tile-badges" role="group" aria-label={`${name}: markers and counters`}>
      {status ? <StatusBadges player={player} monarch={monarch} initiative={initiative} blessed={blessed} ring={ring} custom={custom} /> : null}
      {damage.length > 0 ? (
        <ul className={damage.length > DENSE_STRIP ? 'damage-strip damage-strip--dense' : 'damage-strip'} aria-label="Commander damage taken">
          {damage.map(({ source, owner, commander }) => {
            const amount = player.commanderDamage[commanderDamageKey(source)] ?? 0;
            const danger = amount >= LETHAL_COMMANDER_DAMAGE - DANGER_MARGIN.commanderDamage;
            return (
              <li key={commanderDamageKey(source)} className={`counter-badge counter-badge--damage${danger ? ' counter-badge--danger' : ''}`} style={{ '--source': owner.color } as React.CSSProperties}>
                <span className="visually-hidden">{`Commander damage from ${owner.name}'s ${commander}: ${amount}`}</span>
                <span aria-hidden="true" className="counter-badge-face">
                  <span className="counter-badge-who">
                    {initial(owner.name)}
                    {source.which === 'partner' ? <sup>2</sup> : null}
                  </span>
                  {amount}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
});

function StatusBadges({ player, monarch, initiative, blessed, ring, custom }: Pick<TileBadgesProps, 'player' | 'monarch' | 'initiative' | 'blessed' | 'ring' | 'custom'>) {
  const tax = player.commanderTax ?? {};
  return (
    <ul className="counter-badge-row">
      {player.out ? (
        <Badge label="Out of the game" className="counter-badge--out">
          Out
        </Badge>
      ) : null}
      {monarch ? (
        <Badge label="Monarch" className="counter-badge--marker">
          <CrownIcon />
        </Badge>
      ) : null}
      {initiative ? (
        <Badge label="Has the initiative" className="counter-badge--marker">
          <InitiativeIcon />
        </Badge>
      ) : null}
      {blessed ? (
        <Badge label="City's blessing" className="counter-badge--marker counter-badge--words">
          City&apos;s blessing
        </Badge>
      ) : null}
      {ring > 0 ? (
        <Badge label={`The Ring, level ${ring}`} className="counter-badge--marker counter-badge--words">
          Ring {ring}
        </Badge>
      ) : null}
      {player.poisonCounters > 0 ? (
        <Badge label={`Poison ${player.poisonCounters}`} className={player.poisonCounters >= LETHAL_POISON - DANGER_MARGIN.poison ? 'counter-badge--danger' : ''}>
          <PoisonIcon />
          {player.poisonCounters}
        </Badge>
      ) : null}
      {player.energyCounters > 0 ? (
        <Badge label={`Energy ${player.energyCounters}`}>
          <EnergyIcon />
          {player.energyCounters}
        </Badge>
      ) : null}
      {player.experienceCounters > 0 ? (
        <Badge label={`Experience ${player.experienceCounters}`}>
          <ExperienceIcon />
          {player.experienceCounters}
        </Badge>
      ) : null}
      {(['commander', 'partner'] as const).map((which) =>
        tax[which] ? (
          <Badge key={which} label={`${which === 'partner' ? player.partnerCommanderName : player.commanderName} tax ${tax[which]}`}>
            <TaxIcon />
            {tax[which]}
          </Badge>
        ) : null,
      )}
      {custom.map((counter) => (
        <Badge key={counter.id} label={`${counter.name}: ${counter.value}`} className="counter-badge--custom">
          <span className="counter-badge-name">{counter.name}</span> {counter.value}
        </Badge>
      ))}
    </ul>
  );
}
