/**
 * Runs mutations exactly once per (user, mutation id) a client chose. A batch runs in ONE database
 * transaction, each mutation under its own savepoint:
 * - the id is claimed in `applied_mutations` in the same transaction as the mutation's effect
 *   and its change-log entries, so a crash leaves all or nothing, and a retry after a crash
 *   either finds the claim (a repeat: answered applied, nothing changes) or applies now;
 * - a concurrent duplicate waits on the claim's unique key until the first commits (then it is a
 *   repeat) or rolls back (then it applies): there is no "in flight" answer;
 * - a refusal (HttpError 4xx) rolls back to the savepoint, claim included: the mutation may be
 *   sent again (the user's Retry) and is judged again; the batch goes on;
 * - a 429 or an unexpected error stops the batch there (order is kept; what came before commits);
 * - PostgreSQL's "try again" errors (deadlock, serialization) rerun the whole batch.
 * One transaction per batch instead of per mutation: one commit and one change-log write for a
 * hundred queued writes. A batch of one (every REST write) skips the savepoint: its refusal
 * rolls the whole transaction back, which leaves exactly what the savepoint would have. A batch
 * of one whose mutator has `applyAlone` tries that single autocommit statement first
 * (run-alone.ts) and falls back to the transaction when it declines.
 */
import { and, eq } from 'drizzle-orm';
import { SyncText } from '../../src/contract/sync';
import type { MutationArgs, MutationName } from '../../src/contract/mutations';
import type { AuthUser } from '../auth/authenticate';
import { sqlState } from '../db/errors';
import { appliedMutations } from '../db/schema';
import type { Tx } from '../db/types';
import type { AppDeps } from '../deps';
import { HttpError } from '../errors';
import { enforceCap } from '../limits/caps';
import type { MutationContext } from './mutator';
import { ChangeRecorder } from './recorder';
import { serverMutators } from '../mutations';
import { runAlone } from './run-alone';

export interface Mutation<N extends MutationName = MutationName> {
  id: string;
  name: N;
  args: MutationArgs<N>;
}

export interface RunOptions {
  /** Keep the answer for a repeat (REST routes; the batched push answers only "applied"). */
  keepResult: boolean;
  /**
   * The id is the server's own (a REST write without Idempotency-Key): records get no clientId,
   * and the mutation is not claimed in `applied_mutations` (no one can repeat that id).
   */
  serverChosenId?: boolean;
  /** Called before each mutation (a rate limit): throw an HttpError to refuse it. */
  before?: (mutation: Mutation) => Promise<void>;
}

export type BatchResult =
  | { status: 'applied'; result: unknown; repeat: boolean }
  | { status: 'refused'; error: HttpError }
  | { status: 'failed'; error: unknown };

/** PostgreSQL's "try again" errors (serialization failure, deadlock): the transaction did nothing. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_TRIES = 4;

async function applyOne(sp: Tx, ctx: Omit<MutationContext, 'tx' | 'clientId'>, mutation: Mutation, options: RunOptions): Promise<{ result: unknown; repeat: boolean }> {
  const mutator = serverMutators[mutation.name];
  const { me, now } = ctx;
  if (options.serverChosenId) {
    // A fresh random id (a REST write without Idempotency-Key) is never sent again, by anyone:
    // a claim of it could never be found, so none is written (nor its kept answer).
    await enforceCap(sp, me.id, mutation.name, mutation.args);
    const result = await mutator.apply({ ...ctx, tx: sp, mutationId: mutation.id, clientId: null }, mutation.args as never);
    return { result, repeat: false };
  }
  const key = and(eq(appliedMutations.userId, me.id), eq(appliedMutations.id, mutation.id));
  const claimed = await sp
    .insert(appliedMutations)
    .values({ userId: me.id, id: mutation.id, name: mutation.name, appliedAt: now })
    .onConflictDoNothing()
    .returning({ id: appliedMutations.id });
  if (claimed.length === 0) {
    const [existing] = await sp.select({ name: appliedMutations.name, result: appliedMutations.result }).from(appliedMutations).where(key);
    if (existing && existing.name !== mutation.name) throw new HttpError(422, SyncText.mutationIdReused);
    let result = existing?.result ?? null;
    if (result === null && mutator.current) result = (await mutator.current({ tx: sp, me, now, mutationId: mutation.id, deps: ctx.deps }, mutation.args as never)) ?? null;
    return { result, repeat: true };
  }
  // Per-user caps on stored things (server/limits/caps.ts): a repeat above stores nothing and is never capped.
  await enforceCap(sp, me.id, mutation.name, mutation.args);
  const result = await mutator.apply({ ...ctx, tx: sp, mutationId: mutation.id, clientId: mutation.id }, mutation.args as never);
  if ((options.keepResult || mutator.keepsResult) && result !== undefined) await sp.update(appliedMutations).set({ result }).where(key);
  return { result, repeat: false };
}

/** Carries a lone mutation's refusal out of its transaction, so the whole transaction rolls back. */
class Refused extends Error {
  constructor(readonly outcome: BatchResult) {
    super('mutation refused');
  }
}

