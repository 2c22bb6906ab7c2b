/**
 * POST /api/sync/push and GET /api/sync/pull (src/contract/sync.ts).
 * Push runs the mutations in order in one transaction, each under its own savepoint (server/sync/run.ts):
 * - bad name or arguments, or the apply's 4xx: 'refused' with the message; the next one runs;
 * - a 429 for one mutation stops the batch with `retryAfter` (the rest is sent again later);
 * - anything else (a 5xx) is 'error' and stops the batch: order is kept, the client retries.
 */
import type { FastifyInstance } from 'fastify';
import { isMutationName, mutationArgs, type MutationName } from '../../src/contract/mutations';
import { PUSH_MAX_BYTES, SyncText, pullQuery, pullResponse, pushRequest, pushResponse, type MutationResult, type PullResponse, type PushResponse } from '../../src/contract/sync';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { HttpError, INTERNAL_ERROR_MESSAGE } from '../errors';
import { typed } from '../http/zod-validation';
import { issueMessage } from '../validate';
import { consumeWriteLimit } from '../limits';
import { mutationWriteKind } from '../limits/policies';
import { consumeReadLimit } from '../limits/read-hooks';
import { pullChanges, readHeads } from './pull';
import { runBatch, type Mutation } from './run';

/**
 * The pull a push answer carries. A cursor that needs a full snapshot counts against the
 * `snapshot` read budget; once it is spent the answer carries no pull (the writes were applied
 * and their verdicts still reach the client), and the app pulls on its own later.
 */
async function pushPull(deps: AppDeps, userId: string, ip: string, cursor: number): Promise<PullResponse | null> {
  try {
    return await pullChanges(deps.db, userId, cursor, { beforeSnapshot: () => consumeReadLimit(deps, 'snapshot', userId, ip) });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return null;
    throw error;
  }
}

export function registerSyncRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Each mutation counts against its own kind's budget (as its REST route would); the request itself does not.
  const api = typed(app);
  const pushSchema = { body: pushRequest, response: { 200: pushResponse } };
  api.post('/api/sync/push', { config: { limit: false }, bodyLimit: PUSH_MAX_BYTES, schema: pushSchema }, async (request): Promise<PushResponse> => {
    const me = requireUser(request);
    const body = request.body;
    deps.metrics.syncPushes.inc(body.mutations.length);
    // Names and arguments are checked first: a malformed mutation is refused where it stands.
    const checked = body.mutations.map((mutation): { refused: MutationResult } | { run: Mutation } => {
      if (!isMutationName(mutation.name)) return { refused: { id: mutation.id, status: 'refused', code: 400, message: SyncText.unknownMutation(mutation.name) } };
      const parsed = mutationArgs[mutation.name].safeParse(mutation.args);
      if (!parsed.success) return { refused: { id: mutation.id, status: 'refused', code: 400, message: issueMessage(parsed.error) } };
      return { run: { id: mutation.id, name: mutation.name as MutationName, args: parsed.data as never } };
    });
    const runnable = checked.flatMap((item) => ('run' in item ? [item.run] : []));
    const before = (mutation: Mutation) => consumeWriteLimit(deps, mutationWriteKind(mutation.name), me.id, request.ip);
    const outcomes = runnable.length > 0 ? await runBatch(deps, me, runnable, { keepResult: false, before }) : [];
    const results: MutationResult[] = [];
    let retryAfter: number | undefined;
    let ran = 0;
    for (const item of checked) {
      if ('refused' in item) {
        results.push(item.refused);
        continue;
      }
      const outcome = outcomes[ran];
      ran += 1;
      // Not attempted: a 429 or an error stopped the batch before it.
      if (!outcome) break;
      const { id, name } = item.run;
      if (outcome.status === 'applied') {
        results.push({ id, status: 'applied' });
      } else if (outcome.status === 'refused' && outcome.error.statusCode === 429) {
        retryAfter = Number(outcome.error.headers['retry-after'] ?? 1);
        break;
      } else if (outcome.status === 'refused' && outcome.error.statusCode < 500) {
        results.push({ id, status: 'refused', code: outcome.error.statusCode, message: outcome.error.message });
      } else {
        request.log.error({ err: outcome.error, mutation: name }, 'mutation failed');
        results.push({ id, status: 'error', message: INTERNAL_ERROR_MESSAGE });
        break;
      }
    }
    const pull = body.cursor === undefined || body.cursor === null ? null : await pushPull(deps, me.id, request.ip, body.cursor);
    return retryAfter === undefined ? { results, pull } : { results, retryAfter, pull };
  });

  // The answer to PING carries the head of the user's log: a client that missed an event (a
  // process died between commit and publish) sees head > cursor and pulls. The hub holds the
  // heads in memory and reads them in batches (server/live/heads.ts), never once per PING.
  deps.hub.answerPingsWithHeads((userIds) => readHeads(deps.db, userIds));

  api.get('/api/sync/pull', { schema: { querystring: pullQuery, response: { 200: pullResponse } } }, async (request) => {
    const query = request.query;
    const me = requireUser(request);
    return pullChanges(deps.db, me.id, query.cursor, { snapshot: query.snapshot, beforeSnapshot: () => consumeReadLimit(deps, 'snapshot', me.id, request.ip) });
  });
}
