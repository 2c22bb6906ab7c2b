/**
 * The rows of `db.execute(sql…)`: both drivers answer `{ rows }` (node-postgres's QueryResult,
 * PGlite's Results), with column names as PostgreSQL gives them and timestamps as text.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
