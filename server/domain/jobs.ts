import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/open';

/** What a job's work receives besides its data: a signal that fires when the server stops. */
export interface JobContext {
  signal: AbortSignal;
  /** 0 on the first run, one more on each retry (after a failure, or a process that died). */
  attempt?: number;
  /** This run is the queue's last try: when it fails, the job fails for good. */
  lastAttempt?: boolean;
}

/** How a queue retries a failed job: how often, and the wait before the first retry (doubled each time when `backoff`). */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

const DEFAULT_RETRIES: RetryPolicy = { limit: 5, delaySeconds: 1, backoff: false };

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface Jobs {
  /**
   * Queues one job; the id is pg-boss's. Given a transaction, the job is written in it: it exists
   * exactly when what the transaction stores does.
   */
  enqueue<T extends object>(queue: string, data: T, within?: Db): Promise<string>;
  /**
   * Queues one job to start at a time. On a queue with the 'short' policy a job whose key is
   * already waiting is not queued again: the answer is then null.
   */
  schedule<T extends object>(
    queue: string,
    data: T,
    options: { startAfter: Date; key: string },
  ): Promise<string | null>;
  /** Fails a job at work (its process died): the queue retries it as its policy says. */
  fail(queue: string, id: string, reason: string): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  database: Database;
  handlers: Record<string, JobHandler<never>>;
  /** Jobs a worker takes at once, per queue (1 when not given): short jobs such as mail go faster in batches. */
  batchSizes?: Record<string, number>;
  /**
   * Queues whose batch runs at once rather than one job after another (jobs that mostly wait on
   * another server, in no order, such as mail over a pool of connections).
   */
  concurrent?: readonly string[];
  /** How often an idle worker asks for new work. */
  pollingIntervalSeconds?: number;
  /**
   * How long a job may stay active before another worker takes it over. On PostgreSQL this is what
   * recovers a job whose process died; on PGlite the data directory lock makes every active job at
   * start an orphan, so those are handed back at once.
   */
  expireInSeconds?: number;
  /** pg-boss queue policies by queue ('standard' when not given); 'short' keeps one waiting job per key. */
  policies?: Record<string, 'standard' | 'short'>;
  /** Retry policies by queue (5 retries a second apart when not given). */
  retries?: Record<string, RetryPolicy>;
  /**
   * How long a stop waits for handlers still at work: pg-boss's own wait (10 s when not given), then
   * as long again for the handlers that have seen the stop signal (15 s when not given).
   */
  stopWaitMs?: number;
}

/** The schema pg-boss keeps its tables in. */
export const JOBS_SCHEMA = 'pgboss';

/** The stop signal tells a handler to give up between steps; it then throws this. */
export class JobStopped extends Error {
  constructor() {
    super('The server stopped while the job was running.');
    this.name = 'JobStopped';
  }
}

/** pg-boss's positional SQL ($1, $2...) as a Drizzle query, so it can run inside a Drizzle transaction. */
export function positionalSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

