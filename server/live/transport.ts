/**
 * How live messages reach every server process. One process (embedded PGlite):
 * `createLocalTransport` hands a message straight back to this process's hub. On PostgreSQL
 * (DATABASE_URL) several processes share messages through LISTEN/NOTIFY (pgTransport.ts);
 * `createTransport` picks one. Messages published during an outage are lost (clients re-pull
 * after a reconnect).
 */
import { createPostgresTransport, type PostgresTransportOptions } from './pgTransport';

export type LiveBusMessage =
  /** Send `data` (one serialised event) to every socket of these users. */
  | { kind: 'event'; userIds: string[]; data: string }
  /**
   * Close the sockets of these users and/or opened with these tokens (logout, password reset),
   * or every socket (`everyone`: this process missed events and its clients must catch up).
   */
  | { kind: 'disconnect'; userIds?: string[]; tokenHashes?: string[]; everyone?: boolean; code: number; reason: string };

export interface LiveTransport {
  /** Delivers the message to every process's handler, this process included. */
  publish(message: LiveBusMessage): void;
  onMessage(handler: (message: LiveBusMessage) => void): void;
  close(): Promise<void>;
}

export function createLocalTransport(): LiveTransport {
  const handlers: Array<(message: LiveBusMessage) => void> = [];
  return {
    publish(message) {
      for (const handler of handlers) handler(message);
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
    },
  };
}

/** PostgreSQL LISTEN/NOTIFY when the server runs on DATABASE_URL, else in-process. */
export async function createTransport(options: Omit<PostgresTransportOptions, 'url'> & { databaseUrl: string | undefined }): Promise<LiveTransport> {
  if (!options.databaseUrl) return createLocalTransport();
  return createPostgresTransport({ url: options.databaseUrl, db: options.db, log: options.log });
}
