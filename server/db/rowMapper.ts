import { Column, is, noopDecoder, SQL } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { executeDirectly } from './directExecute';
import { timestamptzFromText } from './timestampText';

/**
 * A list's rows mapped by a function made once for its statement. Drizzle maps each row of a
 * prepared select by walking the selected fields and asking of each what kind of field it is, on
 * every row: on a page of 25 rows of a dozen columns that walk cost more CPU than reading the rows
 * off the wire. A flat selection (no nested objects, so no join can null a group) needs none of
 * it: the decoders are found once, and each row becomes an object of one fixed shape. A time is
 * read from PostgreSQL's text by `timestamptzFromText` rather than by `new Date(text)`.
 */

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What Drizzle's prepared queries (node-postgres and PGlite alike) hold of their selection. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

const identity = (Column.prototype as unknown as Decoder).mapFromDriverValue;

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field as unknown as Decoder;
  // A fragment's decoder (set by `mapWith`) is kept off Drizzle's public types.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return null;
}

const passesThrough = (decoder: Decoder) =>
  decoder === noopDecoder || decoder.mapFromDriverValue === identity;

/** The row mapper for `fields`, or null where Drizzle's own must do (a nested selection). */
function rowMapper(fields: NonNullable<PreparedSelect['fields']>): ((row: unknown[]) => unknown) | null {
  const decoders: Decoder[] = [];
  for (const { path, field } of fields) {
    const decoder = path.length === 1 ? decoderOf(field) : null;
    if (!decoder) return null;
    decoders.push(decoder);
  }
  const decode = fields.map(({ field }, i) => {
    const decoder = decoders[i]!;
    const fallback = (value: unknown) => decoder.mapFromDriverValue(value);
    if (!is(field, PgTimestamp) || !field.withTimezone) return fallback;
    return (value: unknown) => (typeof value === 'string' && timestamptzFromText(value)) || fallback(value);
  });
  const entries = fields.map(({ path }, i) => {
    const value = `row[${i}]`;
    const mapped = passesThrough(decoders[i]!)
      ? value
      : `(${value} === null ? null : decode[${i}](${value}))`;
    return `${JSON.stringify(path[0])}: ${mapped}`;
  });
  // An object literal of the selection's keys: every row of the statement shares one hidden
  // class, which a loop of keyed stores would not give. The keys are quoted by JSON.stringify
  // and are the selection's own names, never a request's.
  return new Function('decode', `return function (row) { return { ${entries.join(', ')} }; };`)(decode);
}

/** Gives a prepared select of a flat selection the mapper made for it; any other is left as it is. */
export function withRowMapper<T>(prepared: T): T {
  const select = prepared as unknown as PreparedSelect;
  if (!select.fields || select.customResultMapper) return prepared;
  const map = rowMapper(select.fields);
  if (!map) return prepared;
  select.customResultMapper = (rows) => rows.map(map);
  // On node-postgres the statement also runs straight on its pool (see directExecute.ts).
  executeDirectly(prepared, select.customResultMapper);
  return prepared;
}
