import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MAX_SERIAL_ID } from '../db/errors';
import type { Db } from '../db/open';
import { invalid } from '../http/errors';

/** A table with the soft-delete lifecycle: active, bin (deleted_at set), deleted forever. */
export interface LifecycleTable {
  table: PgTable;
  id: PgColumn;
  deletedAt: PgColumn;
  updatedAt: PgColumn;
  /** The request key that holds the ids (`users`, `brands`, `dealerships`). */
  key: string;
  /** Plural noun for messages. */
  noun: string;
}

async function requireAll(db: Db, t: LifecycleTable, ids: number[], inBin: boolean): Promise<void> {
  const unique = [...new Set(ids)];
  // An id beyond the column's range names no row; PostgreSQL would refuse the query itself.
  const rows = unique.some((id) => id > MAX_SERIAL_ID)
    ? []
    : await db
        .select({ id: t.id })
        .from(t.table)
        .where(and(inArray(t.id, unique), inBin ? isNotNull(t.deletedAt) : isNull(t.deletedAt)));
  if (rows.length !== unique.length) {
    throw invalid({
      [t.key]: inBin
        ? `Some of the selected ${t.noun} are not in the bin.`
        : `Some of the selected ${t.noun} do not exist.`,
    });
  }
}

/**
 * Deleting from the All view moves rows to the bin; from the Bin it deletes them forever.
 * All or nothing: one transaction, and every id must be in the view it came from.
 */
export async function deleteRows(
  db: Db,
  t: LifecycleTable,
  ids: number[],
  type: 'all' | 'trashed',
): Promise<number> {
  return db.transaction(async (tx) => {
    const scoped = tx as unknown as Db;
    await requireAll(scoped, t, ids, type === 'trashed');
    if (type === 'trashed') {
      await scoped.delete(t.table).where(and(inArray(t.id, ids), isNotNull(t.deletedAt)));
    } else {
      await scoped
        .update(t.table)
        .set({ deletedAt: sql`now()` })
        .where(and(inArray(t.id, ids), isNull(t.deletedAt)));
    }
    return new Set(ids).size;
  });
}

export async function restoreRows(db: Db, t: LifecycleTable, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const scoped = tx as unknown as Db;
    await requireAll(scoped, t, ids, true);
    await scoped
      .update(t.table)
      .set({ deletedAt: null, updatedAt: sql`now()` })
      .where(and(inArray(t.id, ids), isNotNull(t.deletedAt)));
    return new Set(ids).size;
  });
}
