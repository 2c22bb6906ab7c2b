/**
 * How live messages reach every server process. Today one process: `createLocalTransport`
 * hands a message straight back to this process's hub. A PostgreSQL LISTEN/NOTIFY (or Redis
 * pub/sub) transport implements the same interface when servers scale out; note for it that
 * NOTIFY payloads must stay under 8000 bytes (store big events and notify an id), and that
 * messages published during an outage are lost (clients re-pull after a reconnect).
 */

export type LiveBusMessage =
  /** Send `data` (one serialised event) to every socket of these users. */
  | { kind: 'event'; userIds: string[]; data: string }
  /** Close the sockets of these users and/or opened with these tokens (logout, password reset). */
  | { kind: 'disconnect'; userIds?: string[]; tokenHashes?: string[]; code: number; reason: string };

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
