import { databaseErrorCode, isRefusedWrite, refusedColumn } from '../db/errors';

/** What a person reads for each refusal, by SQLSTATE; the class's sentence for the rest. */
const SENTENCES: Record<string, string> = {
  '22001': 'This is longer than can be stored: use fewer characters.',
  '22003': 'This number is larger than can be stored.',
  '22007': 'Enter a real date and time.',
  '22008': 'Enter a real date, within the years that can be stored.',
  '22P02': 'Give a value of the kind this field takes.',
  '23502': 'This field is required.',
  '23503': 'Choose one that exists.',
  '23505': 'This has already been taken.',
  '23514': 'This value is not allowed here.',
};
const DATA_SENTENCE = 'This value cannot be stored.';
const CONSTRAINT_SENTENCE = 'This value is not allowed here.';

/** The dotted path of the first field called `name` in `body` (objects and lists walked), if any. */
function pathOf(body: unknown, name: string, at: string[] = []): string | null {
  if (body === null || typeof body !== 'object') return null;
  if (!Array.isArray(body) && Object.hasOwn(body, name)) return [...at, name].join('.');
  const entries = Array.isArray(body) ? body.map((v, i) => [String(i), v] as const) : Object.entries(body);
  for (const [key, value] of entries) {
    const found = pathOf(value, name, [...at, key]);
    if (found) return found;
  }
  return null;
}

/**
 * A write the database refused (class 22 or 23), as a 422's field errors: under the field of the
 * request body that the refused column names (`data.brand_id` for a page's `brand_id`), under the
 * column itself when the body has no such field, or under `_` when the database names no column.
 * Null for any other error.
 */
export function databaseRefusal(error: unknown, body: unknown): Record<string, string[]> | null {
  if (!isRefusedWrite(error)) return null;
  const code = databaseErrorCode(error) ?? '';
  const sentence = SENTENCES[code] ?? (code.startsWith('22') ? DATA_SENTENCE : CONSTRAINT_SENTENCE);
  const column = refusedColumn(error);
  const field = column ? (pathOf(body, column) ?? column) : '_';
  return { [field]: [sentence] };
}
