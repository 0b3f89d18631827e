import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/open';
import { activity, revisionBlocks, revisions } from '../db/schema/history';
import { pageSearch, pages } from '../db/schema/pages';

/**
 * Refreshes the planner's statistics after writes that change a table's size at once. PGlite runs
 * no autovacuum, so nothing else would: a table that grew from 10 rows to 10,000 in one import
 * would keep being planned as 10 rows (a sequential scan where an index serves). PostgreSQL's
 * autovacuum does this itself, so there it does nothing.
 */
export type RefreshStatistics = (tables?: readonly PgTable[]) => Promise<void>;

/** ANALYZE the given tables, or every table of the database when none are named. */
async function analyze(db: Db, tables?: readonly PgTable[]): Promise<void> {
  if (tables && tables.length === 0) return;
  await db.execute(
    tables
      ? sql`analyze ${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )}`
      : sql`analyze`,
  );
}

export function statisticsRefresher(database: Pick<Database, 'db' | 'kind'>): RefreshStatistics {
  if (database.kind !== 'pglite') return async () => {};
  return (tables) => analyze(database.db, tables);
}

/** What an import of pages or forms adds to: the tree, its search words and the history of each row. */
export const IMPORTED_TABLES: readonly PgTable[] = [pages, pageSearch, revisions, revisionBlocks, activity];
