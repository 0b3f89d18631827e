/** The largest value of a `serial` id column: a larger id names no row (and PostgreSQL refuses it). */
export const MAX_SERIAL_ID = 2_147_483_647;

/**
 * The SQLSTATE of a failed query. Drizzle wraps the driver's error and keeps it as `cause`,
 * so the code is looked up on both.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string' && /^[0-9A-Z]{5}$/.test(direct)) return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** The constraint or index a failed write broke; drivers put it on the error or on its cause. */
export function constraintOf(error: unknown): string {
  const own = (error as { constraint?: unknown } | null)?.constraint;
  const cause = (error as { cause?: { constraint?: unknown } } | null)?.cause?.constraint;
  return String(own ?? cause ?? '');
}

/**
 * Class 22 (data exception) or 23 (integrity constraint violation): the input held something the
 * database cannot store (a NUL character, a number beyond a column's range, a date past its years)
 * or a write it refuses (a missing value, a record that is not there, a taken name). The client
 * sent it, so it is a 422.
 */
export function isRefusedWrite(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code?.startsWith('22') === true || code?.startsWith('23') === true;
}

/** What PostgreSQL says about a refused statement; drivers put it on the error or on its cause. */
interface RefusalFields {
  column?: unknown;
  table?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

function refusalFields(error: unknown): RefusalFields {
  const own = (error ?? {}) as RefusalFields & { cause?: RefusalFields };
  return typeof (own as { code?: unknown }).code === 'string' ? own : (own.cause ?? {});
}

const COLUMN_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The column a refused write names, where the database says: its `column` field (a missing
 * value), the key of its detail (`Key (slug)=(...) already exists.`), or a constraint named after
 * its table and column (`dealerships_slug_unique`, `media_focal_check`). Null when it does not say
 * (a value too long or out of range names no column).
 */
export function refusedColumn(error: unknown): string | null {
  const { column, table, constraint, detail } = refusalFields(error);
  if (typeof column === 'string' && COLUMN_NAME.test(column)) return column;
  const key = /^Key \(([^)]+)\)=/.exec(typeof detail === 'string' ? detail : '')?.[1];
  if (key && COLUMN_NAME.test(key)) return key;
  if (typeof table !== 'string' || typeof constraint !== 'string') return null;
  if (!constraint.startsWith(`${table}_`)) return null;
  const named = constraint.slice(table.length + 1).replace(/_(check|unique|key|fkey|not_null)$/, '');
  return COLUMN_NAME.test(named) ? named : null;
}
