/**
 * A mutation that runs alone (a REST write, a push of one) whose mutator has `applyAlone`: its
 * whole write is ONE autocommit statement, so it costs one round trip and one commit instead of
 * BEGIN, its statements, the change-log statement and COMMIT (on PostgreSQL each round
 * trip is a socket write and a wake-up of the backend, the bulk of a message POST's time).
 * The write limit (`before`) is counted here, once: the options handed back for the ordinary
 * transaction no longer carry it.
 * Every database error of the statement (one with a SQLSTATE) means it wrote nothing (a
 * statement is atomic): a repeat's claim or a taken id (unique violation), a deadlock, a
 * serialization failure; the ordinary transaction then judges the mutation, with its answers
 * and its retries. The cost of such a fallback is one statement, only on those rare paths.
 */
import { sqlState } from '../db/errors';
import type { AppDeps } from '../deps';
import type { AuthUser } from '../auth/authenticate';
import { HttpError } from '../errors';
import { serverMutators } from '../mutations';
import type { BatchResult, Mutation, RunOptions } from './run';

export type AloneRun = { outcome: BatchResult; options?: undefined } | { outcome?: undefined; options: RunOptions };

export async function runAlone(deps: AppDeps, me: AuthUser, mutation: Mutation, options: RunOptions): Promise<AloneRun> {
  const mutator = serverMutators[mutation.name];
  if (!mutator.applyAlone) return { options };
  try {
    await options.before?.(mutation);
  } catch (error) {
    return { outcome: error instanceof HttpError ? { status: 'refused', error } : { status: 'failed', error } };
  }
  const rest = { ...options, before: undefined };
  let lone;
  try {
    lone = await mutator.applyAlone(
      {
        db: deps.db,
        me,
        now: deps.now(),
        mutationId: mutation.id,
        clientId: options.serverChosenId ? null : mutation.id,
        deps,
        keepResult: options.keepResult || mutator.keepsResult === true,
      },
      mutation.args as never,
    );
  } catch (error) {
    if (sqlState(error) !== undefined) return { options: rest };
    // No connection (DatabaseBusyError: 503, retried by the client) or a fault of its own: as
    // when the transaction itself cannot run, the request fails, and nothing was written.
    throw error;
  }
  if (!lone) return { options: rest };
  deps.hub.publishLogged(lone.published);
  return { outcome: { status: 'applied', result: lone.result, repeat: false } };
}
