/**
 * The tiles of the playmat: the only part of it that reads the tap overlay, so a tap redraws
 * this layer and its own tile, nothing else (taps paint first; see src/stores/taps.ts).
 */
import { memo } from 'react';
import type { GameRow } from '../../db/schema';
import { tableOf } from '../../game/table';
import { PlayerTile } from './PlayerTile';
import { faceFit, faceOf, type ScreenTile } from './table/fit';
import type { DamageSource, Roster } from './table/roster';
import type { CounterChange } from './taps';
import { useShownGame } from './useShownGame';

interface TableTilesProps {
  mirror: GameRow;
  tiles: readonly ScreenTile[];
  roster: Roster;
  sources: ReadonlyMap<number, readonly DamageSource[]>;
  onChange(change: CounterChange): void;
}

const NO_SOURCES: readonly DamageSource[] = [];

export const TableTiles = memo(function TableTiles({ mirror, tiles, roster, sources, onChange }: TableTilesProps) {
  const game = useShownGame(mirror);
  const live = game.status === 'ACTIVE';
  const table = tableOf(game);
  return tiles.map((tile) => {
    const player = game.participants.find((p) => p.seatNumber === tile.seat);
    const info = roster.get(tile.seat);
    if (!player || !info) return null;
    const face = faceOf(tile);
    return (
      <PlayerTile
        key={tile.seat}
        player={player}
        info={info}
        sources={sources.get(tile.seat) ?? NO_SOURCES}
        tile={tile}
        mode={faceFit(face.width, face.height).mode}
        active={live && game.activeSeat === tile.seat}
        locked={!live}
        monarch={table.monarchSeat === tile.seat}
        initiative={table.initiativeSeat === tile.seat}
        onChange={onChange}
      />
    );
  });
});
