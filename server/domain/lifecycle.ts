import { and, asc, desc, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
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
  /** Where staff order the rows by hand (brands, dealerships); lists then follow it. */
  sortOrder?: PgColumn;
}

/** How lists show rows: in the hand-made order where there is one (ties by id), else newest first. */
export function listOrder(t: LifecycleTable): SQL[] {
  return t.sortOrder ? [asc(t.sortOrder), asc(t.id)] : [desc(t.id)];
}

/** The sort order a new row gets: after every row there is, so it appears last. */
export function nextSortOrder(t: LifecycleTable & { sortOrder: PgColumn }): SQL {
  return sql`(select coalesce(max(${t.sortOrder}), 0) + 1 from ${t.table})`;
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

/**
 * Saves a hand-made order (brands/sort): `ids` in their new order. The ids may be the whole list
 * or one page of it; they take the places they held between them, so rows on other pages stay
 * where they were. All active rows are then numbered 1..n in one transaction, and only rows whose
 * number changed are written. `updated_at` is left alone: reordering is not an edit, and must not
 * make an open editor's save look stale.
 */
export async function saveOrder(
  db: Db,
  t: LifecycleTable & { sortOrder: PgColumn },
  ids: number[],
): Promise<void> {
  if (new Set(ids).size !== ids.length) throw invalid({ [t.key]: `List each of the ${t.noun} once.` });
  await db.transaction(async (tx) => {
    const scoped = tx as unknown as Db;
    // Locked, so two reorders at once are applied one after the other, never interleaved.
    const rows = await scoped
      .select({ id: t.id, sortOrder: t.sortOrder })
      .from(t.table)
      .where(isNull(t.deletedAt))
      .orderBy(...listOrder(t))
      .for('update');
    const current = rows.map((row) => row.id as number);
    const position = new Map(current.map((id, index) => [id, index]));
    if (ids.some((id) => !position.has(id))) {
      throw invalid({ [t.key]: `Some of the selected ${t.noun} do not exist.` });
    }
    const slots = ids.map((id) => position.get(id)!).sort((a, b) => a - b);
    const next = [...current];
    slots.forEach((slot, i) => {
      next[slot] = ids[i]!;
    });
    const was = new Map(rows.map((row) => [row.id as number, row.sortOrder as number]));
    const changes = next
      .map((id, index) => ({ id, pos: index + 1 }))
      .filter(({ id, pos }) => was.get(id) !== pos);
    if (changes.length === 0) return;
    // One statement and one parameter, however many rows move.
    await scoped.execute(sql`
      update ${t.table} set ${sql.identifier(t.sortOrder.name)} = v.pos
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(id int, pos int)
      where ${t.id} = v.id`);
  });
}
