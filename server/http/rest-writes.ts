/**
 * Registers every REST route the mutators declare (server/http/rest-route.ts) in one loop, each a
 * thin adapter over the same mutation the batched push runs: the Idempotency-Key header (when
 * sent) is the mutation id, so a repeat answers the first answer again (header
 * `Idempotent-Replayed: true`) and changes nothing; without the header every request is a new
 * mutation. Refusals are the apply's HttpErrors (the app's error handler).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MutationArgs, MutationName } from '../../src/contract/mutations';
import { requireUser } from '../auth/authenticate';
import { REPLAYED_HEADER, readIdempotencyKey } from '../idempotency';
import type { ServerMutators } from '../sync/mutator';
import { runMutation } from '../sync/run';

/** Runs mutation `name` for the signed-in caller as a REST write. */
async function restMutation<N extends MutationName>(request: FastifyRequest, reply: FastifyReply, name: N, args: MutationArgs<N>): Promise<unknown> {
  const me = requireUser(request);
  const key = readIdempotencyKey(request);
  const outcome = await runMutation(request.server.deps, me, { id: key ?? randomUUID(), name, args }, { keepResult: true, serverChosenId: !key });
  if (outcome.repeat) reply.header(REPLAYED_HEADER, 'true');
  return outcome.result;
}

/** Registers every REST route the mutators declare, in the mutators' order. */
export function registerRestWrites(app: FastifyInstance, mutators: ServerMutators): void {
  for (const [name, mutator] of Object.entries(mutators) as [MutationName, ServerMutators[MutationName]][]) {
    for (const route of mutator.rest ?? []) {
      app.route({
        method: route.method,
        url: route.url,
        schema: route.schema,
        handler: async (request, reply) => {
          const result = await restMutation(request, reply, name, (await route.args(request)) as never);
          if (route.status === 204) return reply.code(204).send();
          return reply.code(route.status).send(route.answer ? route.answer(result, request) : result);
        },
      });
    }
  }
}
