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
 * Class 22 (data exception): the input held something the database cannot store, such as a
 * NUL character in text or a number beyond a column's range. The client sent it, so it is a 422.
 */
export function isDataException(error: unknown): boolean {
  return databaseErrorCode(error)?.startsWith('22') ?? false;
}
