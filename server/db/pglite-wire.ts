/**
 * A faster way to run drizzle's queries on the embedded PGlite: the same PostgreSQL messages,
 * sent as ONE batch per statement instead of one call into the WebAssembly module per message.
 *
 * PGlite's own `query()` makes six separate calls for every statement (Parse, Describe
 * statement, Bind, Describe portal, Execute, Sync), each with its own JavaScript and
 * WebAssembly round trip, and PostgreSQL parses and plans the text every time. Here:
 * - a statement with parameters is parsed ONCE as a named prepared statement (its parameter
 *   types come from that Describe, so values are serialised by PGlite's own serialisers, exactly
 *   as `query()` does), then each execution is one batch: Bind, Describe, Execute, Sync;
 * - a statement without parameters (BEGIN, SAVEPOINT, COMMIT, migrations) is one batch with the
 *   unnamed statement;
 * - rows are parsed by PGlite's parsers (the caller's `parsers` first, as `query()` does);
 * - a transaction is BEGIN … COMMIT/ROLLBACK over the same batches, with PGlite's rule that a
 *   COMMIT answered ROLLBACK (the transaction had failed) throws 25P02.
 *
 * Every batch runs synchronously inside PGlite, and a new statement's Parse and its first
 * execution are sent back to back, so two callers can never interleave their messages. Callers
 * must still run one top-level operation at a time (gatePglite does).
 * Known limits: at most MAX_PREPARED distinct statement texts are kept prepared (beyond that a
 * statement is parsed (unnamed) on each use, in two batches); LISTEN/NOTIFY notifications and
 * notices arriving in these batches are ignored (the server uses neither on PGlite).
 */
import { type PGlite, type Results, type Transaction, TransactionAbortedError, protocol } from '@electric-sql/pglite';

/** Prepared statements kept per database (each holds a plan inside PostgreSQL). */
export const MAX_PREPARED = 500;

type Parser = (value: string, typeId?: number) => unknown;
type Serializer = (value: unknown) => string;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
}

interface BackendMessage {
  name: string;
}

/** The error PGlite throws (a DatabaseError), with the query attached as PGlite's `makePGliteError` does. */
type WireError = Error & { query?: string; params?: unknown[]; queryOptions?: unknown };

const serialize = protocol.serialize;
const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

interface Internals {
  parsers: Record<number, Parser>;
  serializers: Record<number, Serializer>;
}

/** Statement names are unique in the process: two wires over one PGlite (tests) never collide. */
let statementCounter = 0;

export interface WireClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

