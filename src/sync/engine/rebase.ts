/**
 * Rebase: the rows a user sees = the server's copy of each row (its base) with this device's
 * pending writes re-applied on top, oldest first. ONE pure function, used when a write is
 * undone (discard), when a newer server copy arrives under pending writes, and on a reset.
 * Rules:
 * - a write is re-applied only for the rows it writes that are being rebased (`bases`); its
 *   writes to other rows already stand in the mirror and are not applied twice;
 * - a write the rows refuse by now (GameRuleError: e.g. the game ended) is skipped;
 * - a write the server refused (status 'failed') is not re-applied: its rows show the server's
 *   copy, marked failed, until the user retries or discards it — except a row the server does
 *   not have (a refused message or pod), which keeps what the user typed, marked failed;
 * - a row written by a pending write is marked 'queued', or 'failed' (with the server's
 *   message) when one of its writes was refused; a row no write touches carries no mark.
 */
import { GameRuleError } from '../../game/counters';
import type { OutboxEntry } from '../../db/schema';
import type { ClientMutator, MutatorEnv, RowView } from '../../mutations/types';
import { rowKey } from '../../mutations/types';
import { MARKED_TABLES } from './rows';

/** A pending write, ready to apply: its mutator and parsed arguments, and the rows it writes. */
export interface PlannedWrite {
  entry: Pick<OutboxEntry, 'id' | 'name' | 'status' | 'error' | 'createdAt'>;
  mutator: ClientMutator<never>;
  args: unknown;
  /** "table:id" of every row it writes. */
  writes: string[];
  env: MutatorEnv;
}

export type Rows = Map<string, unknown>;

/**
 * Applies one write to `rows` (keys present in `rows` and accepted by `accept` only); reads of
 * other keys go to `other`.
 */
export function applyWrite(
  rows: Rows,
  write: PlannedWrite,
  other: (key: string) => unknown,
  accept: (key: string) => boolean = () => true,
  options: { strict?: boolean } = {},
): void {
  const changes = new Map<string, unknown>();
  const read = (key: string) => (changes.has(key) ? changes.get(key) : rows.has(key) ? rows.get(key) : other(key));
  const view: RowView = {
    get: <T>(table: string, id: string) => (read(rowKey(table, id)) ?? undefined) as T | undefined,
    put: (table, id, row) => void changes.set(rowKey(table, id), row),
    delete: (table, id) => void changes.set(rowKey(table, id), null),
  };
  try {
    write.mutator.apply(view, write.args as never, write.env);
  } catch (error) {
    if (error instanceof GameRuleError && !options.strict) return;
    throw error;
  }
  for (const [key, row] of changes) if (rows.has(key) && accept(key)) rows.set(key, row);
}

function withoutMark(row: unknown): unknown {
  if (!row || typeof row !== 'object' || !('syncState' in row || 'syncError' in row)) return row;
  const { syncState: _state, syncError: _error, ...rest } = row as Record<string, unknown>;
  return rest;
}

/**
 * The rows of `bases` (key → server row, or null when the server has none) with `writes`
 * (pending, oldest first) re-applied and marked. Returns a new map; null = no row.
 */
export function rebase(bases: ReadonlyMap<string, unknown>, writes: readonly PlannedWrite[], other: (key: string) => unknown = () => undefined): Rows {
  const rows: Rows = new Map([...bases].map(([key, row]) => [key, withoutMark(row)]));
  for (const write of writes) {
    if (!write.writes.some((key) => rows.has(key))) continue;
    const failed = write.entry.status === 'failed';
    applyWrite(rows, write, other, failed ? (key) => rows.get(key) == null : undefined);
  }
  for (const [key, row] of rows) {
    if (!row || !MARKED_TABLES.has(key.slice(0, key.indexOf(':')))) continue;
    const touching = writes.filter((write) => write.writes.includes(key));
    if (touching.length === 0) continue;
    const failed = touching.filter((write) => write.entry.status === 'failed').at(-1);
    rows.set(key, failed ? { ...(row as object), syncState: 'failed', syncError: failed.entry.error } : { ...(row as object), syncState: 'queued' });
  }
  return rows;
}
