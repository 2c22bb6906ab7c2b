/**
 * The loading of older finished games for the history (src/sync/actions/older-games.ts): whether
 * the server said nothing is older (remembered in the mirror, so offline too), and the state of
 * the last request. One request at a time per scope (here, and in the sync action). After no
 * answer ('offline') nothing is asked again until the network or the live socket comes back.
 * The sentinel (`auto`) never asks twice from the same oldest shown game after an answer, so
 * calls that bring nothing new to show cannot loop; the button always asks.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { gameHistoryKey, gameHistoryTrail } from '../../db/queries/game-history';
import { actions, db } from '../../sync/app';
import { useLiveStatus } from '../../ui/sync-hooks';

/** 'offline': the last request got no answer; 'failed': the server refused or broke. */
export type OlderGamesState = 'idle' | 'loading' | 'offline' | 'failed';

export interface OlderGamesModel {
  /** Nothing older exists on the server (and the mirror still holds down to it); undefined while not read. */
  atEnd: boolean | undefined;
  state: OlderGamesState;
  /** The oldest game the list shows (what reaching its end asks from). */
  from: string | null;
  /** The user reached the end of the list (the sentinel, `auto`), or pressed "Load older games". */
  reachEnd(auto: boolean): void;
}

interface Keyed<T> {
  key: string;
  value: T;
}

export function useOlderGames(podId: string | undefined, oldestShownId: string | null): OlderGamesModel {
  const key = gameHistoryKey(podId);
  const trail = useLiveQuery(() => gameHistoryTrail(db, podId), [key], null);
  const atEnd = trail === null ? undefined : trail?.end === true;
  const [loaded, setLoaded] = useState<Keyed<OlderGamesState>>({ key, value: 'idle' });
  const state = loaded.key === key ? loaded.value : 'idle';
  const [askedFrom, setAskedFrom] = useState<Keyed<string | null> | null>(null);

  // Offline until the network or the socket says otherwise.
  const liveStatus = useLiveStatus();
  useEffect(() => {
    if (liveStatus === 'open') setLoaded((current) => (current.value === 'offline' ? { key: current.key, value: 'idle' } : current));
  }, [liveStatus]);
  useEffect(() => {
    const back = () => setLoaded((current) => (current.value === 'offline' ? { key: current.key, value: 'idle' } : current));
    globalThis.addEventListener?.('online', back);
    return () => globalThis.removeEventListener?.('online', back);
  }, []);

  const reachEnd = useCallback(
    (auto: boolean) => {
      if (atEnd !== false || state === 'loading') return;
      if (auto && (state !== 'idle' || (askedFrom?.key === key && askedFrom.value === oldestShownId))) return;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setLoaded({ key, value: 'offline' });
        return;
      }
      setAskedFrom({ key, value: oldestShownId });
      setLoaded({ key, value: 'loading' });
      void actions.loadOlderGames(podId).then((outcome) => {
        const value: OlderGamesState = outcome === 'offline' ? 'offline' : outcome === 'failed' ? 'failed' : 'idle';
        setLoaded((current) => (current.key === key ? { key, value } : current));
        // An ask that got no page may be made again from the same game (once back online, or on Retry).
        if (value !== 'idle') setAskedFrom((current) => (current?.key === key ? null : current));
      });
    },
    [atEnd, state, askedFrom, key, oldestShownId, podId],
  );

  return { atEnd, state, from: oldestShownId, reachEnd };
}
