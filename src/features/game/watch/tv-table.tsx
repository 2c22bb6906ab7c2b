/**
 * The table of the no-account views, every face upright in a grid (tv-layout.ts), drawn by the
 * playmat's own tiles over the stage's whole area: the TV view (watch-page.tsx: every tile
 * read-only) and a guest seat (src/features/game/guest: only `ownSeat` takes taps, through
 * `onChange`; the other tiles are locked and draw no step controls).
 */
import { useMemo } from 'react';
import type { GameRow } from '../../../db/schema';
import { TableTiles } from '../playmat/table-tiles';
import { buildRoster, damageSources } from '../playmat/table/roster';
import type { CounterChange } from '../playmat/tap-writes';
import { useArea } from '../playmat/table/use-area';
import { tvScale, tvTiles } from './tv-layout';

const noChange = () => undefined;

interface TvTableProps {
  game: GameRow;
  /** The view is not live: the last table seen, dimmed. */
  stale: boolean;
  /** The stage's size before it is measured. */
  initialArea(): { width: number; height: number };
  /** A guest seat: the one tile that takes taps. */
  ownSeat?: number;
  onChange?(change: CounterChange): void;
}

/**
 * The window's area below a bar of `barHeight` px, the table's first size before it is measured
 * (`fallback`: the screen it is made for, where there is no window).
 */
export function areaBelowBar(barHeight: number, fallback: { width: number; height: number }): () => { width: number; height: number } {
  return () => ({
    width: typeof window === 'undefined' ? fallback.width : window.innerWidth,
    height: (typeof window === 'undefined' ? fallback.height : window.innerHeight) - barHeight,
  });
}

export function TvTable({ game, stale, initialArea, ownSeat, onChange }: TvTableProps) {
  const [screen, stageRef] = useArea<HTMLDivElement>(initialArea);
  const scale = tvScale(screen);
  const area = { width: screen.width / scale, height: screen.height / scale };
  const seatKey = game.participants.map((p) => p.seatNumber).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the tiles move only when the seats or the screen do
  const tiles = useMemo(() => tvTiles(seatKey.split(',').map(Number), area), [seatKey, area.width, area.height]);
  const rosterKey = JSON.stringify(game.participants.map((p) => [p.seatNumber, p.displayName, p.commanderName, p.partnerCommanderName]));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when names or commanders change, not on every counter
  const roster = useMemo(() => buildRoster(game), [rosterKey]);
  const sources = useMemo(() => new Map([...roster.keys()].map((seat) => [seat, damageSources(roster, seat)])), [roster]);
  const guest = ownSeat !== undefined;
  return (
    <div className="watch-stage" ref={stageRef}>
      <div
        className={`playmat-table ${guest ? 'guest-table' : 'watch-table'}${stale ? ' watch-table--stale' : ''}`}
        style={{ width: area.width, height: area.height, transform: `scale(${scale})` }}
      >
        <TableTiles mirror={game} tiles={tiles} roster={roster} sources={sources} onChange={onChange ?? noChange} readOnly={!guest} ownSeat={ownSeat} />
      </div>
    </div>
  );
}
