/**
 * The app's side of a mutation: its argument schema, which mirror rows it writes and its
 * optimistic change, as a pure function over a view of those rows. The same function runs when
 * the write is made and when it is re-applied over a newer server copy (src/sync/engine/rebase.ts), so
 * what a user sees while a write waits is always "the server's rows + my pending writes, in order".
 * Only types come from src/db (erased at build), so the server can import the schemas.
 */
import * as z from 'zod/mini';
import type { PublicUser } from '../contract/users';
import type { RowKey } from '../db/schema';
import type { MutationArgs, MutationName } from './index';

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

/** One write kind's client half, over its parsed arguments `A`. */
export interface ClientMutation<A> {
  /** The main row, for pending/failed marks in the UI (may be a pseudo table without rows). */
  target(args: A, env: Pick<MutatorEnv, 'me'>): RowKey;
  /** Every row the change writes (default: the target). */
  writes?(args: A, env: Pick<MutatorEnv, 'me'>): RowKey[];
  /** Rows the change only reads (loaded for it, never re-applied for). */
  reads?(args: A, env: Pick<MutatorEnv, 'me'>): RowKey[];
  /**
   * The optimistic change. Pure: everything comes from the view, `args` and `env`. A change
   * that no longer fits (a game that ended meanwhile) throws a GameRuleError; it is skipped.
   */
  apply(view: RowView, args: A, env: MutatorEnv): void;
  /**
   * A refusal is only logged and the write dropped (the spec's error catalogue: accept, reject and unfriend
   * failures are only logged); otherwise a refused write waits for the user's Retry or Discard.
   */
  dropWhenRefused?: boolean;
  /**
   * The mutation id a write of this kind takes when the caller names none: a creating write
   * takes the new record's id, so the optimistic row, the server row and the outbox entry share
   * one id (the UI finds a row's write by the row's id). Default: a new UUID.
   */
  mutationId?(args: A): string | undefined;
}

/** A write kind as its entity module declares it: the argument schema and the client half. */
export interface MutationDefinition<S extends z.ZodMiniType> extends ClientMutation<z.output<S>> {
  args: S;
}

/** Declares one write kind; the argument types of every function come from `args`. */
export function defineMutation<S extends z.ZodMiniType>(definition: MutationDefinition<S>): MutationDefinition<S> {
  return definition;
}

export type ClientMutator<N extends MutationName> = ClientMutation<MutationArgs<N>>;

export type ClientMutators = { [N in MutationName]: ClientMutator<N> };

/** Argument building blocks shared by the entity modules. */
export const uuid = z.uuid({ error: 'id must be a UUID.' });
export const ref = z.string().check(z.minLength(1), z.maxLength(64));

export function rowKey(table: string, id: string): string {
  return `${table}:${id}`;
}

export function splitKey(key: string): RowKey {
  const colon = key.indexOf(':');
  return { table: key.slice(0, colon), id: key.slice(colon + 1) };
}
