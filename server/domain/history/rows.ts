import { and, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { HistoryArea } from '@/api/contract/history';
import { type Scope, wholeGroup } from '@/shared/access';
import type { Db } from '../../db/open';
import { inScope } from '../access/scope';
import { historyStore } from './areas';

/** A stored row as a revision keeps it: its columns by their TypeScript names. */
export type StoredRow = Record<string, unknown>;

/** The key a record's revisions are kept under: its id, or the one key of an area that is one record. */
export const recordKey = (area: HistoryArea, id: number | null | undefined): string =>
  historyStore(area).one?.key ?? String(id);

/**
 * The row of one record as it is stored now (in the caller's transaction), or null; with a scope,
 * null too when the record is not in it.
 */
export async function loadRow(
  tx: Db,
  area: HistoryArea,
  record: string,
  scope: Scope = wholeGroup,
): Promise<StoredRow | null> {
  const { table, row, owner, readByEveryone } = historyStore(area);
  const rows: StoredRow[] = await tx
    .select()
    .from(table)
    .where(and(row(record), readByEveryone ? undefined : inScope(scope, owner)));
  return rows[0] ?? null;
}

/** The statement that reads one record's stored row, whole, for its revision. */
export function sourceOf(area: HistoryArea, record: string): SQL {
  const { table, row } = historyStore(area);
  return sql`select * from ${table} where ${row(record)}`;
}

/**
 * A stored revision (the row as PostgreSQL gives it as JSON, by column name) back in the shape the
 * table's reads give: its TypeScript keys, times as dates.
 */
export function revive(area: HistoryArea, data: StoredRow): StoredRow {
  return Object.fromEntries(
    Object.entries(getTableColumns(historyStore(area).table)).map(([key, column]) => {
      const value = data[column.name];
      return [
        key,
        column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value,
      ];
    }),
  );
}
