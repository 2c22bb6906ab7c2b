/**
 * Live messages between server processes through Redis pub/sub (REDIS_URL). One channel,
 * `<REDIS_PREFIX>live`; every process delivers its own messages to its own sockets at once and
 * PUBLISHes them for the others; a process ignores its own (each carries its instance id).
 * Redis has no practical size limit here, so messages always go inline.
 *
 * - Two connections: a publisher and a subscriber (a subscribed Redis connection can do nothing
 *   else). Both come from server/redis.ts (error handler, reconnect with backoff).
 * - Resubscription is ours, not ioredis's: after the subscriber reconnects we SUBSCRIBE again
 *   and only then report a gap, so whatever was published while it was away is caught up by
 *   the clients (the hub closes their sockets with 1012; they reconnect and pull).
 * - A failed PUBLISH is retried in order (publish-queue.ts).
 * - Liveness: a PING on the subscriber connection every LIVENESS_INTERVAL_MS (allowed while
 *   subscribed); no answer within the command timeout forces a reconnect, since a half-open
 *   TCP connection never reports an error by itself.
 */
import { randomUUID } from 'node:crypto';
import { createRedisClient, redisKey, redisReady, type RedisClient } from '../redis';

export const LIVENESS_INTERVAL_MS = 10_000;
import { createPublishQueue } from './publish-queue';
import { errorInfo, ownEnvelopePrefix, isBusMessage, type BusMetrics, type Envelope, type LiveBusMessage, type LiveTransport, type TransportLog } from './transport';

export interface RedisTransportOptions {
  url: string;
  prefix: string;
  log: TransportLog;
  metrics?: BusMetrics;
  retryMinMs?: number;
  livenessIntervalMs?: number;
}

export interface RedisTransport extends LiveTransport {
  readonly instanceId: string;
  readonly channel: string;
  /** The two connections (tests cut them). */
  readonly clients: { publisher: RedisClient; subscriber: RedisClient };
}

export async function createRedisTransport(options: RedisTransportOptions): Promise<RedisTransport> {
  const { log, metrics } = options;
  const channel = redisKey(options.prefix, 'live');
  const instanceId = randomUUID();
  const handlers: Array<(message: LiveBusMessage) => void> = [];
  const gapHandlers: Array<(reason: string) => void> = [];
  const publisher = createRedisClient(options.url, 'live-pub', log);
  const subscriber = createRedisClient(options.url, 'live-sub', log, { autoResubscribe: false });
  let subscribed = false;
  let everSubscribed = false;
  let closed = false;

  const setUp = (up: boolean) => {
    subscribed = up;
    metrics?.liveBusUp.set(up ? 1 : 0);
  };
  setUp(false);

  function deliverLocally(message: LiveBusMessage): void {
    for (const handler of handlers) handler(message);
  }

  function gap(reason: string): void {
    metrics?.liveBusGaps.inc();
    for (const handler of gapHandlers) handler(reason);
  }

  const own = ownEnvelopePrefix(instanceId);
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel || payload.startsWith(own)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      log.warn({}, 'live bus payload is not JSON; ignored');
      return;
    }
    if (envelope.o === instanceId) return;
    if (typeof envelope.t === 'number') metrics?.liveBusLag.observe(Math.max(0, Date.now() - envelope.t) / 1000);
    if (envelope.g) return gap('a peer gave messages up');
    if (isBusMessage(envelope.m)) deliverLocally(envelope.m);
  });

  async function subscribe(): Promise<void> {
    await subscriber.subscribe(channel);
    if (closed) return;
    setUp(true);
    if (everSubscribed) {
      log.info({}, 'live Redis subscription restored; asking clients to reconnect and catch up');
      gap('Redis subscription restored');
    }
    everSubscribed = true;
  }

  subscriber.on('close', () => {
    if (subscribed) log.warn({}, 'live Redis subscription lost; reconnecting');
    setUp(false);
  });
  subscriber.on('ready', () => {
    // The first 'ready' is handled below; later ones are reconnections.
    if (!everSubscribed || closed) return;
    subscribe().catch((error: unknown) => log.warn(errorInfo(error), 'live Redis resubscribe failed; retrying on the next reconnect'));
  });

  const queue = createPublishQueue<string>({
    send: async (payload) => {
      await publisher.publish(channel, payload);
    },
    gapNotice: () => JSON.stringify({ o: instanceId, t: Date.now(), g: 1 } satisfies Envelope),
    log,
    metrics,
    retryMinMs: options.retryMinMs,
  });

  const liveness = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    subscriber.ping().catch((error: unknown) => {
      log.warn(errorInfo(error), 'live Redis subscriber did not answer PING; reconnecting');
      subscriber.disconnect(true);
    });
  }, options.livenessIntervalMs ?? LIVENESS_INTERVAL_MS);
  liveness.unref();

  try {
    await redisReady(subscriber);
    await subscribe();
  } catch (error) {
    log.error(errorInfo(error), 'live Redis subscription failed; live events of other server processes wait for it');
    everSubscribed = true;
  }

  return {
    instanceId,
    channel,
    clients: { publisher, subscriber },
    isUp: () => subscribed && subscriber.status === 'ready',
    publish(message) {
      deliverLocally(message);
      if (!closed) queue.push(JSON.stringify({ o: instanceId, t: Date.now(), m: message } satisfies Envelope));
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    onGap(handler) {
      gapHandlers.push(handler);
    },
    async close() {
      closed = true;
      clearInterval(liveness);
      await queue.close(2000);
      setUp(false);
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
      handlers.length = 0;
      gapHandlers.length = 0;
    },
  };
}

