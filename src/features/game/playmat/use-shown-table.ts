/**
 * The tile layer's side of what the tiles show (shown-table.ts): one ShownTable per mounted
 * playmat, fed each new mirror copy and each change of the tap overlay, and the overlay's taps
 * retired once the mirror shows them. The game bar and the sheets follow the mirror.
 */
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { GameParticipant } from '../../../contract/game';
import type { GameRow } from '../../../db/schema';
import { RECORDED_GRACE_MS, useTaps } from '../../../stores/tap-overlay';
import { ShownTable } from './shown-table';

/**
 * The mirror hands over a new copy of every player on each read. Players equal in value to
 * the ones last handed out keep their previous object (per mounted playmat, by value), so a
 * tile whose player did not change is not told of a new copy.
 */
export function useStablePlayers(game: GameRow): GameRow {
  const [cache] = useState(() => new Map<string, GameParticipant>());
  return useMemo(() => {
    const participants = game.participants.map((p) => {
      const key = JSON.stringify(p);
      const kept = cache.get(key);
      if (kept) return kept;
      cache.set(key, p);
      return p;
    });
    // Bounded: at most 8 players, each with a handful of recent values.
    if (cache.size > 256) cache.clear();
    return participants.every((p, i) => p === game.participants[i]) ? game : { ...game, participants };
  }, [game, cache]);
}

/**
 * The ShownTable of this playmat, for the tiles to read (use-shown-seat.ts). `mirror` is the game
 * with stable players. Layout effects: a new mirror copy reaches the tiles before it is painted.
 */
export function useShownTable(mirror: GameRow): ShownTable {
  const [table] = useState(() => new ShownTable(mirror));
  useLayoutEffect(() => table.update(mirror), [table, mirror]);
  useLayoutEffect(() => useTaps.subscribe(() => table.update()), [table]);

  // A boolean: a tap (which adds an unrecorded tap) does not re-render the tile layer.
  const recordedWaiting = useTaps((state) => state.taps.some((tap) => tap.gameId === mirror.id && tap.recordedAt !== null));
  // Each new mirror copy retires the taps it shows; a recorded tap it does not show retires after the grace.
  useEffect(() => {
    useTaps.getState().prune(mirror, performance.now());
    if (!recordedWaiting) return;
    const timer = setTimeout(() => useTaps.getState().prune(mirror, performance.now()), RECORDED_GRACE_MS);
    return () => clearTimeout(timer);
  }, [mirror, recordedWaiting]);

  return table;
}
