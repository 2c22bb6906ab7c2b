/**
 * The spec's REST write routes are thin adapters over the same mutations the batched push
 * runs: the Idempotency-Key header (when sent) is the mutation id, so a repeat answers the first
 * answer again (header `Idempotent-Replayed: true`) and changes nothing; without the header every
 * request is a new mutation. Refusals are the apply's HttpErrors (the route's error handler).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MutationArgs, MutationName } from '../../src/contract/mutations';
import { requireUser } from '../auth/authenticate';
import { REPLAYED_HEADER, readIdempotencyKey } from '../idempotency';
import { runMutation } from './run';

export async function restMutation<N extends MutationName>(request: FastifyRequest, reply: FastifyReply, name: N, args: MutationArgs<N>): Promise<unknown> {
  const me = requireUser(request);
  const key = readIdempotencyKey(request);
  const outcome = await runMutation(request.server.deps, me, { id: key ?? randomUUID(), name, args }, { keepResult: true, serverChosenId: !key });
  if (outcome.repeat) reply.header(REPLAYED_HEADER, 'true');
  return outcome.result;
}
