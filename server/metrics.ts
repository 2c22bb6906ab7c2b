/**
 * Prometheus metrics (prom-client), one Registry per server instance (tests run several in
 * one process). Served at GET /metrics (ops/ops-routes.ts). Names follow Prometheus conventions:
 * `_total` counters, `_seconds` durations. Request durations are labelled by the route
 * pattern (`/api/pods/:id/messages`), never the raw URL, so the label set stays bounded.
 *
 * For other modules: `deps.metrics.syncPushes.inc(n)` counts mutations received by the
 * outbox push route (the sync protocol's POST /api/sync/push).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Buckets from 1 ms to 10 s: loopback requests and live deliveries sit in the low ones. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  readonly registry: Registry;
  readonly liveSockets: Gauge;
  readonly liveEventsPublished: Counter;
  readonly liveEventsDelivered: Counter;
  readonly liveBusUp: Gauge;
  readonly liveBusLag: Histogram;
  readonly liveBusPublishFailures: Counter;
  readonly liveBusBacklog: Gauge;
  readonly liveBusDropped: Counter;
  readonly liveBusGaps: Counter;
  readonly dbPoolWait: Histogram;
  readonly dbPoolTimeouts: Counter;
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly syncPushes: Counter;
  readonly liveTickets: Counter<'outcome'>;
  readonly watchWaits: Gauge;
}

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'podtable_' });
  const registers = [registry];
  return {
    registry,
    liveSockets: new Gauge({ name: 'podtable_live_sockets', help: 'Open live WebSocket connections on this process.', registers }),
    watchWaits: new Gauge({ name: 'podtable_watch_waits', help: 'TV views whose request this process holds until their game changes (server/games/watch-waits.ts).', registers }),
    liveEventsPublished: new Counter({ name: 'podtable_live_events_published_total', help: 'Live events published by this process (one per event, whatever its audience).', registers }),
    liveEventsDelivered: new Counter({ name: 'podtable_live_events_delivered_total', help: 'Live event frames written to sockets on this process.', registers }),
    liveBusUp: new Gauge({ name: 'podtable_live_bus_up', help: '1 while this process receives bus messages from the others (LISTEN or Redis subscription established).', registers }),
    liveBusLag: new Histogram({ name: 'podtable_live_bus_lag_seconds', help: 'Publish (other process) to receipt (this process) over the bus; clocks of different machines add their skew.', buckets: LATENCY_BUCKETS, registers }),
    liveBusPublishFailures: new Counter({ name: 'podtable_live_bus_publish_failures_total', help: 'Bus publishes that failed and were retried.', registers }),
    liveBusBacklog: new Gauge({ name: 'podtable_live_bus_backlog', help: 'Bus messages waiting to be published (retried in order).', registers }),
    liveBusDropped: new Counter({ name: 'podtable_live_bus_dropped_total', help: 'Bus messages given up after the backlog overflowed (the other processes are told to resync).', registers }),
    liveBusGaps: new Counter({ name: 'podtable_live_bus_gaps_total', help: 'Times this process may have missed bus messages (subscription lost, or a peer dropped messages) and asked its clients to catch up.', registers }),
    dbPoolWait: new Histogram({ name: 'podtable_db_pool_wait_seconds', help: 'Time a query waited for a database connection.', buckets: LATENCY_BUCKETS, registers }),
    dbPoolTimeouts: new Counter({ name: 'podtable_db_pool_timeouts_total', help: 'Requests answered 503 because no database connection was free within DB_QUEUE_TIMEOUT_MS.', registers }),
    httpRequestDuration: new Histogram({
      name: 'podtable_http_request_duration_seconds',
      help: 'HTTP request durations by route pattern.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    syncPushes: new Counter({ name: 'podtable_sync_pushes_total', help: 'Outbox pushes (mutations) received.', registers }),
    liveTickets: new Counter({ name: 'podtable_live_tickets_total', help: 'Live tickets issued and checked, by outcome.', labelNames: ['outcome'] as const, registers }),
  };
}
