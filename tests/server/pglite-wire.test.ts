/**
 * The batched PGlite path (server/db/pglite-wire.ts) answers exactly what PGlite's own `query()`
 * answers: values of every type the schema uses, errors with their SQLSTATE, transactions, and
 * statements prepared once. It always runs on an in-memory PGlite, whatever TEST_DATABASE_URL says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { MAX_PREPARED, pgliteWire, type WireClient } from '../../server/db/pglite-wire';
import { gatePglite } from '../../server/db/backpressure';

let db: PGlite;
let wire: WireClient;
beforeAll(async () => {
  db = await PGlite.create();
  wire = pgliteWire(db);
  await db.exec(`
    create table t (
      id uuid primary key, name text unique, n integer, big bigint, ok boolean, doc jsonb,
      at timestamptz, raw bytea, tags text[]
    );
    create table child (id serial primary key, parent uuid not null references t(id));
  `);
});
afterAll(async () => {
  await db.close();
});

const ID = 'a4b913cc-f252-4691-aa1f-4f647fec20f3';
const ROW = [ID, 'ann', 7, 9_007_199_254_740_993n, true, JSON.stringify({ a: [1, 'x'] }), new Date('2026-11-22T10:00:00.123Z'), new Uint8Array([0, 1, 255]), ['a', 'b"c', null]];
const INSERT = 'insert into t (id, name, n, big, ok, doc, at, raw, tags) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *';

describe('the batched PGlite path', () => {
  it('writes and reads every type as PGlite itself does, in object and array rows', async () => {
    const ours = await wire.query(INSERT, ROW);
    await db.query('delete from t');
    const theirs = await db.query(INSERT, ROW);
    await db.query('delete from t');
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);

    await wire.query(INSERT, ROW);
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `raw:${value}` } };
    const select = 'select id, at, tags, doc from t where id = $1';
    expect((await wire.query(select, [ID], options)).rows).toEqual((await db.query(select, [ID], options)).rows);
    expect((await wire.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    await db.query('delete from t');
  });

  it('throws database errors with their SQLSTATE and constraint, and keeps working afterwards', async () => {
    await wire.query(INSERT, ROW);
    const duplicate = await wire.query(INSERT, ROW).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 't_pkey', query: INSERT });
    const orphan = await wire.query('insert into child (parent) values ($1)', ['00000000-0000-4000-8000-000000000000']).catch((error: unknown) => error);
    expect(orphan).toMatchObject({ code: '23503' });
    const badUuid = await wire.query('select * from t where id = $1', ['nope']).catch((error: unknown) => error);
    expect(badUuid).toMatchObject({ code: '22P02' });
    const syntax = await wire.query('selec $1', [1]).catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });
    // A value its serialiser cannot turn into text (an array parameter given a number) is
    // refused by PostgreSQL, and does not leave a half-written message behind.
    const wrongShape = await wire.query('select $1::bigint[] as a', [5]).catch((error: unknown) => error);
    expect(wrongShape).toMatchObject({ code: '22P02' });
    expect((await wire.query('select $1::text as ok', ['still fine'])).rows).toEqual([{ ok: 'still fine' }]);
    expect((await db.query('select $1::text as ok', ['PGlite too'])).rows).toEqual([{ ok: 'PGlite too' }]);
    await db.query('delete from t');
  });

  it('commits, rolls back, and refuses to commit a transaction that failed (25P02)', async () => {
    await wire.transaction(async (tx) => {
      await tx.query(INSERT, ROW);
    });
    expect((await wire.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);

    await expect(
      wire.transaction(async (tx) => {
        await tx.query('delete from t');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await wire.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);

    const aborted = await wire
      .transaction(async (tx) => {
        await tx.query('delete from t');
        // A failed statement whose error the caller swallowed: the transaction cannot commit.
        await tx.query('select 1/0').catch(() => undefined);
      })
      .catch((error: unknown) => error);
    expect(aborted).toMatchObject({ code: '25P02' });
    expect((await wire.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);

    // Savepoints, as drizzle's nested transactions use them.
    await wire.transaction(async (tx) => {
      await tx.query('savepoint sp1');
      await tx.query('delete from t');
      await tx.query('rollback to savepoint sp1');
    });
    expect((await wire.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    await db.query('delete from t');
  });

  it('prepares a statement once, and still runs statements beyond the prepared ones it keeps', async () => {
    const before = (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    for (let i = 0; i < 5; i += 1) expect((await wire.query('select $1::int + 1 as n', [i])).rows).toEqual([{ n: i + 1 }]);
    const after = (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    expect(after - before).toBe(1);
    for (let i = 0; i < MAX_PREPARED + 5; i += 1) {
      expect((await wire.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    }
    const total = (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    expect(total).toBeLessThanOrEqual(MAX_PREPARED);
  });

  it('runs one caller at a time behind the gate, whatever the callers interleave', async () => {
    const { client } = gatePglite(db, 1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? client.transaction(async (tx) => (await tx.query<{ n: number }>('select $1::int as n', [i])).rows[0]!.n)
          : client.query<{ n: number }>('select $1::int as n', [i]).then((result) => result.rows[0]!.n),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
