/**
 * How live messages reach every server process. Three transports with one contract
 * (tests/server/live-transport.test.ts runs the same cases on each):
 * - in-process (`createLocalTransport`): the embedded database serves one process;
 * - PostgreSQL LISTEN/NOTIFY (pg-transport.ts) when DATABASE_URL is set and REDIS_URL is not;
 * - Redis pub/sub (redis-transport.ts) when REDIS_URL is set.
 * The contract:
 * - `publish` hands the message to this process's handlers at once (synchronously) and to
 *   every other process's handlers once, in publish order per publisher;
 * - a publish that fails is retried in order (publish-queue.ts), not only logged;
 * - when this process may have missed messages (its subscription was lost and restored, or a
 *   peer had to give messages up), `onGap` handlers run: the hub then asks its clients to
 *   reconnect and catch up;
 * - messages are opaque here: transports never look inside `event` messages, so fields can
 *   be added to them (e.g. per-user log positions) without touching the transports.
 */
import type { Metrics } from '../metrics';

export type LiveBusMessage =
  /**
   * Send `data` (one serialised event) to every socket of these users. With `positions` (aligned
   * with `userIds`) each user's frame carries its own log position: `{"pos":N,…data}`; with
   * `mids` (aligned too) the author's frame also carries the id of the mutation it acknowledges
   * (`"mid"`; null for everyone else: nobody sees another user's mutation ids).
   */
  | { kind: 'event'; userIds: string[]; data: string; positions?: number[]; mids?: Array<string | null>; [extra: string]: unknown }
  /**
   * Close the sockets of these users and/or opened with these tokens (logout, password reset:
   * also clears those tokens from every process's token cache), or every socket (`everyone`).
   */
  | { kind: 'disconnect'; userIds?: string[]; tokenHashes?: string[]; everyone?: boolean; code: number; reason: string };

export interface LiveTransport {
  /** Delivers the message to every process's handlers, this process included. */
  publish(message: LiveBusMessage): void;
  onMessage(handler: (message: LiveBusMessage) => void): void;
  /** This process may have missed messages from the others; `reason` is for the log. */
  onGap(handler: (reason: string) => void): void;
  /** True while messages from other processes can arrive (readiness). */
  isUp(): boolean;
  close(): Promise<void>;
}

export interface TransportLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What a transport reports; a subset of Metrics so tests can pass nothing. */
export type BusMetrics = Pick<Metrics, 'liveBusUp' | 'liveBusLag' | 'liveBusPublishFailures' | 'liveBusBacklog' | 'liveBusDropped' | 'liveBusGaps'>;

/** What travels between processes: the sender's instance id, its clock, and a message or a gap notice. */
export interface Envelope {
  /** Instance id of the sending process. */
  o: string;
  /** Sender's Date.now() at publish (bus lag metric). */
  t: number;
  /** The message itself, or … */
  m?: LiveBusMessage;
  /** … (PostgreSQL) the id of its `live_events` row, or … */
  r?: number;
  /** … a gap notice: the sender gave messages up; every receiver must resync its clients. */
  g?: 1;
}

/**
 * How every envelope this process sends begins (`o` is always the first key): its own messages
 * coming back from the bus are skipped on this prefix, without parsing them.
 */
export const ownEnvelopePrefix = (instanceId: string) => `{"o":${JSON.stringify(instanceId)},`;

export const errorInfo = (error: unknown) => ({ err: { message: error instanceof Error ? error.message : String(error) } });

export function isBusMessage(message: unknown): message is LiveBusMessage {
  const kind = (message as { kind?: unknown } | null)?.kind;
  return kind === 'event' || kind === 'disconnect';
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
    onGap() {
      // One process: nothing can be missed.
    },
    isUp: () => true,
    async close() {
      handlers.length = 0;
    },
  };
}
