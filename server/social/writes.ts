/** Helpers shared by the social writes. */
import type { FastifyRequest } from 'fastify';

/**
 * The `clientId` a created record carries: the client's id for it, else the Idempotency-Key of
 * the write (the outbox entry's id), else null (a plain, non-replayable request).
 */
export function clientIdFor(request: FastifyRequest, bodyId: string | undefined): string | null {
  return bodyId ?? request.idempotencyKey ?? null;
}

export const IDEMPOTENT = { config: { auth: true, idempotent: true } } as const;
export const AUTH = { config: { auth: true } } as const;
