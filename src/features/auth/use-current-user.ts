/** The signed-in user as the mirror holds it; undefined while loading or before the row arrives. */
import { useLiveQuery } from 'dexie-react-hooks';
import { getCurrentUser } from '../../db/session';
import { db } from '../../sync/app';

export function useCurrentUser() {
  return useLiveQuery(() => getCurrentUser(db), []);
}