export function pgliteWire(client: PGlite): WireClient {
  const { parsers, serializers } = client as unknown as Internals;
  const prepared = new Map<string, { name: string; types: number[] }>();

  /**
   * Sends one batch. PGlite runs it synchronously inside `execProtocolRawStream` (its promise
   * only reports a failure of the module itself), handing each chunk of the answer to us: the
   * messages are all here when this returns, parsed once (PGlite's default path would copy
   * them into its own buffer and parse them too). Await `done` before trusting them.
   */
  function send(message: Uint8Array): { messages: BackendMessage[]; done: Promise<void> } {
    const messages: BackendMessage[] = [];
    const parser = new protocol.Parser();
    const done = client.execProtocolRawStream(message, {
      syncToFs: false,
      // The chunk is a view of the module's memory: copied before the parser may keep a part of it.
      onRawData: (bytes) => parser.parse(bytes.slice(), (msg) => void messages.push(msg as BackendMessage)),
    });
    return { messages, done };
  }

  function firstError(messages: BackendMessage[]): WireError | undefined {
    return messages.find((msg) => msg.name === 'error') as WireError | undefined;
  }

  function fail(error: WireError, text: string, params: unknown[] | undefined, options: unknown): never {
    error.query = text;
    error.params = params;
    error.queryOptions = options;
    throw error;
  }

  /**
   * The named statement for `text`, parsed now if it is new (past MAX_PREPARED: parsed unnamed).
   * `pending`: the Parse batch, awaited by the caller after its own batch (both are sent
   * synchronously, back to back, so nothing can come between them).
   */
  function statementFor(text: string, params: unknown[], options: unknown): { name: string; types: number[]; pending?: Promise<void> } {
    const known = prepared.get(text);
    if (known) return known;
    const name = prepared.size < MAX_PREPARED ? `pt_${(statementCounter += 1)}` : '';
    const { messages, done } = send(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), SYNC]));
    const error = firstError(messages);
    if (error) {
      void done.catch(() => undefined);
      fail(error, text, params, options);
    }
    const description = messages.find((msg) => msg.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const statement = { name, types: description?.dataTypeIDs ?? [] };
    // A named statement exists from now on, whatever its executions do (so a failing execution
    // never makes it parsed again). The unnamed one lives until the next Parse, which cannot
    // come before the execution batch: both are sent synchronously, back to back.
    if (name) prepared.set(text, statement);
    return { ...statement, pending: done };
  }

  function results<T>(messages: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const own = options?.parsers;
    const asArrays = options?.rowMode === 'array';
    let fields: Array<{ name: string; dataTypeID: number }> = [];
    const rows: unknown[] = [];
    let affectedRows = 0;
    let done: Results<T> | undefined;
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        fields = (message as unknown as { fields: Array<{ name: string; dataTypeID: number }> }).fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
      } else if (message.name === 'dataRow') {
        const values = (message as unknown as { fields: Array<string | null> }).fields;
        const row: unknown[] | Record<string, unknown> = asArrays ? [] : {};
        for (let i = 0; i < values.length; i += 1) {
          const raw = values[i]!;
          const type = fields[i]!.dataTypeID;
          const parser = own?.[type] ?? parsers[type];
          const value = raw === null ? null : parser ? parser(raw, type) : raw;
          if (asArrays) (row as unknown[]).push(value);
          else (row as Record<string, unknown>)[fields[i]!.name] = value;
        }
        rows.push(row);
      } else if (message.name === 'commandComplete') {
        // Same accounting as PGlite's parseResults: "INSERT 0 5", "UPDATE 3", "SELECT 2".
        const parts = (message as unknown as { text: string }).text.split(' ');
        const command = parts[0]!;
        const rowCount = parseInt(parts[parts.length - 1]!, 10);
        if (command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') affectedRows += rowCount;
        done = { rows: rows as T[], fields, command, affectedRows, ...(Number.isNaN(rowCount) ? {} : { rowCount }) } as Results<T>;
      }
    }
    return done ?? ({ rows: [], fields: [], affectedRows: 0 } as Results<T>);
  }

  async function run<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    let batch: Uint8Array;
    let pending: Promise<void> | undefined;
    if (!params || params.length === 0) {
      batch = concat([serialize.parse({ name: '', text }), serialize.bind({}), DESCRIBE_PORTAL, EXECUTE, SYNC]);
    } else {
      const statement = statementFor(text, params, options);
      pending = statement.pending;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = serializers[statement.types[i]!];
        const text = serializer ? serializer(param) : (param as { toString(): string }).toString();
        // Always a string: the protocol writer is shared, and a non-string (an array serialiser
        // handed a number returns it as it is) would throw halfway through the Bind message and
        // leave the writer corrupt for every later statement. PostgreSQL refuses a wrong text cleanly.
        return typeof text === 'string' ? text : String(text);
      });
      const bind = serialize.bind({ statement: statement.name, values: values as string[] });
      batch = concat([bind, DESCRIBE_PORTAL, EXECUTE, SYNC]);
    }
    const { messages, done } = send(batch);
    await pending;
    await done;
    const error = firstError(messages);
    if (error) fail(error, text, params, options);
    return results<T>(messages, options);
  }

  async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (client.closed) throw new Error('PGlite is closed');
    return run<T>(text, params, options);
  }

  async function transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    await query('BEGIN');
    let closed = false;
    const checkClosed = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        checkClosed();
        return query<R>(text, params, options);
      },
      sql: () => Promise.reject(new Error('tx.sql is not supported on this connection')),
      exec: async (text: string) => {
        checkClosed();
        return [await query(text)];
      },
      rollback: async () => {
        checkClosed();
        await query('ROLLBACK');
        closed = true;
      },
      listen: () => Promise.reject(new Error('tx.listen is not supported on this connection')),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await fn(tx);
      if (!closed) {
        closed = true;
        const committed = await query('COMMIT');
        if (committed.command === 'ROLLBACK') {
          fail(new TransactionAbortedError(), 'COMMIT', undefined, undefined);
        }
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await query('ROLLBACK');
      }
      throw error;
    }
  }

  return { query, transaction };
}
