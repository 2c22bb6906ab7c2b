/** Who is signed in on this device, as the mirror knows it. Read by live queries and the sender. */
import type { PodTableDB, SessionMeta, UserRow } from './schema';

const SESSION_KEY = 'session';
const EMPTY_SESSION: SessionMeta = { userId: null, token: null, paused: false };

export async function readSession(db: PodTableDB): Promise<SessionMeta> {
  const row = await db.meta.get(SESSION_KEY);
  const value = row?.value as Partial<SessionMeta> | undefined;
  return { ...EMPTY_SESSION, ...(value ?? {}) };
}

export async function writeSession(db: PodTableDB, patch: Partial<SessionMeta>): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const current = await readSession(db);
    await db.meta.put({ key: SESSION_KEY, value: { ...current, ...patch } });
  });
}

/** The signed-in user's row, or undefined when nobody is signed in or the row is not loaded yet. */
export async function getCurrentUser(db: PodTableDB): Promise<UserRow | undefined> {
  const session = await readSession(db);
  if (!session.userId) return undefined;
  return db.users.get(session.userId);
}

/**
 * Tokens of sessions logged out while the server could not be told (offline): revoked as soon
 * as it answers (src/sync/engine/revocations.ts), so a token left on a lost phone does not stay valid
 * for 30 days. The only thing a wipe keeps.
 */
export const PENDING_REVOCATIONS_KEY = 'pending-revocations';

export async function readPendingRevocations(db: PodTableDB): Promise<string[]> {
  const value = (await db.meta.get(PENDING_REVOCATIONS_KEY))?.value;
  return Array.isArray(value) ? value.filter((token): token is string => typeof token === 'string') : [];
}

export async function writePendingRevocations(db: PodTableDB, tokens: string[]): Promise<void> {
  if (tokens.length === 0) await db.meta.delete(PENDING_REVOCATIONS_KEY);
  else await db.meta.put({ key: PENDING_REVOCATIONS_KEY, value: [...new Set(tokens)] });
}

/**
 * Wipes every table but the pending revocations: the next person on this device sees nothing of
 * the last one (docs/architecture.md, "Logout and the privacy of the mirror").
 */
export async function wipeMirror(db: PodTableDB): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const revocations = await readPendingRevocations(db);
    await Promise.all(db.tables.map((table) => table.clear()));
    await writePendingRevocations(db, revocations);
  });
}
