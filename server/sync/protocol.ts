/**
 * Protocol versions: the app sends PROTOCOL_HEADER on every request and `?v=` on its socket. A
 * server that cannot serve that version answers 426 with the range it serves (the app shows its
 * update prompt); a request without the header is a plain REST client and is served as before.
 */
import type { FastifyInstance } from 'fastify';
import { PROTOCOL_HEADER, PROTOCOL_VERSION, SyncText } from '../../src/contract/sync';

/** The range this server serves; raise MIN only when an old app can no longer be served. */
export const SUPPORTED_PROTOCOL = { min: 3, max: PROTOCOL_VERSION } as const;

export function isSupportedProtocol(raw: unknown): boolean {
  if (raw === undefined) return true;
  const version = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  return version >= SUPPORTED_PROTOCOL.min && version <= SUPPORTED_PROTOCOL.max;
}

export function installProtocolCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || isSupportedProtocol(request.headers[PROTOCOL_HEADER])) return done();
    reply.header('upgrade', `podtable/${SUPPORTED_PROTOCOL.max}`);
    // Answered here: the route does not run (a callback hook that sends must not call done).
    reply.code(426).type('application/json; charset=utf-8').send({ message: SyncText.updateRequired, protocol: SUPPORTED_PROTOCOL });
  });
}
