/**
 * A request's logger is made only when the request logs (server/ops/lazy-request-logger.ts), and
 * a line it logs is the line Fastify's own per-request child would have logged.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from '../../server/ops/lazy-request-logger';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  // Fastify's own pino, as the app gets it.
  const parent = Fastify({ logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } } }).log;
  const child = vi.spyOn(parent, 'child');
  return { parent, lines, child };
}

const make = (parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: Record<string, unknown> = {}) =>
  lazyRequestLogger.call(undefined as never, parent as never, bindings, options, undefined as never);

describe('the lazy request logger', () => {
  it('makes no child while nothing is logged at an enabled level', () => {
    const { parent, lines, child } = capture('info');
    const log = make(parent, { reqId: 'req-1' });
    log.debug('not at info');
    log.trace({ a: 1 }, 'nor this');
    expect(log.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('logs the line the eager child would have logged, with the request id, and makes that child once', () => {
    const lazy = capture('info');
    const eager = capture('info');
    const log = make(lazy.parent, { reqId: 'req-2' });
    const reference = eager.parent.child({ reqId: 'req-2' }, {});
    for (const logger of [log, reference]) {
      logger.info({ route: '/x', ms: 1200 }, 'slow request');
      logger.error(new Error('boom'), 'request failed');
    }
    expect(lazy.child).toHaveBeenCalledTimes(1);
    const strip = (line: Record<string, unknown>) => ({ ...line, time: 0, pid: 0, err: { ...(line.err as object), stack: '' } });
    expect(lazy.lines.map(strip)).toEqual(eager.lines.map(strip));
    expect(lazy.lines.map((line) => line.reqId)).toEqual(['req-2', 'req-2']);
  });

  it('a route with a level of its own gets its child at once, at that level', () => {
    const { parent, lines, child } = capture('info');
    const log = make(parent, { reqId: 'req-3' }, { level: 'debug' });
    expect(child).toHaveBeenCalledTimes(1);
    log.debug('at the route level');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'req-3', msg: 'at the route level' })]);
  });

  it('a grandchild and a level change go through the real child', () => {
    const { parent, lines } = capture('info');
    const log = make(parent, { reqId: 'req-4' });
    log.level = 'debug';
    log.child({ part: 'ws' }).debug('from the socket');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'req-4', part: 'ws', msg: 'from the socket' })]);
  });
});
