/**
 * Request logging that costs little at `info`, and request durations for /metrics.
 * Fastify's own two lines per request ("incoming request", "request completed") are off
 * (`disableRequestLogging`): at 1,000 requests/s they were 2,000 JSON lines/s of pure cost.
 * Instead, after each answer:
 * - `debug`: one compact line per request (method, redacted URL, route, status, ms);
 * - `info`: a line only for requests slower than SLOW_REQUEST_MS (errors ≥ 500 are logged by
 *   the error handler with their cause, client errors at info by it too);
 * - the duration goes into podtable_http_request_duration_seconds by route pattern.
 */
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../logging';
import type { Metrics } from '../metrics';

export const SLOW_REQUEST_MS = 1000;

export function installRequestLog(app: FastifyInstance, metrics: Pick<Metrics, 'httpRequestDuration'>): void {
  // The level is fixed for the app's life (LOG_LEVEL): read it once, not per request.
  const debug = ['debug', 'trace'].includes(app.log.level);
  // One labelled child per (method, route pattern, status): a bounded set, looked up by one
  // string instead of prom-client hashing a label object on every request.
  const series = new Map<string, { observe(value: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = metrics.httpRequestDuration.labels({ method: request.method, route, status_code: String(reply.statusCode) });
      series.set(key, child);
    }
    child.observe(ms / 1000);
    const slow = ms >= SLOW_REQUEST_MS;
    if (slow || debug) {
      const line = { method: request.method, url: redactUrl(request.url), route, statusCode: reply.statusCode, ms: Math.round(ms * 10) / 10 };
      if (slow) request.log.info(line, 'slow request');
      else request.log.debug(line, 'request');
    }
    done();
  });
}
