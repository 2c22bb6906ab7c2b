/**
 * The game the playmat's tiles draw: the mirror's, with this device's taps not yet recorded on
 * top (src/stores/taps.ts), and every player whose values did not change kept as the same
 * object, so a tap redraws only its own tile. The game bar and the sheets follow the mirror.
 */
import { useEffect, useMemo, useState } from 'react';
import type { GameParticipant } from '../../contract/game';
import type { GameRow } from '../../db/schema';
import { pendingTaps, RECORDED_GRACE_MS, shownGame, useTaps } from '../../stores/taps';

/**
 * The mirror hands over a new copy of every player on each read. Players equal in value to
 * the ones last handed out keep their previous object (per mounted playmat, by value).
 */
function useStablePlayers(game: GameRow): GameRow {
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

export function useShownGame(mirror: GameRow): GameRow {
  const stable = useStablePlayers(mirror);
  const taps = useTaps((state) => state.taps);
  const pending = useMemo(() => pendingTaps(taps, mirror.id), [taps, mirror.id]);
  const shown = useMemo(() => shownGame(stable, pending), [stable, pending]);
  const recordedWaiting = taps.some((tap) => tap.gameId === mirror.id && tap.recordedAt !== null);

  // Each new mirror copy retires the taps it shows; a recorded tap it does not show retires after the grace.
  useEffect(() => {
    useTaps.getState().prune(mirror, performance.now());
    if (!recordedWaiting) return;
    const timer = setTimeout(() => useTaps.getState().prune(mirror, performance.now()), RECORDED_GRACE_MS);
    return () => clearTimeout(timer);
  }, [mirror, recordedWaiting]);

  return shown;
}
