/** Recognising PostgreSQL errors through drizzle's wrapper (DrizzleQueryError keeps the driver error in `cause`). */

interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
}

function driverError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgErrorLike & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The name of the violated unique constraint or index, or undefined when `error` is something else. */
export function uniqueViolation(error: unknown): string | undefined {
  const pg = driverError(error);
  if (pg?.code !== '23505') return undefined;
  return typeof pg.constraint === 'string' ? pg.constraint : '';
}

export function isForeignKeyViolation(error: unknown): boolean {
  return driverError(error)?.code === '23503';
}

/** PGlite answers bigint/count as number, `pg` as string: normalise before use. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** The SQLSTATE of a database error (e.g. '40P01' deadlock), or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  const code = driverError(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * PostgreSQL refused a value (SQLSTATE class 22 "data exception": out-of-range numbers and
 * dates, NUL in text, malformed json or uuid) or a value was too big for an index (54000).
 * The contract schemas stop these before the database; this is the net under them, so such an
 * input is still the client's error (400), never a 500.
 */
export function isDataException(error: unknown): boolean {
  const code = driverError(error)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code === '54000');
}
