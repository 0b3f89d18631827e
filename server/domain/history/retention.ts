import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open';

/** How much history a record keeps (HISTORY_KEEP_LAST, HISTORY_KEEP_DAYS). */
export interface Retention {
  /** The newest revisions kept whatever their age. */
  keepLast: number;
  /** Beyond those, the newest revision of each day is kept for this many days. */
  keepDays: number;
}

let retention: Retention = { keepLast: 100, keepDays: 90 };

export function setRetention(value: Retention): void {
  retention = value;
}

export function currentRetention(): Retention {
  return retention;
}

/**
 * Drops the revisions of one record that retention no longer keeps, in the transaction that
 * wrote the newest: beyond the newest `keepLast`, only the newest revision of each day (in the
 * group's time zone) in the last `keepDays` stays. The record's revisions are few (retention
 * bounds them) and read by their index, so this costs the same on every save. Blocks that no
 * kept revision lists go with them.
 */
export async function prune(tx: Db, area: string, record: string): Promise<void> {
  const { keepLast, keepDays } = retention;
  const result = await tx.execute(sql`
    delete from revisions where id in (
      select id from (
        select id, created_at,
          row_number() over (order by id desc) as newest,
          row_number() over (
            partition by (created_at at time zone 'Europe/London')::date order by id desc
          ) as of_day
        from revisions where area = ${area} and record = ${record}
      ) ranked
      where newest > ${keepLast}
        and (of_day > 1 or created_at < now() - make_interval(days => ${keepDays}))
    )
    returning blocks is not null as had_blocks`);
  const gone = ((result as { rows?: { had_blocks: boolean }[] }).rows ?? []).length;
  if (gone === 0) return;
  await tx.execute(sql`
    delete from revision_blocks
    where area = ${area} and record = ${record}
      and hash not in (
        select unnest(blocks) from revisions
        where area = ${area} and record = ${record} and blocks is not null
      )`);
}

/** A record deleted forever takes its history with it; its activity entries keep their text. */
export async function removeHistory(tx: Db, area: string, records: string[]): Promise<void> {
  if (!records.length) return;
  const list = `{${records.map((r) => `"${r.replace(/["\\]/g, '')}"`).join(',')}}`;
  await tx.execute(sql`delete from revisions where area = ${area} and record = any(${list}::text[])`);
  await tx.execute(sql`delete from revision_blocks where area = ${area} and record = any(${list}::text[])`);
}
