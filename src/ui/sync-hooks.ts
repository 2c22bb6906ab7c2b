/** Hooks the chat screens share: who I am, how a list's pull went, the live connection. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { readSession } from '../db/session';
import { actions, db, live } from '../sync/app';
import { readPullState, type PullState } from '../sync/engine/pull';

/** The signed-in user's id; undefined while reading, null when nobody is signed in. */
export function useMyId(): string | null | undefined {
  return useLiveQuery(async () => (await readSession(db)).userId, []);
}

/** The recorded state of one pull (pullKey); undefined while reading it. */
export function usePullState(key: string): PullState | undefined {
  return useLiveQuery(() => readPullState(db, key), [key]);
}

/** 'idle' | 'connecting' | 'open' | 'closed', re-rendering on every change. */
export function useLiveStatus() {
  return useSyncExternalStore(
    (listener) => live.subscribe(listener),
    () => live.status,
  );
}

/** Catches the mirror up once when the screen mounts (every list comes with the one cursor pull); the mirror shows what it has meanwhile. */
export function usePullOnMount(): void {
  useEffect(() => {
    void actions.pullList().catch(() => undefined);
  }, []);
}

/** `value`, once it has stayed the same for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
