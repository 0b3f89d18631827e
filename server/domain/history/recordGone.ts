import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ActivityArea } from '@/api/contract/activity';

/**
 * Where each area's records live, and which of them its editor (or show screen) opens: a page or
 * form deleted is gone from its editor at once, though its row waits for Undo before it is purged;
 * a user, brand or dealership in the bin still opens, so only a row deleted forever is gone.
 */
const openable: Partial<Record<ActivityArea, (id: SQL) => SQL>> = {
  pages: (id) => sql`select 1 from pages g where g.id = ${id} and g.kind = 'page' and g.deleted_at is null`,
  forms: (id) => sql`select 1 from pages g where g.id = ${id} and g.kind = 'form' and g.deleted_at is null`,
  templates: (id) => sql`select 1 from templates g where g.id = ${id}`,
  brands: (id) => sql`select 1 from brands g where g.id = ${id}`,
  dealerships: (id) => sql`select 1 from dealerships g where g.id = ${id}`,
  users: (id) => sql`select 1 from users g where g.id = ${id}`,
  responses: (id) => sql`select 1 from responses g where g.id = ${id}`,
  reservations: (id) => sql`select 1 from reservations g where g.id = ${id}`,
};

/**
 * Whether an activity entry's record can no longer be opened: deleted forever, or deleted and
 * waiting to be purged. Each area looks its record up by primary key, and only the branch of the
 * entry's own area runs; an entry without a record (a sign-in, a sort) or of an area with one
 * record (the settings) is never gone.
 */
export function recordGone(area: AnyPgColumn, recordId: AnyPgColumn): SQL<boolean> {
  const id = sql`${recordId}`;
  const branches = Object.entries(openable).map(
    ([name, lookup]) => sql`when ${sql.raw(`'${name}'`)} then not exists (${lookup(id)})`,
  );
  return sql<boolean>`(${recordId} is not null and case ${area} ${sql.join(branches, sql` `)} else false end)`;
}
