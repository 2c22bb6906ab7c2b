/**
 * One player's tile on the playmat (docs/playmat.md): a field in the player's colour,
 * turned toward them, with the biggest life number that fits. The whole tile is the tap
 * surface: the half toward the centre of the table (the top of the turned face) takes 1 life,
 * the half toward the player gives 1, and holding repeats; −5 sits in the − half and +5 in the
 * + half. Name and commanders on top, every non-zero counter as a badge, and ⋯ opens the
 * counters over the tile. The active player's tile is ringed (aria-current); a player who is
 * out is greyed and marked 'Out', never removed.
 */
import { memo, useCallback, useId, useRef, useState, type CSSProperties } from 'react';
import type { CustomCounter } from '../../../contract/custom-counters';
import { LIFE_STEPS, type CommanderSource, type CounterKind } from '../../../contract/game';
import { GameInviteText } from '../../../contract/game-invites';
import { signed } from '../../../game/events';
import { CountersPanel } from './counters-panel';
import { TileBadges } from './tile-badges';
import { TileLife } from './tile-life';
import type { FaceMode, ScreenTile } from './table/fit';
import { MoreIcon } from './table/icons';
import type { DamageSource, SeatInfo } from './table/roster';
import type { ShownTable } from './shown-table';
import type { CounterChange } from './tap-writes';
import { usePressRepeat } from './use-press-repeat';
import { useShownPlayer } from './use-shown-seat';

interface PlayerTileProps {
  /** What the tiles show (shown-table.ts): the tile reads its own player from it. */
  table: ShownTable;
  seat: number;
  info: SeatInfo;
  sources: readonly DamageSource[];
  tile: ScreenTile;
  mode: FaceMode;
  active: boolean;
  /** The game is over: everything is read-only. */
  locked: boolean;
  monarch: boolean;
  initiative: boolean;
  blessed: boolean;
  ring: number;
  /** This player's custom counters (the same array while they are unchanged, so the tile stays memoised). */
  custom: readonly CustomCounter[];
  onChange(change: CounterChange): void;
}

/** The same element every render: React skips it when the tile redraws. */
const MORE_ICON = <MoreIcon />;

/** Memoised with a stable `onStep` (PlayerTile): when the tile redraws (a counter, a new mirror copy), its four buttons do not. */
const StepButton = memo(function StepButton({ label, delta, className, disabled, onStep }: { label: string; delta: number; className: string; disabled: boolean; onStep(delta: number): void }) {
  const press = usePressRepeat(() => onStep(delta), disabled);
  return (
    <button type="button" className={className} aria-label={`${label} ${signed(delta)}`} disabled={disabled} {...press}>
      <span aria-hidden="true">{className.startsWith('life-half') ? null : signed(delta)}</span>
    </button>
  );
});

export const PlayerTile = memo(function PlayerTile({ table, seat, info, sources, tile, mode, active, locked, monarch, initiative, blessed, ring, custom, onChange }: PlayerTileProps) {
  const player = useShownPlayer(table, seat);
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { name } = info;
  const [minusBig, minusOne, plusOne, plusBig] = LIFE_STEPS;
  const stepLife = useCallback((delta: number) => onChange({ seat, counter: 'life', delta }), [seat, onChange]);
  const change = (counter: CounterKind, delta: number, source?: CommanderSource) =>
    onChange(source ? { seat, counter, delta, source } : { seat, counter, delta });
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  if (!player) return null;
  const classes = ['tile', `tile--${mode}`, active ? 'tile--active' : '', player.out ? 'tile--out' : ''].filter(Boolean).join(' ');
  const style = { left: tile.left, top: tile.top, width: tile.width, height: tile.height, '--player': info.color } as CSSProperties;

  return (
    <section className={classes} style={style} aria-labelledby={`${id}-name`} aria-current={active ? 'true' : undefined} data-seat={seat}>
      <div className={`seat-turn seat-turn--${tile.rotation} tile-face`}>
        <StepButton label={`${name} life`} delta={minusOne} className="life-half life-half--minus" disabled={locked} onStep={stepLife} />
        <StepButton label={`${name} life`} delta={plusOne} className="life-half life-half--plus" disabled={locked} onStep={stepLife} />
        <div className="tile-ident">
          <h2 id={`${id}-name`} className="tile-name">
            {name}
          </h2>
          {info.commanders ? <p className="tile-commanders">{info.commanders}</p> : null}
          {info.invited ? <p className="tile-invited">{GameInviteText.invitedSeat}</p> : null}
        </div>
        <StepButton label={`${name} life`} delta={minusBig} className="tile-step tile-step--minus" disabled={locked} onStep={stepLife} />
        <TileLife table={table} seat={seat} name={name} />
        <TileBadges player={player} name={name} sources={sources} monarch={monarch} initiative={initiative} blessed={blessed} ring={ring} custom={custom} />
        <button
          ref={toggleRef}
          type="button"
          className="tile-more"
          aria-expanded={open}
          aria-controls={`${id}-counters`}
          aria-label={`${name} counters`}
          onClick={() => setOpen((value) => !value)}
        >
          {MORE_ICON}
        </button>
        <StepButton label={`${name} life`} delta={plusBig} className="tile-step tile-step--plus" disabled={locked} onStep={stepLife} />
        {open ? <CountersPanel id={`${id}-counters`} player={player} name={name} sources={sources} locked={locked} onChange={change} onClose={close} /> : null}
      </div>
    </section>
  );
});
