import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';

/** A table whose slugs are unique (a unique index on lower(slug)), binned rows included. */
export interface SlugTable {
  table: PgTable;
  id: PgColumn;
  slug: PgColumn;
}

/** Whether another row, active or binned, already uses this slug, whatever its case. */
export async function slugTaken(db: Db, t: SlugTable, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: t.id })
    .from(t.table)
    .where(and(eq(sql`lower(${t.slug})`, slug.toLowerCase()), exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}
