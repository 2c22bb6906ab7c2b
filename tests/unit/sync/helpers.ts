import { openDatabase, type PodTableDB } from '../../../src/db/schema';
import { writeSession } from '../../../src/db/session';
import { ApiError, NetworkError, type ApiClient, type RequestOptions } from '../../../src/sync/engine/api';

let dbCounter = 0;
/** A fresh mirror per test (fake-indexeddb), signed in as `userId`. */
export async function freshDb(userId = 'u1'): Promise<PodTableDB> {
  dbCounter += 1;
  const db = openDatabase(`test-${Date.now()}-${dbCounter}`);
  await db.open();
  await writeSession(db, { userId, token: 'tkn', paused: false });
  await db.users.put({ id: userId, username: `user-${userId}`, displayName: null, email: `${userId}@example.test`, avatarUrl: null, defaultDeckId: null });
  return db;
}

export interface RecordedCall {
  method: string;
  path: string;
  options: RequestOptions;
}

export type Responder = (call: RecordedCall) => unknown;

/** An ApiClient whose answers a test scripts: return a body, or throw ApiError/NetworkError. */
export function scriptedApi(responder: Responder): ApiClient & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  return {
    calls,
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
      const call = { method, path, options };
      calls.push(call);
      return responder(call) as T;
    },
  };
}

export const fail = (status: number, message?: string) => {
  throw new ApiError(status, message ? { message } : undefined);
};
export const offline = () => {
  throw new NetworkError(new TypeError('Failed to fetch'));
};
