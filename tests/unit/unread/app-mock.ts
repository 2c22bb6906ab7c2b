/**
 * Stand-in for src/sync/app in the unread tests: a fresh fake-indexeddb mirror per test file,
 * and `markRead` running the real action (src/sync/actions/read-markers.ts) on that mirror with
 * a network that never answers, so a read really moves the marker and queues its write.
 * Use: vi.mock('../../../src/sync/app', () => import('./app-mock')).
 */
import { vi } from 'vitest';
import type { ReadMarkerKind } from '../../../src/contract/read-markers';
import type { PublicUser } from '../../../src/contract/users';
import { openDatabase, type PodTableDB } from '../../../src/db/schema';
import { writeSession } from '../../../src/db/session';
import { markRead, type ReadUpTo } from '../../../src/sync/actions/read-markers';
import { offlineContext } from '../offline-context';

export const db: PodTableDB = openDatabase(`unread-test-${crypto.randomUUID()}`);

const offlineCtx = offlineContext(db);

export const live = { status: 'open', subscribe: () => () => undefined };

export const actions = {
  markRead: vi.fn((kind: ReadMarkerKind, targetId: string, upTo: ReadUpTo) => markRead(offlineCtx, kind, targetId, upTo)),
  mutate: vi.fn(async (): Promise<unknown> => undefined),
  countUnsent: vi.fn(async () => 0),
  pullList: vi.fn(async (): Promise<void> => undefined),
  retryWrite: vi.fn(async (_id: string): Promise<void> => undefined),
  discardWrite: vi.fn(async (_id: string): Promise<void> => undefined),
};
const markReadForReal = actions.markRead.getMockImplementation()!;

export const me: PublicUser = { id: 'u-me', username: 'ana', displayName: 'Ana', avatarUrl: null };
export const bo: PublicUser = { id: 'u-bo', username: 'bo', displayName: 'Bo', avatarUrl: null };

/** Empties the mirror, signs `me` in, resets the spies. */
export async function resetApp(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  await writeSession(db, { userId: me.id, token: 'tkn', paused: false });
  await db.users.put({ ...me, email: 'ana@example.test', defaultDeckId: null });
  for (const spy of Object.values(actions)) spy.mockClear();
  actions.markRead.mockImplementation(markReadForReal);
}
