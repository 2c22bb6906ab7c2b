/**
 * The signed-in user's stats, live from the mirror: recomputed whenever a game, deck
 * or pod row changes — a game ended on this device, one pulled, one claimed. Works offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { visiblePods } from '../../db/queries';
import { personalStats, type PersonalStats } from '../../stats';
import { db } from '../../sync/app';
import { useCurrentUser } from '../auth/use-current-user';
import { usePullOnMount } from '../../ui/sync-hooks';
import { useEndedGames } from './use-ended-games';

export interface StatsView {
  stats: PersonalStats;
  podNames: ReadonlyMap<string, string>;
}

/** undefined while the mirror is read; then the user's stats (gamesPlayed 0: none counted yet). */
export function useStats(): StatsView | undefined {
  const user = useCurrentUser();
  const games = useEndedGames();
  const decks = useLiveQuery(() => db.decks.toArray(), []);
  const pods = useLiveQuery(() => visiblePods(db), []);
  usePullOnMount();
  return useMemo(() => {
    if (!user || !games || !decks || !pods) return undefined;
    const deckNames = new Map(decks.map((deck) => [deck.id, deck.name]));
    return { stats: personalStats(games, user.id, { deckNames }), podNames: new Map(pods.map((pod) => [pod.id, pod.name])) };
  }, [user, games, decks, pods]);
}