export async function runBatch(deps: AppDeps, me: AuthUser, mutations: Mutation[], options: RunOptions): Promise<BatchResult[]> {
  const alone = mutations.length === 1;
  if (alone) {
    const lone = await runAlone(deps, me, mutations[0]!, options);
    if (lone.outcome) return [lone.outcome];
    options = lone.options;
  }
  for (let attempt = 1; ; attempt += 1) {
    const results: BatchResult[] = [];
    const after: Array<() => void> = [];
    const now = deps.now();
    let previous = now.getTime() - 1;
    const log = new ChangeRecorder(me.id);
    const memo = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
      if (!memo.has(key)) memo.set(key, read());
      return memo.get(key) as Promise<T>;
    };
    try {
      const published = await deps.db.transaction(async (tx) => {
        for (const mutation of mutations) {
          const mark = log.begin(mutation.id);
          const tasks = after.length;
          // Each mutation gets its own instant, strictly after the previous one: a batch of
          // messages keeps its order in every list sorted by time (one shared instant tied them).
          previous = Math.max(deps.now().getTime(), previous + 1);
          const at = new Date(previous);
          const ctx = { me, now: at, deps, mutationId: mutation.id, log, once, afterCommit: (task: () => void) => void after.push(task) };
          try {
            await options.before?.(mutation);
            // A lone mutation needs no savepoint: its refusal rolls the whole transaction back.
            const outcome = alone ? await applyOne(tx, ctx, mutation, options) : await tx.transaction((sp) => applyOne(sp, ctx, mutation, options));
            log.end();
            results.push({ status: 'applied', ...outcome });
          } catch (error) {
            log.rollbackTo(mark);
            after.length = tasks;
            const state = sqlState(error);
            if (state && RETRYABLE_SQLSTATES.has(state)) throw error;
            const outcome: BatchResult =
              error instanceof HttpError ? { status: 'refused', error } : { status: 'failed', error };
            if (alone) throw new Refused(outcome);
            results.push(outcome);
            if (error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 429) continue;
            break;
          }
        }
        return log.flush(tx, now);
      });
      deps.hub.publishLogged(published);
      for (const task of after) task();
      return results;
    } catch (error) {
      if (error instanceof Refused) return [error.outcome];
      const state = sqlState(error);
      if (attempt >= MAX_TRIES || !state || !RETRYABLE_SQLSTATES.has(state)) throw error;
    }
  }
}

export interface MutationOutcome {
  /** The REST answer body (the stored one for a repeat, when kept). */
  result: unknown;
  repeat: boolean;
}

/** One mutation (a REST write): its answer, or its refusal thrown as the HttpError it was. */
export async function runMutation<N extends MutationName>(deps: AppDeps, me: AuthUser, mutation: Mutation<N>, options: RunOptions): Promise<MutationOutcome> {
  const [outcome] = await runBatch(deps, me, [mutation as Mutation], options);
  if (!outcome) throw new Error('a batch of one answered nothing');
  if (outcome.status === 'applied') return { result: outcome.result, repeat: outcome.repeat };
  throw outcome.error;
}
