import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/open';
import { imports } from '../../db/schema/jobs';
import { JOBS_SCHEMA, type Jobs } from '../jobs';

/** What an import cut off by its process's end records as its error; the console shows it failed. */
export const IMPORT_CUT_OFF = 'The server running this import stopped before it finished.';

/** With the import's id, the advisory lock a run holds while it works (any fixed number names it). */
const IMPORT_RUN_LOCK = 7_304_010;

/** A job just taken may not hold its lock yet: one at work this long without it has no live process. */
const TAKEN_GRACE_SECONDS = 5;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Runs one import holding its lock, so that another process can tell a run still at work from one
 * whose process died (PostgreSQL drops a dead process's locks with its connections).
 */
export function holdingImport<T>(database: Database, importId: number, work: () => Promise<T>): Promise<T> {
  return database.holding([IMPORT_RUN_LOCK, importId], work);
}

/** The import jobs at work whose run's lock nobody holds: their process died mid-run. */
async function deadRuns(db: Db, queue: string): Promise<{ job: string; id: number }[]> {
  const job = sql.raw(`${JOBS_SCHEMA}.job`);
  const result = await db.execute(sql`
    select j.id::text as job, i.id from ${job} j join ${imports} i on j.data->>'importId' = i.id::text
    where j.name = ${queue} and j.state = 'active'
      and j.started_on < now() - make_interval(secs => ${TAKEN_GRACE_SECONDS})
      and not exists (
        select 1 from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.database = (select oid from pg_database where datname = current_database())
          and l.classid::bigint = ${IMPORT_RUN_LOCK} and l.objid::bigint = i.id)`);
  return rowsOf<{ job: string; id: number }>(result).map((row) => ({ job: row.job, id: Number(row.id) }));
}

/** Marks these imports failed, unless they finished or created their rows meanwhile. */
async function markCutOff(db: Db, where: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await db
    .update(imports)
    .set({ status: 'failed', error: IMPORT_CUT_OFF, updatedAt: new Date() })
    .where(sql`${imports.status} in ('queued', 'running') and ${imports.appliedAt} is null and ${where}`)
    .returning({ id: imports.id });
  return rows.map((row) => row.id);
}

/**
 * Whether the queue still holds the import's job waiting, due again or at work: a failed import so
 * held will be tried again; one it no longer holds (out of retries, or forgotten) will not.
 */
export function heldByQueue(queue: string): SQL<boolean> {
  const job = sql.raw(`${JOBS_SCHEMA}.job`);
  // The import's id spelled out in full: drizzle leaves a one-table select's columns unqualified,
  // and `id` would then name the job's own.
  return sql<boolean>`exists (
    select 1 from ${job} j where j.name = ${queue} and j.state in ('created', 'retry', 'active')
      and j.data->>'importId' = "imports"."id"::text)`;
}

/**
 * At start: an import whose process died reads as failed at once rather than as running until its
 * job expires. On PostgreSQL its job, still at work in the queue's eyes, is failed too, so the
 * queue tries it again now (the run that follows shows it running again); an import whose job the
 * queue no longer holds waiting, due or at work (a last attempt cut off, or forgotten) is marked
 * failed for good, as nothing would ever move it on. Returns the ids marked.
 */
export async function recoverImports(database: Database, jobs: Jobs, queue: string): Promise<number[]> {
  const { db } = database;
  const marked: number[] = [];
  // On PGlite every job at work at start was already handed back (jobs.ts): one process only.
  const dead = database.kind === 'postgres' ? await deadRuns(db, queue) : [];
  for (const run of dead) {
    marked.push(...(await markCutOff(db, inArray(imports.id, [run.id]))));
    await jobs.fail(queue, run.job, IMPORT_CUT_OFF);
  }
  marked.push(...(await markCutOff(db, sql`not ${heldByQueue(queue)}`)));
  return marked;
}
