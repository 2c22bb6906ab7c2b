/** What a server mutator is: the apply of one write kind, inside the transaction runMutation opens. */
import type { MutationArgs, MutationName } from '../../src/contract/mutations';
import type { AuthUser } from '../auth/authenticate';
import type { Db, Tx } from '../db/types';
import type { AppDeps } from '../deps';
import type { ChangeRecorder, Published } from './recorder';
import type { RestRoute } from '../http/rest-route';

export interface MutationContext {
  tx: Tx;
  me: AuthUser;
  /** The time of this apply (the server's clock; tests move it). */
  now: Date;
  /** The mutation's id: the Idempotency-Key of a REST write, the outbox entry's id of a push. */
  mutationId: string;
  /**
   * The id records this mutation creates keep as `clientId` (so an optimistic row and its
   * server copy are recognised as one): the mutation id, or null for a REST write sent without
   * an Idempotency-Key (its id is the server's own choice).
   */
  clientId: string | null;
  deps: AppDeps;
  /** Who hears of what this mutation changed (change log + live events). */
  log: ChangeRecorder;
  /** Work for after the commit (mail); never for anything the mutation's correctness needs. */
  afterCommit(task: () => void): void;
  /**
   * Reads that cannot change within one batch, computed once per batch (the author's own public
   * fields, which every message they send carries).
   */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** What `applyAlone` works with: no transaction (its one statement is its own), no recorder. */
export interface LoneMutationContext {
  db: Db;
  me: AuthUser;
  now: Date;
  mutationId: string;
  /** The client's id for the records it creates; null when the server chose the id (`RunOptions.serverChosenId`), which is then not claimed either. */
  clientId: string | null;
  deps: AppDeps;
  /** Store the answer in the claim (`RunOptions.keepResult`, or the mutator's `keepsResult`). */
  keepResult: boolean;
}

export interface LoneOutcome {
  /** The REST answer body. */
  result: unknown;
  /** What the statement's commit tells (ChangeRecorder.publishedAt). */
  published: Published;
}

export interface ServerMutator<N extends MutationName> {
  /**
   * Applies the mutation, or throws an HttpError (4xx) to refuse it: a refusal rolls back to the
   * mutation's savepoint (server/sync/run.ts), so nothing of it stays and the batch goes on.
   * Returns the REST answer's body.
   */
  apply(ctx: MutationContext, args: MutationArgs<N>): Promise<unknown>;
  /**
   * The REST answer for a repeat whose first answer was not kept (it came through the batched
   * push, which keeps none): the record as it is now. Without it a repeat answers `null`.
   */
  current?(ctx: Omit<MutationContext, 'log' | 'afterCommit' | 'clientId' | 'once'>, args: MutationArgs<N>): Promise<unknown>;
  /**
   * Keep the answer even when the mutation came through the batched push: for a mutation whose
   * arguments name a record it removes (accepting an invitation deletes it), so no `current`
   * could find the answer again for a REST repeat. Costs one UPDATE per such mutation.
   */
  keepsResult?: boolean;
  /**
   * The same write as `apply`, for a mutation that runs alone (a REST write, a push of one), as
   * ONE autocommit statement: the claim of the mutation id, the effect and the change-log entries
   * commit together with no BEGIN/COMMIT round trips (server/sync/run.ts). It must store exactly
   * what `apply` + the recorder's `flush` store, and only for the plain success: anything else
   * (a refusal, a repeat, a taken id, a concurrent change it could race) answers null or fails
   * with a database error having written nothing, and `apply` then judges the mutation in the
   * ordinary transaction.
   */
  applyAlone?(ctx: LoneMutationContext, args: MutationArgs<N>): Promise<LoneOutcome | null>;
  /** Its REST routes (server/http/rest-route.ts), declared here, registered in one loop. A sync-only write has none. */
  rest?: readonly RestRoute<MutationArgs<N>>[];
}

export type ServerMutators = { [N in MutationName]: ServerMutator<N> };
