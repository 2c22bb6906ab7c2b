/**
 * The mirror's ended games, live; undefined while they are read, and while none are held and
 * the games list has never loaded (a new device's first pull brings them with its rest), so a
 * screen says "loading" rather than "no games yet".
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { endedGames } from '../../db/queries';
import type { GameRow } from '../../db/schema';
import { pullKey } from '../../sync/engine/pull';
import { db } from '../../sync/app';
import { listState } from '../../ui/list-state';
import { usePullState } from '../../ui/sync-hooks';

export function useEndedGames(): GameRow[] | undefined {
  const games = useLiveQuery(() => endedGames(db), []);
  const pull = usePullState(pullKey('games'));
  return listState(games, pull) === 'loading' ? undefined : games;
}
