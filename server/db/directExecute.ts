import { DrizzleQueryError, fillPlaceholders, is, NoopLogger } from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * A list's prepared select run straight on its node-postgres pool. Drizzle's `execute` wraps each
 * call in three tracing spans, a cache lookup and a query logger (on a server with no tracer, cache
 * or logger, each only an async step), and makes a new parser closure for each time or date column
 * of every answer. For a statement whose rows a mapper made for it turns into the list's objects
 * (`withRowMapper`), none of that changes what it answers: the same statement and values go to the
 * same pool, its errors are wrapped as Drizzle wraps them, and its columns are read by the parsers
 * Drizzle chooses (times, dates and intervals kept as PostgreSQL's text).
 */

/** The column types Drizzle reads as text, by type id (timestamp, timestamptz, date, interval and their arrays). */
const KEPT_AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const parsers = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    KEPT_AS_TEXT.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
};

/** What a node-postgres prepared query holds (Drizzle keeps these off its public types). */
interface NodePgPrepared {
  client: { query(config: pg.QueryArrayConfig, values: unknown[]): Promise<pg.QueryArrayResult> };
  queryConfig: pg.QueryArrayConfig;
  params: unknown[];
  logger: unknown;
  cache?: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Makes `prepared` (a node-postgres prepared select with no logger or cache) answer `mapRows` of its
 * rows straight from its pool; any other is left as it is.
 */
export function executeDirectly(prepared: unknown, mapRows: (rows: unknown[][]) => unknown): void {
  if (!is(prepared, NodePgPreparedQuery)) return;
  const query = prepared as unknown as NodePgPrepared;
  if (!is(query.logger, NoopLogger) || (query.cache !== undefined && !is(query.cache, NoopCache))) return;
  const { client, params } = query;
  const config: pg.QueryArrayConfig = { ...query.queryConfig, rowMode: 'array', types: parsers };
  query.execute = async (values = {}) => {
    const bound = fillPlaceholders(params, values);
    let result: pg.QueryArrayResult;
    try {
      result = await client.query(config, bound);
    } catch (error) {
      throw new DrizzleQueryError(config.text, bound, error as Error);
    }
    return mapRows(result.rows);
  };
}
