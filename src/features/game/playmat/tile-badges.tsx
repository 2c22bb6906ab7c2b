/**
 * Everything a closed tile says besides life and name, in words at 14 px (nothing hidden behind
 * a button): whose turn it is ('Your turn' on the device owner's own tile), the markers a player
 * holds ('Monarch', 'City's blessing', 'Ring 2'), every counter that is not 0 ('Poison 3',
 * 'Energy 2', 'Exp 1', 'Tax 4'), the player's custom counters ('Storm 3', even at 0: the table
 * made them; a long name is cut, its number never), and commander damage per opposing
 * commander in that opponent's colour, the run led by one ⚔ ('⚔ Ben 21', 'Ana 3'). Poison and damage close to lethal are ringed.
 * Each chip says in words what it shows, for screen readers.
 *
 * At most two rows where possible (table/badge-fit.ts), so the life number keeps its room: the
 * damage chips give way first (shorter names, then the largest amounts and '⚔ +3'). With
 * commander damage the row is one 44 px button that opens the per-opponent damage grid
 * (CountersPanel, damage first); without, the chips are a plain list the life taps pass through.
 */
import { memo, type CSSProperties, type ReactNode } from 'react';
import type { CustomCounter } from '../../../contract/custom-counters';
import { LETHAL_COMMANDER_DAMAGE, LETHAL_POISON, commanderDamageKey, type GameParticipant } from '../../../contract/game';
import { moreText, planBadges, type TurnForm } from './table/badge-fit';
import { SwordsIcon, TurnIcon } from './table/icons';
import type { DamageSource } from './table/roster';

/** From this far below lethal a badge is marked as a danger (tuned: one big hit away). */
const DANGER_MARGIN = { poison: 3, commanderDamage: 6 } as const;

/** Whose turn the tile shows: the device owner's own ('Your turn'), another player's, or none. */
export type TileTurn = 'yours' | 'theirs' | null;

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
  turn: TileTurn;
  /** The badge row's width in px (fit.ts: badgeRoom). */
  room: number;
  /** Opens the per-opponent damage grid (a stable callback, so the badges stay memoised). */
  onDamage(): void;
}

interface Chip {
  key: string;
  /** What a screen reader hears. */
  label: string;
  /** What the chip says (the width estimate reads it too). */
  text: string;
  className?: string;
  icon?: ReactNode;
  /** Drawn instead of the text (a custom counter's name is cut by CSS, its number never). */
  face?: ReactNode;
  style?: CSSProperties;
}

/** A chip: an item of the plain list, or a span inside the damage button (whose content is phrasing only). */
function ChipView({ chip, inButton }: { chip: Chip; inButton: boolean }) {
  const Tag = inButton ? 'span' : 'li';
  return (
    <Tag className={`counter-badge ${chip.className ?? ''}`} style={chip.style}>
      <span className="visually-hidden">{chip.label}</span>
      <span aria-hidden="true" className="counter-badge-face">
        {chip.icon}
        {chip.face ?? chip.text}
      </span>
    </Tag>
  );
}

const TURN_ICON = <TurnIcon />;
const SWORDS_ICON = <SwordsIcon />;

/** The first word of a commander's name ('Tymna the Weaver' → 'Tymna'), for a partner pair's chips. */
const firstWord = (name: string) => name.trim().split(/[\s,]+/)[0] ?? name;

function turnChip(turn: Exclude<TileTurn, null>, form: TurnForm): Chip {
  const words = turn === 'yours' ? 'Your turn' : 'Turn';
  return { key: 'turn', label: turn === 'yours' ? 'Your turn' : 'Their turn', text: form === 'icon' ? '' : words, className: 'counter-badge--turn', icon: form === 'words' ? undefined : TURN_ICON };
}

