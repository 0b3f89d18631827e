import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { serverAreas } from './areas';

/**
 * Whether an activity entry's record can no longer be opened: deleted forever, or deleted and
 * waiting to be purged (each area's `opens` says which). Each area looks its record up by primary
 * key, and only the branch of the entry's own area runs; an entry without a record (a sign-in, a
 * sort) or of an area with one record (the settings) is never gone.
 */
export function recordGone(area: AnyPgColumn, recordId: AnyPgColumn): SQL<boolean> {
  const id = sql`${recordId}`;
  const branches = Object.entries(serverAreas).flatMap(([name, { opens }]) =>
    opens ? [sql`when ${sql.raw(`'${name}'`)} then not exists (${opens(id)})`] : [],
  );
  return sql<boolean>`(${recordId} is not null and case ${area} ${sql.join(branches, sql` `)} else false end)`;
}
