import { and, asc, count, desc, eq, exists, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { ActivityEntry } from '@/api/contract/activity';
import type { HistoryArea, RevisionAction, RevisionSummary } from '@/api/contract/history';
import type { Access } from '@/shared/access';
import { MAX_SERIAL_ID } from '../../db/errors';
import type { Db } from '../../db/open';
import { activity, revisions } from '../../db/schema/history';
import { users } from '../../db/schema/users';
import { notFound } from '../../http/errors';
import { isoTime } from '../isoTime';
import { PAGE_SIZE, pageWindow } from '../paginate';
import { recordGone } from './recordGone';
import { revive, type StoredRow } from './rows';
import { visibleActivity } from './visible';

type RevisionRow = Pick<typeof revisions.$inferSelect, 'id' | 'createdAt' | 'action' | 'userId' | 'userName'>;

/** Who made a revision: a user, a reviewer without an account (named, no id), or nobody. */
const actorOf = (id: number | null, name: string | null) =>
  id === null && name === null ? null : { id, name: name ?? '' };

function toSummary(row: RevisionRow): RevisionSummary {
  return {
    id: row.id,
    created_at: isoTime(row.createdAt),
    action: row.action as RevisionAction,
    user: actorOf(row.userId, row.userName),
  };
}

const summaryColumns = {
  id: revisions.id,
  createdAt: revisions.createdAt,
  action: revisions.action,
  userId: revisions.userId,
  userName: revisions.userName,
};

/** One page of a record's revisions, newest first (retention keeps them few). */
export async function listRevisions(
  db: Db,
  area: HistoryArea,
  record: string,
  page: number,
): Promise<{ rows: RevisionSummary[]; total: number }> {
  const { offset } = pageWindow(page);
  const where = and(eq(revisions.area, area), eq(revisions.record, record));
  const [rows, counted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(revisions)
      .where(where)
      .orderBy(sql`${revisions.id} desc nulls last`)
      .limit(PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(revisions).where(where),
  ]);
  return { rows: rows.map(toSummary), total: counted[0]?.total ?? 0 };
}

/** One revision of one record with its row as stored, blocks put back in order; 404 when it is not that record's. */
export async function findRevision(
  db: Db,
  area: HistoryArea,
  record: string,
  id: number,
): Promise<{ revision: RevisionSummary; row: StoredRow }> {
  const missing = () => notFound('That revision does not exist, or belongs to another record.');
  if (id > Number.MAX_SAFE_INTEGER) throw missing();
  const result = await db.execute(sql`
    select r.id, r.created_at, r.action, r.user_id, r.user_name, r.data,
      case when r.blocks is null then null else coalesce((
        select jsonb_agg(b.body order by u.o)
        from unnest(r.blocks) with ordinality as u(h, o)
        join revision_blocks b on b.area = r.area and b.record = r.record and b.hash = u.h
      ), '[]'::jsonb) end as items
    from revisions r
    where r.id = ${id} and r.area = ${area} and r.record = ${record}`);
  const found = ((result as { rows?: Record<string, unknown>[] }).rows ?? [])[0];
  if (!found) throw missing();
  const data = (typeof found.data === 'string' ? JSON.parse(found.data) : found.data) as StoredRow;
  const items = typeof found.items === 'string' ? JSON.parse(found.items) : found.items;
  const row = revive(area, items === null ? data : { ...data, items });
  return {
    revision: toSummary({
      id: Number(found.id),
      createdAt: new Date(found.created_at as string | Date),
      action: String(found.action),
      userId: found.user_id === null ? null : Number(found.user_id),
      userName: (found.user_name as string | null) ?? null,
    }),
    row,
  };
}

export interface ActivityFilter {
  page: number;
  user?: number | undefined;
  area?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A day in the group's time zone, as the instant it starts. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/London')`;
/** The instant the day after `day` starts there (23 or 25 hours on, around the clock changes). */
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/London')`;

/** As the activity indexes hold it, so the index gives the order without a sort. */
const newestFirst = [sql`${activity.createdAt} desc nulls last`, sql`${activity.id} desc nulls last`];

/** One page of the activity log, newest first, filtered in SQL by the index that fits. */
export async function listActivity(
  db: Db,
  filter: ActivityFilter,
  /** Who reads it, when the log is read for someone (their access and user id). */
  reader?: { access: Access; id: number },
): Promise<{ rows: ActivityEntry[]; total: number }> {
  const { offset } = pageWindow(filter.page);
  const conditions: (SQL | undefined)[] = [
    reader ? visibleActivity(reader.access, reader.id) : undefined,
    filter.user === undefined
      ? undefined
      : filter.user > MAX_SERIAL_ID
        ? sql`false`
        : eq(activity.userId, filter.user),
    filter.area ? eq(activity.area, filter.area) : undefined,
    filter.action ? eq(activity.action, filter.action) : undefined,
    filter.from ? gte(activity.createdAt, dayStart(filter.from)) : undefined,
    filter.to ? lt(activity.createdAt, dayEnd(filter.to)) : undefined,
  ];
  const where = and(...conditions);
  const counting =
    sql<number>`(select count(*) from ${activity}${where ? sql` where ${where}` : sql``})`.mapWith(Number);
  // The page is cut first, by the index that gives the order; only its rows then look up whether
  // their record is still there. The total rides along: one round trip, unless the page is empty.
  const page = db
    .select({ ...getTableColumns(activity), total: counting.as('total') })
    .from(activity)
    .where(where)
    .orderBy(...newestFirst)
    .limit(PAGE_SIZE)
    .offset(offset)
    .as('page');
  const found = await db
    .select({
      id: page.id,
      createdAt: page.createdAt,
      userId: page.userId,
      userName: page.userName,
      area: page.area,
      action: page.action,
      recordId: page.recordId,
      recordName: page.recordName,
      revisionId: page.revisionId,
      detail: page.detail,
      total: page.total,
      gone: recordGone(page.area, page.recordId),
    })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
  const total =
    found[0]?.total ?? (await db.select({ total: count() }).from(activity).where(where))[0]?.total ?? 0;
  return {
    rows: found.map((row) => ({
      id: row.id,
      created_at: isoTime(row.createdAt),
      user: actorOf(row.userId, row.userName),
      area: row.area as ActivityEntry['area'],
      action: row.action as ActivityEntry['action'],
      record:
        row.recordId === null
          ? null
          : { id: row.recordId, name: row.recordName ?? '', deleted: Boolean(row.gone) },
      revision_id: row.revisionId,
      detail: row.detail,
    })),
    total,
  };
}

/**
 * The people with an entry in the log that `reader` may read (those in the bin too: their changes
 * stay in the log), by name: the log's own condition decides, in the SQL, and each person is
 * looked for by the log's index on its user.
 */
export async function activityPeople(
  db: Db,
  reader: { access: Access; id: number },
): Promise<{ id: number; name: string }[]> {
  const entries = db
    .select({ one: sql`1` })
    .from(activity)
    .where(and(eq(activity.userId, users.id), visibleActivity(reader.access, reader.id)));
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(exists(entries))
    .orderBy(asc(users.name), asc(users.id));
}
