import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type MediaUse, mediaUseArea } from '@/api/contract/media';
import { type Access, can, isGroupWide } from '@/shared/access';
import { areas } from '@/shared/areas';
import type { Db } from '../../db/open';
import { brands } from '../../db/schema/brands';
import { dealerships } from '../../db/schema/dealerships';
import { type MediaUseArea, mediaUses } from '../../db/schema/media';
import { pages, templates } from '../../db/schema/pages';
import { users } from '../../db/schema/users';
import { inScope } from '../access/scope';
import { serverAreas } from '../history/areas';
import { rowsOf } from '../pages/transaction';

/**
 * Records which items a record refers to now, replacing what it referred to before: every save of
 * a record that holds media ids calls this in its transaction. Ids of items that are not there are
 * left out (the record's own validation refuses them first).
 */
export async function setMediaUses(
  db: Db,
  area: MediaUseArea,
  recordId: number,
  mediaIds: readonly number[],
): Promise<void> {
  await db.delete(mediaUses).where(and(eq(mediaUses.area, area), eq(mediaUses.recordId, recordId)));
  const ids = [...new Set(mediaIds.filter((id) => Number.isInteger(id) && id > 0))];
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into media_uses (media_id, area, record_id)
    select m.id, ${area}, ${recordId} from media m where m.id = any(${`{${ids.join(',')}}`}::int[])
    on conflict do nothing`);
}

/** Forgets a record's uses (the record is deleted for good). */
export async function clearMediaUses(
  db: Db,
  area: MediaUseArea,
  recordIds: readonly number[],
): Promise<void> {
  for (const id of recordIds) await setMediaUses(db, area, id, []);
}

/** The name of each area's records, by id, as SQL over `u.record_id`. */
const NAMES: Record<MediaUseArea, string> = {
  pages: `(select name from ${'pages'} where id = u.record_id)`,
  forms: `(select name from ${'pages'} where id = u.record_id)`,
  templates: `(select name from ${'templates'} where id = u.record_id)`,
  brands: `(select name from ${'brands'} where id = u.record_id)`,
  dealerships: `(select name from ${'dealerships'} where id = u.record_id)`,
  users: `(select name from ${'users'} where id = u.record_id)`,
};
// The tables above, named once so a rename breaks the build rather than the query.
void [pages, templates, brands, dealerships, users];

/**
 * Whether the caller may open the record a use `u` names, as SQL over `u`: their role views its
 * area, and their scope reaches the record by the owner the activity log reads for it (a page's
 * brand or the nearest above it, a dealership's brand or itself, a brand itself; templates and
 * users are the group's, for group-wide users only). Out of reach, a use is counted, never named
 * (decision 018: nothing out of scope is linked).
 */
function inReach(access: Access): SQL {
  const arms = mediaUseArea.options
    .filter((area) => can(access, 'view', area))
    .map((area) => {
      const owner = serverAreas[area].owner?.(sql`u.record_id`);
      const reached = isGroupWide(access.scope)
        ? sql`true`
        : owner
          ? sql`coalesce(${inScope(access.scope, owner)}, false)`
          : sql`false`;
      return sql`(u.area = ${area} and ${reached})`;
    });
  return arms.length === 0 ? sql`false` : sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * The records using an item that the caller may open, with their names and console addresses, and
 * how many others use it: one statement, which reads no name of a record out of reach.
 */
export async function usesOf(
  db: Db,
  mediaId: number,
  access: Access,
): Promise<{ uses: MediaUse[]; hidden: number }> {
  const cases = sql.raw(
    `case u.area ${Object.entries(NAMES)
      .map(([area, name]) => `when '${area}' then ${name}`)
      .join(' ')} end`,
  );
  const reached = inReach(access);
  const rows = rowsOf<{ hidden: number; area: MediaUseArea | null; record_id: number; name: string | null }>(
    await db.execute(sql`
      select h.hidden, v.area, v.record_id, v.name
      from (select (count(*) filter (where not ${reached}))::int as hidden from media_uses u
        where u.media_id = ${mediaId}) h
      left join lateral (
        select u.area, u.record_id, ${cases} as name from media_uses u
        where u.media_id = ${mediaId} and ${reached}
      ) v on true
      order by v.area, v.record_id`),
  );
  const uses = rows.flatMap((row) => {
    if (row.area === null) return [];
    const opens = areas[row.area].opens;
    return [
      {
        area: row.area,
        id: row.record_id,
        name: row.name ?? `#${row.record_id}`,
        url: opens && 'record' in opens ? opens.record(row.record_id) : '',
      },
    ];
  });
  return { uses, hidden: Number(rows[0]?.hidden ?? 0) };
}

/** Copies of records use what their originals use (a duplicated page and its children): `copies` maps original to copy. */
export async function copyMediaUses(
  db: Db,
  area: MediaUseArea,
  copies: ReadonlyMap<number, number>,
): Promise<void> {
  if (copies.size === 0) return;
  const from = `{${[...copies.keys()].join(',')}}`;
  const to = `{${[...copies.values()].join(',')}}`;
  await db.execute(sql`
    insert into media_uses (media_id, area, record_id)
    select u.media_id, u.area, c.to_id from media_uses u
    join unnest(${from}::int[], ${to}::int[]) as c(from_id, to_id) on c.from_id = u.record_id
    where u.area = ${area}
    on conflict do nothing`);
}
