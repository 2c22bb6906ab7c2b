/**
 * The app's side of a mutation: which mirror rows it writes and its optimistic change, as a
 * pure function over a view of those rows. The same function runs when the write is made and
 * when it is re-applied over a newer server copy (src/sync/rebase.ts), so what a user sees
 * while a write waits is always "the server's rows + my pending writes, in order".
 */
import type { MutationArgs, MutationName } from '../../contract/mutations';
import type { PublicUser } from '../../contract/users';
import type { RowKey } from '../../db/schema';

/** Reads and writes rows of the mirror by table and id. Writes outside `writes(args)` are ignored on rebase. */
export interface RowView {
  get<T>(table: string, id: string): T | undefined;
  put(table: string, id: string, row: unknown): void;
  delete(table: string, id: string): void;
}

export interface MutatorEnv {
  /** The signed-in user (public fields). */
  me: PublicUser;
  /** When the write was made (ISO): the time its optimistic rows carry, stable across rebases. */
  at: string;
  /** The mutation's id. */
  mutationId: string;
}

export interface ClientMutator<N extends MutationName> {
  /** The main row, for pending/failed marks in the UI (may be a pseudo table without rows). */
  target(args: MutationArgs<N>, env: Pick<MutatorEnv, 'me'>): RowKey;
  /** Every row the change writes (default: the target). */
  writes?(args: MutationArgs<N>, env: Pick<MutatorEnv, 'me'>): RowKey[];
  /** Rows the change only reads (loaded for it, never re-applied for). */
  reads?(args: MutationArgs<N>, env: Pick<MutatorEnv, 'me'>): RowKey[];
  /**
   * The optimistic change. Pure: everything comes from the view, `args` and `env`. A change
   * that no longer fits (a game that ended meanwhile) throws a GameRuleError; it is skipped.
   */
  apply(view: RowView, args: MutationArgs<N>, env: MutatorEnv): void;
  /**
   * A refusal is only logged and the write dropped (the spec's error catalogue: accept, reject and unfriend
   * failures are only logged); otherwise a refused write waits for the user's Retry or Discard.
   */
  dropWhenRefused?: boolean;
}

export type ClientMutators = { [N in MutationName]: ClientMutator<N> };

export function rowKey(table: string, id: string): string {
  return `${table}:${id}`;
}

export function splitKey(key: string): RowKey {
  const colon = key.indexOf(':');
  return { table: key.slice(0, colon), id: key.slice(colon + 1) };
}
