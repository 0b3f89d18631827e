import { and, eq } from 'drizzle-orm';
import type { HistoryArea } from '@/api/contract/history';
import type { Db } from '../../db/open';
import { brands, dealerships, pages, settings, templates } from '../../db/schema';

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

/** The name an activity entry gives a record. */
export function nameOf(area: HistoryArea, row: StoredRow): string {
  return area === 'settings' ? 'Site settings' : String(row.name ?? '');
}

/** Columns that hold a time: a stored revision keeps them as ISO text. */
const TIME = /At$/;

/** A stored revision's row back in the shape the table's reads give (times as dates). */
export function revive(data: StoredRow): StoredRow {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      TIME.test(key) && typeof value === 'string' ? new Date(value) : value,
    ]),
  );
}
