import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { HistoryArea } from '@/api/contract/history';
import type { Db } from '../../db/open';
import { brands } from '../../db/schema/brands';
import { dealerships } from '../../db/schema/dealerships';
import { pages, templates } from '../../db/schema/pages';
import { settings } from '../../db/schema/settings';

/** The settings are one record: their revisions are kept under this key. */
export const SETTINGS_KEY = 'site';

/** A stored row as a revision keeps it: its columns by their TypeScript names. */
export type StoredRow = Record<string, unknown>;

/** The row of one record as it is stored now (in the caller's transaction), or null. */
export async function loadRow(tx: Db, area: HistoryArea, record: string): Promise<StoredRow | null> {
  const id = Number(record);
  const rows: StoredRow[] = await (() => {
    switch (area) {
      case 'pages':
      case 'forms':
        return tx
          .select()
          .from(pages)
          .where(and(eq(pages.id, id), eq(pages.kind, area === 'pages' ? 'page' : 'form')));
      case 'templates':
        return tx.select().from(templates).where(eq(templates.id, id));
      case 'brands':
        return tx.select().from(brands).where(eq(brands.id, id));
      case 'dealerships':
        return tx.select().from(dealerships).where(eq(dealerships.id, id));
      case 'settings':
        return tx.select().from(settings).where(eq(settings.key, record));
    }
  })();
  return rows[0] ?? null;
}

/** The name the activity log gives the settings. */
export const SETTINGS_NAME = 'Site settings';

const tables = {
  pages,
  forms: pages,
  templates,
  brands,
  dealerships,
  settings,
} satisfies Record<HistoryArea, PgTable>;

/** The statement that reads one record's stored row, whole, for its revision. */
export function sourceOf(area: HistoryArea, record: string): SQL {
  const id = Number(record);
  switch (area) {
    case 'pages':
    case 'forms':
      return sql`select * from pages where id = ${id} and kind = ${area === 'pages' ? 'page' : 'form'}`;
    case 'settings':
      return sql`select * from settings where key = ${record}`;
    default:
      return sql`select * from ${sql.raw(area)} where id = ${id}`;
  }
}

/**
 * A stored revision (the row as PostgreSQL gives it as JSON, by column name) back in the shape the
 * table's reads give: its TypeScript keys, times as dates.
 */
export function revive(area: HistoryArea, data: StoredRow): StoredRow {
  return Object.fromEntries(
    Object.entries(getTableColumns(tables[area])).map(([key, column]) => {
      const value = data[column.name];
      return [
        key,
        column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value,
      ];
    }),
  );
}
