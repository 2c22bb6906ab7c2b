import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The database handle every route uses; the same type on PGlite and on PostgreSQL.
 * PGlite has ONE connection: inside `db.transaction(async (tx) => …)` use only `tx` — a query
 * on `db` from inside a transaction waits for the transaction to end, which never happens.
 * Keep transactions short and free of non-database awaits (argon2, mail, network): on PGlite
 * every other request waits for them.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction, for helpers that work in both. */
export type DbOrTx = Db | Tx;
