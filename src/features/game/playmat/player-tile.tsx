/**
 * One player's tile on the playmat (docs/playmat.md): a field in the player's colour,
 * turned toward them, with the biggest life number that fits. The whole tile is the tap
 * surface: the half toward the centre of the table (the top of the turned face) takes 1 life,
 * the half toward the player gives 1, and holding repeats. The controls keep their corners of
 * the face in every arrangement: −5 top right (the − half), +5 bottom right (the + half), ⋯
 * bottom left; the name top left, its commanders beside or under it only when they fit whole
 * (the counters panel's title has them in full). Badges show every non-zero counter; a tap on
 * the commander damage opens the per-opponent grid. The active player's tile is ringed
 * (aria-current) and says 'Turn' ('Your turn' on the device owner's own tile); a player who is
 * out is greyed, says why ('Out · 10 poison'), and is never removed.
 */
import { memo, useCallback, useId, useRef, useState, type CSSProperties } from 'react';
import type { CustomCounter } from '../../../contract/custom-counters';
import { LIFE_STEPS, type CommanderSource, type CounterKind } from '../../../contract/game';
import { GameInviteText } from '../../../contract/game-invites';
import { signed } from '../../../game/events';
import { outReason } from '../../../game/out-reason';
import { CountersPanel, type CountersPart } from './counters-panel';
import { TileBadges, type TileTurn } from './tile-badges';
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
  /** A wide stacked face: the badges between ⋯ and +5 (fit.ts). */
  inlineBadges: boolean;
  /** The badge row's width, px (fit.ts: badgeRoom). */
  room: number;
  active: boolean;
  /** The device owner's own seat ('Your turn' when it is active). */
  mine: boolean;
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

export const PlayerTile = memo(function PlayerTile({ table, seat, info, sources, tile, mode, inlineBadges, room, active, mine, locked, monarch, initiative, blessed, ring, custom, onChange }: PlayerTileProps) {
  const player = useShownPlayer(table, seat);
  const [open, setOpen] = useState<CountersPart | null>(null);
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const tileRef = useRef<HTMLElement>(null);
  const { name } = info;
  const [minusBig, minusOne, plusOne, plusBig] = LIFE_STEPS;
  const stepLife = useCallback((delta: number) => onChange({ seat, counter: 'life', delta }), [seat, onChange]);
  const openDamage = useCallback(() => setOpen('damage'), []);
  const change = (counter: CounterKind, delta: number, source?: CommanderSource) =>
    onChange(source ? { seat, counter, delta, source } : { seat, counter, delta });
  const close = () => {
    const from = open;
    setOpen(null);
    // Focus goes back to what opened the panel (the damage chips may have given way since: then ⋯).
    const chips = tileRef.current?.querySelector<HTMLButtonElement>('.badge-flow--button');
    (from === 'damage' && chips ? chips : toggleRef.current)?.focus();
  };
  if (!player) return null;
  const classes = ['tile', `tile--${mode}`, inlineBadges ? 'tile--inline-badges' : '', active ? 'tile--active' : '', player.out ? 'tile--out' : ''].filter(Boolean).join(' ');
  const style = { left: tile.left, top: tile.top, width: tile.width, height: tile.height, '--player': info.color } as CSSProperties;
  const turn: TileTurn = active ? (mine ? 'yours' : 'theirs') : null;
  const out = player.out ? outReason(player, (owner) => sources.find((s) => s.owner.seat === owner)?.owner) : null;

  return (
    <section ref={tileRef} className={classes} style={style} aria-labelledby={`${id}-name`} aria-current={active ? 'true' : undefined} data-seat={seat}>
      <div className={`seat-turn seat-turn--${tile.rotation} tile-face`}>
        <StepButton label={`${name} life`} delta={minusOne} className="life-half life-half--minus" disabled={locked} onStep={stepLife} />
        <StepButton label={`${name} life`} delta={plusOne} className="life-half life-half--plus" disabled={locked} onStep={stepLife} />
        <div className="tile-ident">
          <h2 id={`${id}-name`} className="tile-name">
            {name}
          </h2>
          {info.invited ? <p className="tile-invited">{GameInviteText.invitedSeat}</p> : null}
          {/* Whole or not at all: a line that does not fit wraps out of sight (playmat.css). */}
          {info.commanders ? (
            <p className="tile-commanders">
              <span className="tile-commanders-text">{info.commanders}</span>
            </p>
          ) : null}
        </div>
        <StepButton label={`${name} life`} delta={minusBig} className="tile-step tile-step--minus" disabled={locked} onStep={stepLife} />
        <TileLife table={table} seat={seat} name={name} />
        {out ? <p className="tile-out-reason">{out}</p> : null}
        <TileBadges
          player={player}
          name={name}
          sources={sources}
          monarch={monarch}
          initiative={initiative}
          blessed={blessed}
          ring={ring}
          custom={custom}
          turn={turn}
          room={room}
          onDamage={openDamage}
        />
        <button
          ref={toggleRef}
          type="button"
          className="tile-more"
          aria-expanded={open !== null}
          aria-controls={`${id}-counters`}
          aria-label={`${name} counters`}
          onClick={() => setOpen((value) => (value ? null : 'counters'))}
        >
          {MORE_ICON}
        </button>
        <StepButton label={`${name} life`} delta={plusBig} className="tile-step tile-step--plus" disabled={locked} onStep={stepLife} />
        {open ? (
          <CountersPanel
            id={`${id}-counters`}
            player={player}
            name={name}
            commanders={info.commanders}
            part={open}
            sources={sources}
            locked={locked}
            onChange={change}
            onClose={close}
          />
        ) : null}
      </div>
    </section>
  );
});