/** pg-boss's SQL runner over a Drizzle database or transaction. */
function executorOf(within: Db) {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await within.execute(positionalSql(text, values ?? []));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

/** A pg-boss that never starts: it only writes jobs, through the database it is handed each time. */
const writer = new PgBoss({
  db: {
    executeSql: async () => {
      throw new Error('Jobs are written through the database given to enqueueWithin.');
    },
  },
  schema: JOBS_SCHEMA,
  schedule: false,
  supervise: false,
});

/**
 * Queues one job through `within` (a transaction: the job exists exactly when what it stores
 * does), for code that holds the transaction but not the running queues. With `key`, on a queue
 * of the 'short' policy, a job whose key is already waiting is not queued again (the answer is
 * then null).
 */
export async function enqueueWithin<T extends object>(
  within: Db,
  queue: string,
  data: T,
  options: { key?: string; startAfter?: Date } = {},
): Promise<string | null> {
  return writer.send(queue, data, {
    db: executorOf(within),
    ...(options.key ? { singletonKey: options.key } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
}

/**
 * Durable background jobs on pg-boss, over the same database as everything else (PGlite through
 * pg-boss's `db.executeSql`, PostgreSQL through the same pool). A job survives kill -9: pg-boss
 * keeps it in its tables until a handler finishes it.
 */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const { database } = options;
  // Once stopped, what pg-boss still writes (a late handler's completion, which it does not await)
  // is answered as a write that changed no row (pg-boss reads `rows[0].count`) rather than sent to a
  // closed database: that job stays active, and is expired and run again after the next start, as a
  // job cut off by a crash is.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        stopped ? Promise.resolve({ rows: [{ count: 0 }] }) : database.query(text, values),
    },
    schema: JOBS_SCHEMA,
    // No cron schedules: nothing here runs on a timer.
    schedule: false,
    // Expired jobs are found by this upkeep, so it runs at least as often as a job may last.
    maintenanceIntervalSeconds: Math.min(30, options.expireInSeconds ?? 30),
  });
  // pg-boss reports failures of its own upkeep as events; without a listener they would end the process.
  boss.on('error', (error) => console.error('job queue:', error.message));
  const stopping = new AbortController();
  const names = Object.keys(options.handlers);
  // pg-boss creates its tables on first start; processes starting together take turns.
  await database.exclusively(async () => {
    await boss.start();
    for (const name of names) {
      const retry = options.retries?.[name] ?? DEFAULT_RETRIES;
      const queue = {
        name,
        policy: options.policies?.[name] ?? 'standard',
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff,
        expireInSeconds: options.expireInSeconds ?? 60 * 60,
      } as const;
      await boss.createQueue(name, queue);
      // A queue made by an earlier release keeps its first options unless told again.
      await boss.updateQueue(name, queue);
    }
  });

  if (database.kind === 'pglite') {
    // Only this process can open the directory: a job still active now was cut off by a crash.
    const orphans = await database.query(
      `SELECT name, id FROM ${JOBS_SCHEMA}.job WHERE state = 'active' AND name = ANY($1::text[])`,
      [names],
    );
    for (const row of orphans.rows)
      await boss.fail(String(row.name), String(row.id), { reason: 'restarted' });
  }

  // The handlers at work: a stop waits for them, so that none answers pg-boss after the database closed.
  const running = new Set<Promise<void>>();
  const track = (work: () => Promise<void>): Promise<void> => {
    const done = work();
    running.add(done);
    return done.finally(() => running.delete(done));
  };
  const concurrent = new Set(options.concurrent ?? []);
  for (const name of names) {
    const handler = options.handlers[name] as JobHandler<unknown>;
    await boss.work(
      name,
      {
        batchSize: options.batchSizes?.[name] ?? 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        includeMetadata: true,
      },
      (jobs) =>
        track(async () => {
          const runOne = (job: (typeof jobs)[number]) =>
            handler(job.data, {
              signal: stopping.signal,
              attempt: job.retryCount,
              lastAttempt: job.retryCount >= job.retryLimit,
            });
          if (jobs.length === 1) {
            await runOne(jobs[0]!);
            return;
          }
          // In a batch one job's failure is its own: it alone is retried, the others complete.
          const settle = (job: (typeof jobs)[number]) =>
            runOne(job).catch((error: unknown) => boss.fail(name, job.id, { message: String(error) }));
          if (concurrent.has(name)) {
            await Promise.all(jobs.map(settle));
            return;
          }
          for (const job of jobs) await settle(job);
        }),
    );
  }

  return {
    async enqueue(queue, data, within) {
      const id = await boss.send(queue, data, within ? { db: executorOf(within) } : {});
      if (!id) throw new Error(`The job queue ${queue} refused the job.`);
      return id;
    },
    async schedule(queue, data, { startAfter, key }) {
      return boss.send(queue, data, { startAfter, singletonKey: key });
    },
    async fail(queue, id, reason) {
      await boss.fail(queue, id, { reason });
    },
    async stop() {
      stopping.abort();
      // Handlers stop at their next step; what they left is retried on the next start.
      await boss.stop({ graceful: true, timeout: options.stopWaitMs ?? 10_000, close: false });
      // A handler still at work past that bound has seen the stop signal and ends at its next step;
      // pg-boss marks its job done or failed right after, so that write is let out before the close.
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          bound = setTimeout(resolve, options.stopWaitMs ?? 15_000);
        }),
      ]);
      clearTimeout(bound);
      await new Promise((resolve) => setImmediate(resolve));
      stopped = true;
    },
  };
}
