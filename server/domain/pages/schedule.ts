import { sql } from 'drizzle-orm';
import { SCHEDULE_DAYS, type ScheduledChange } from '@/api/contract/pages';
import { type Access, can, isGroupWide } from '@/shared/access';
import type { Db } from '../../db/open';
import { recordRevision } from '../history/record';
import { JOBS_SCHEMA, type JobContext, type Jobs } from '../jobs';
import { pageScopeSql } from './scope';
import { rowsOf } from './transaction';

/**
 * Scheduled publishing. Whether a page or form is on the website is decided when it is read
 * (see site/published.ts), so it goes live and comes down exactly at its times. A job per
 * scheduled time then makes the stored state follow: the go-live is recorded once, and an
 * unpublish time that passed turns Published off.
 */
export const SCHEDULE_QUEUE = 'page-schedule';

export type ScheduledKind = ScheduledChange['change'];

export interface ScheduleJobData {
  id: number;
  change: ScheduledKind;
  /** The time the job was queued for; a job whose page has another time since does nothing. */
  at: string;
}

/** One waiting job per page, change and time: queuing the same one again is a no-op. */
const keyOf = (data: ScheduleJobData) => `${data.id}:${data.change}:${data.at}`;

interface PendingRow {
  id: number;
  change: ScheduledKind;
  at: Date | string;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * Queues a job for each time still ahead of these pages (all pages when not given), and one to
 * run now for each unpublish time that passed without taking effect. Safe to call any number of
 * times and from several processes: a job already waiting for the same page, change and time is
 * not queued twice.
 */
export async function scheduleChanges(db: Db, jobs: Jobs, ids?: readonly number[]): Promise<void> {
  if (ids && ids.length === 0) return;
  const only = ids ? sql`and id = any(${`{${ids.join(',')}}`}::int[])` : sql``;
  // A time that already has a job (waiting, running or done) is left alone: a process starting
  // while another runs that job must not queue it again once it has finished.
  const result = await db.execute(sql`
    select id, change, at from (
      select id, 'publish' as change, published_at as at from pages
      where published and deleted_at is null and published_at > now() ${only}
      union all
      select id, 'unpublish' as change, unpublish_at as at from pages
      where published and deleted_at is null and unpublish_at is not null ${only}
    ) pending
    where not exists (
      select 1 from ${sql.raw(`${JOBS_SCHEMA}.job`)} queued
      where queued.name = ${SCHEDULE_QUEUE}
        and queued.state in ('created', 'retry', 'active', 'completed')
        and queued.data->>'id' = pending.id::text and queued.data->>'change' = pending.change
        and (queued.data->>'at')::timestamptz = pending.at
    )`);
  const now = Date.now();
  for (const row of rowsOf<PendingRow>(result)) {
    const data: ScheduleJobData = { id: Number(row.id), change: row.change, at: iso(row.at) };
    const startAfter = new Date(Math.max(now, new Date(row.at).getTime()));
    await jobs.schedule(SCHEDULE_QUEUE, data, { startAfter, key: keyOf(data) });
  }
}

/**
 * What a scheduled job does when its time comes: if the page still has that time, the change is
 * recorded (once, whichever process or retry gets there first) and an unpublish turns Published
 * off and drops the page's publish and unpublish times, as the list's toggle does. A job for a time that has since changed or been cleared does nothing: the new time has its
 * own job. Answers whether this run made the change.
 */
export async function applyScheduledChange(
  db: Db,
  data: ScheduleJobData,
  _context?: JobContext,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const at = new Date(data.at).toISOString();
    let kind: 'page' | 'form';
    if (data.change === 'unpublish') {
      const taken = await tx.execute(sql`
        update pages set published = false, published_at = null, unpublish_at = null, updated_at = now()
        where id = ${data.id} and deleted_at is null and published
          and unpublish_at = ${at}::timestamptz and unpublish_at <= now()
        returning id, kind`);
      const row = rowsOf<{ kind: 'page' | 'form' }>(taken)[0];
      if (!row) return false;
      kind = row.kind;
    } else {
      const live = await tx.execute(sql`
        select id, kind from pages
        where id = ${data.id} and deleted_at is null and published
          and published_at = ${at}::timestamptz and published_at <= now()`);
      const row = rowsOf<{ kind: 'page' | 'form' }>(live)[0];
      if (!row) return false;
      kind = row.kind;
    }
    const recorded = await tx.execute(sql`
      insert into scheduled_changes (page_id, change, at) values (${data.id}, ${data.change}, ${at}::timestamptz)
      on conflict do nothing
      returning page_id`);
    if (rowsOf(recorded).length === 0) return false;
    // In the history and the activity log as made by nobody signed in: at its scheduled time.
    await recordRevision(
      tx as unknown as Db,
      kind === 'form' ? 'forms' : 'pages',
      data.change === 'publish' ? 'published' : 'unpublished',
      data.id,
      'At its scheduled time.',
    );
    return true;
  });
}

/** What goes live or comes down in the next days, soonest first. */
export async function upcomingChanges(db: Db, limit = 100, access?: Access): Promise<ScheduledChange[]> {
  // A scoped user sees their pages' (and forms') times, and only of the areas they may view.
  const scoped =
    access && !isGroupWide(access.scope) ? sql` and ${pageScopeSql(access.scope, sql`"pages"`)}` : sql``;
  const kinds = (['page', 'form'] as const).filter((kind) =>
    access ? can(access, 'view', kind === 'page' ? 'pages' : 'forms') : true,
  );
  const only = kinds.length === 2 ? scoped : sql`${scoped} and kind = any(${`{${kinds.join(',')}}`}::text[])`;
  const result = await db.execute(sql`
    select id, kind, name, at, change from (
      select id, kind, name, published_at as at, 'publish' as change from pages
      where published and deleted_at is null
        and published_at > now() and published_at <= now() + make_interval(days => ${SCHEDULE_DAYS})${only}
      union all
      select id, kind, name, unpublish_at as at, 'unpublish' as change from pages
      where published and deleted_at is null and unpublish_at is not null
        and unpublish_at > now() and unpublish_at <= now() + make_interval(days => ${SCHEDULE_DAYS})${only}
    ) upcoming
    order by at, id, change
    limit ${limit}`);
  return rowsOf<{
    id: number;
    kind: 'page' | 'form';
    name: string;
    at: Date | string;
    change: ScheduledKind;
  }>(result).map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    at: iso(row.at),
    change: row.change,
  }));
}

/** The next time anything on the website changes by itself, if one is set. */
export const nextScheduledChangeSql = sql`least(
  (select min(published_at) from pages where published and deleted_at is null and published_at > now()),
  (select min(unpublish_at) from pages
    where unpublish_at is not null and deleted_at is null and published and unpublish_at > now())
)`;
