/**
 * The tiles of the playmat: the only part of it that reads the tap overlay (taps paint first;
 * see src/stores/tap-overlay.ts). The layer itself renders from the mirror — a tap changes no seat's
 * place, colour, turn or marker — and each tile reads what the overlay changes from the
 * ShownTable (shown-table.ts): a life tap re-renders that tile's life number and nothing else.
 */
import { memo, useState } from 'react';
import type { CustomCounter } from '../../../contract/custom-counters';
import type { GameRow } from '../../../db/schema';
import { countersOf } from '../../../game/custom-counters';
import { hasCityBlessing, ringLevel } from '../../../game/markers';
import { tableOf } from '../../../game/table';
import { useMyId } from '../../../ui/sync-hooks';
import { PlayerTile } from './player-tile';
import { badgeRoom, faceFit, faceOf, type ScreenTile } from './table/fit';
import type { DamageSource, Roster } from './table/roster';
import type { CounterChange } from './tap-writes';
import { useShownTable, useStablePlayers } from './use-shown-table';

interface TableTilesProps {
  mirror: GameRow;
  tiles: readonly ScreenTile[];
  roster: Roster;
  sources: ReadonlyMap<number, readonly DamageSource[]>;
  onChange(change: CounterChange): void;
  /** The TV view (src/features/game/watch): every tile locked, whatever the game's state. */
  readOnly?: boolean;
  /** A guest seat (src/features/game/guest): the device's own seat, the only tile not locked. */
  ownSeat?: number;
}

const NO_SOURCES: readonly DamageSource[] = [];

/**
 * A seat's custom counters, as the same array while they are equal in value (per mounted
 * playmat, like useStablePlayers): the mirror hands over new copies on every read, and a tile
 * whose counters did not change must not redraw on another tile's tap.
 */
function useStableCounters(): (list: readonly CustomCounter[]) => readonly CustomCounter[] {
  const [cache] = useState(() => new Map<string, readonly CustomCounter[]>());
  return (list) => {
    const key = JSON.stringify(list);
    const kept = cache.get(key);
    if (kept) return kept;
    // Bounded: at most 9 owners, each with a handful of recent values.
    if (cache.size > 256) cache.clear();
    cache.set(key, list);
    return list;
  };
}

export const TableTiles = memo(function TableTiles({ mirror, tiles, roster, sources, onChange, readOnly = false, ownSeat }: TableTilesProps) {
  const game = useStablePlayers(mirror);
  const shown = useShownTable(game);
  const live = game.status === 'ACTIVE';
  const table = tableOf(game);
  const stable = useStableCounters();
  // The device owner's own seat says 'Your turn'; read once per mirror copy, never per tap.
  const myId = useMyId();
  const mySeat = ownSeat ?? game.participants.find((p) => myId && p.userId === myId)?.seatNumber ?? null;
  return tiles.map((tile) => {
    const info = roster.get(tile.seat);
    if (!info || !game.participants.some((p) => p.seatNumber === tile.seat)) return null;
    const face = faceOf(tile);
    const fit = faceFit(face.width, face.height);
    return (
      <PlayerTile
        key={tile.seat}
        table={shown}
        seat={tile.seat}
        info={info}
        sources={sources.get(tile.seat) ?? NO_SOURCES}
        tile={tile}
        mode={fit.mode}
        inlineBadges={fit.inlineBadges}
        room={badgeRoom(face.width, fit)}
        active={live && game.activeSeat === tile.seat}
        mine={tile.seat === mySeat}
        locked={readOnly || !live || (ownSeat !== undefined && tile.seat !== ownSeat)}
        monarch={table.monarchSeat === tile.seat}
        initiative={table.initiativeSeat === tile.seat}
        blessed={hasCityBlessing(game, tile.seat)}
        ring={ringLevel(game, tile.seat)}
        custom={stable(countersOf(game, tile.seat))}
        onChange={onChange}
      />
    );
  });
});