function statusChips({ player, monarch, initiative, blessed, ring, custom }: Omit<TileBadgesProps, 'name' | 'sources' | 'room' | 'onDamage' | 'turn'>): Chip[] {
  const chips: Chip[] = [];
  if (monarch) chips.push({ key: 'monarch', label: 'Monarch', text: 'Monarch', className: 'counter-badge--marker' });
  if (initiative) chips.push({ key: 'initiative', label: 'Has the initiative', text: 'Initiative', className: 'counter-badge--marker' });
  if (blessed) chips.push({ key: 'blessing', label: "City's blessing", text: "City's blessing", className: 'counter-badge--marker counter-badge--words' });
  if (ring > 0) chips.push({ key: 'ring', label: `The Ring, level ${ring}`, text: `Ring ${ring}`, className: 'counter-badge--marker' });
  if (player.poisonCounters > 0) {
    const danger = player.poisonCounters >= LETHAL_POISON - DANGER_MARGIN.poison;
    chips.push({ key: 'poison', label: `Poison ${player.poisonCounters}`, text: `Poison ${player.poisonCounters}`, className: danger ? 'counter-badge--danger' : '' });
  }
  if (player.energyCounters > 0) chips.push({ key: 'energy', label: `Energy ${player.energyCounters}`, text: `Energy ${player.energyCounters}` });
  if (player.experienceCounters > 0) chips.push({ key: 'experience', label: `Experience ${player.experienceCounters}`, text: `Exp ${player.experienceCounters}` });
  const tax = player.commanderTax ?? {};
  for (const which of ['commander', 'partner'] as const) {
    const amount = tax[which];
    if (!amount) continue;
    const commander = (which === 'partner' ? player.partnerCommanderName : player.commanderName) ?? '';
    chips.push({ key: `tax-${which}`, label: `${commander} tax ${amount}`, text: player.partnerCommanderName ? `${firstWord(commander)} tax ${amount}` : `Tax ${amount}` });
  }
  for (const counter of custom) {
    chips.push({
      key: counter.id,
      label: `${counter.name}: ${counter.value}`,
      text: `${counter.name} ${counter.value}`,
      className: 'counter-badge--custom',
      face: (
        <>
          <span className="counter-badge-name">{counter.name}</span> {counter.value}
        </>
      ),
    });
  }
  return chips;
}

export const TileBadges = memo(function TileBadges({ player, name, sources, room, onDamage, turn, ...status }: TileBadgesProps) {
  const counters = statusChips({ player, ...status });
  const damage = sources
    .map(({ source, owner, commander }) => ({
      source,
      owner,
      commander,
      // A partner pair's two chips are named by their commanders; anyone else's by the player.
      name: owner.partner ? firstWord(commander) : owner.name,
      amount: player.commanderDamage[commanderDamageKey(source)] ?? 0,
    }))
    .filter((entry) => entry.amount > 0);
  // Counters carry no icon: their words are all the estimate needs.
  const plan = planBadges(turn === null ? null : turn === 'yours' ? 'Your turn' : 'Turn', counters.map((chip) => ({ text: chip.text })), damage, room);
  const damageChips: Chip[] = plan.damage.map(({ chip, name: shownName }, i) => ({
    key: commanderDamageKey(chip.source),
    label: `Commander damage from ${chip.owner.name}'s ${chip.commander}: ${chip.amount}`,
    text: `${shownName} ${chip.amount}`,
    face: (
      <>
        <span className="counter-badge-name">{shownName}</span> {chip.amount}
      </>
    ),
    className: `counter-badge--damage${chip.amount >= LETHAL_COMMANDER_DAMAGE - DANGER_MARGIN.commanderDamage ? ' counter-badge--danger' : ''}`,
    // One ⚔ leads the run of damage chips (table/badge-fit.ts counts it there).
    icon: i === 0 ? SWORDS_ICON : undefined,
    style: { '--source': chip.owner.color } as CSSProperties,
  }));
  if (plan.hidden > 0) {
    damageChips.push({
      key: 'more',
      label: `and ${plan.hidden} more`,
      text: moreText(plan.hidden),
      className: 'counter-badge--damage counter-badge--more',
      icon: damageChips.length === 0 ? SWORDS_ICON : undefined,
    });
  }
  // Drawn row by row as planned (first fit), so the page wraps them into the same rows.
  const all = [...(turn && plan.turn ? [turnChip(turn, plan.turn)] : []), ...counters, ...damageChips];
  const chips = all.map((chip, i) => ({ chip, row: plan.rows[i] ?? 0, i })).sort((a, b) => a.row - b.row || a.i - b.i).map(({ chip }) => chip);
  const labels = [...(turn && plan.turn ? [turnChip(turn, plan.turn)] : []), ...counters].map((chip) => chip.label);

  return (
    <div className="tile-badges" role="group" aria-label={`${name}: markers and counters`}>
      {damage.length > 0 ? (
        <button
          type="button"
          className="badge-flow badge-flow--button"
          // Its name says what it opens, every damage amount (shown or not), then the other chips.
          aria-label={`${name} commander damage: ${damage.map((entry) => `${entry.amount} from ${entry.owner.name}'s ${entry.commander}`).join(', ')}${labels.length > 0 ? `; ${labels.join(', ')}` : ''}`}
          onClick={onDamage}
        >
          {chips.map((chip) => (
            <ChipView key={chip.key} chip={chip} inButton />
          ))}
        </button>
      ) : chips.length > 0 ? (
        <ul className="badge-flow">
          {chips.map((chip) => (
            <ChipView key={chip.key} chip={chip} inButton={false} />
          ))}
        </ul>
      ) : null}
    </div>
  );
});
