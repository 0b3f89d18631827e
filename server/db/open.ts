import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { readListsThrough } from './listReads';
import { lockDataDir } from './lock';
import { localNotices, type Notices, postgresNotices } from './notices';

/**
 * The same Drizzle API over PGlite and PostgreSQL. Queries name their tables by importing them from
 * `schema/<area>.ts`; the relational query API (`db.query.<table>`), which alone needs every table
 * handed over here, is not used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with positional values; used by the job queue. */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Runs `work` while no other process sets up this database: schema changes at start-up
   * (migrations, the job queue's tables) that several API processes would otherwise race on.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` holding the advisory lock of `keys` (one bigint, or two integers) on a connection of
   * its own: another process sees it held (pg_locks) exactly while a live process runs the work, as
   * PostgreSQL ends it with the connection of a process that died. PGlite, one process: just runs.
   */
  holding<T>(keys: readonly [number] | readonly [number, number], work: () => Promise<T>): Promise<T>;
  /** Messages between the processes on this database (presence): LISTEN/NOTIFY, or in-process on PGlite. */
  notices: Notices;
  /**
   * How many statements and transactions this process has finished on the database so far (reads
   * included, `quietQuery` not): while it stays the same, nothing this process wrote can have
   * changed what an earlier read saw. The website's content version is kept in memory against it.
   */
  finished(): number;
  /** One plain-text statement without values that `finished` does not count. */
  quietQuery(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

/**
 * Counts every call of the client's `query`, `exec` and `transaction` as it settles (a transaction
 * once, at its commit or rollback), calling `settled` after each: how PGlite tells what it has finished.
 */
function countSettled(client: PGlite, settled: () => void): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => query(...args).finally(settled)) as typeof query;
  client.exec = ((...args: Parameters<typeof exec>) => exec(...args).finally(settled)) as typeof exec;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    transaction(...args).finally(settled)) as typeof transaction;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// PGlite's defaults start PostgreSQL with -F (fsync off); without it a committed write
// reaches the disk before the call returns.
const pgliteStartParams = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];

export interface OpenOptions {
  /** PostgreSQL URL; without it PGlite opens `dataDir`/db. */
  databaseUrl?: string | null;
  /** Data directory for PGlite; null opens PGlite in memory (tests). */
  dataDir?: string | null;
  /** Durable writes; tests on throwaway databases skip fsync. */
  durable?: boolean;
  /**
   * For PGlite in memory: the data directory to start from (see `migratedPgliteSnapshot`), instead
   * of creating and migrating a database, which is most of the time a test file spends opening one.
   */
  pgliteSnapshot?: Blob | null;
}

/** Any fixed number names the lock; this one spells "console set-up" loosely. */
const SETUP_LOCK = 7_264_221_001;

/**
 * Several API processes may start together on one fresh database: each holds the same session
 * lock while it changes the schema, so one applies the changes and the others find them applied,
 * instead of creating the same tables at once and failing. Work that other processes must see as
 * at work while its process lives (an import's run) holds its own lock the same way.
 */
async function holdingLock<T>(pool: pg.Pool, keys: readonly number[], work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const args = keys.map((_, i) => `$${i + 1}`).join(', ');
  try {
    await client.query(`select pg_advisory_lock(${args})`, [...keys]);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(${args})`, [...keys]);
    }
  } finally {
    client.release();
  }
}

/**
 * In memory, the data files are already in this process's memory and a large buffer cache only
 * holds them twice; PostgreSQL zeroes its whole cache as it starts, which at the default 128 MB was
 * most of the time an in-memory database took to open (each API test file opens one).
 */
const inMemoryParams = ['-c', 'shared_buffers=16MB'];

// `--single` must come first.
const withoutFsync = ['--single', '-F', ...pgliteStartParams.slice(1)];

/** How a throwaway PGlite database in memory starts: without fsync, and with a small buffer cache. */
export const inMemoryStartParams = [...withoutFsync, ...inMemoryParams];

async function startPglite(dataDir: string | undefined, durable: boolean, snapshot?: Blob): Promise<PGlite> {
  const params = durable ? pgliteStartParams : withoutFsync;
  const client = new PGlite({
    dataDir,
    loadDataDir: snapshot,
    // Trigram indexes serve the lists' substring search (the migrations create the extension).
    extensions: { pg_trgm },
    startParams: dataDir === undefined ? [...params, ...inMemoryParams] : params,
  });
  await client.waitReady;
  return client;
}

/**
 * A PGlite data directory's tar file held in memory, to start many databases from: PGlite reads a
 * Blob's bytes whole as it starts, and a node:buffer Blob copies them out in chunks and joins them
 * each time (a third of an in-memory open, for the 43 MB of a migrated database). PGlite copies
 * each file out of these bytes and never writes to them.
 */
export class PgliteTar extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** A new in-memory database with every migration applied, as a PGlite data directory to start others from. */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const client = await startPglite(undefined, false);
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Ends a pool once its connections have closed: end() resolves before they have, and dropping the
 * database next (as tests do) would cut connections that are still saying goodbye.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open <= 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // JIT compiling pays off for long analytic scans, not for these short statements: a skewed
    // estimate (one parent with 10,000 children) pushes a 2 ms statement past its threshold, and
    // compiling then takes 100 ms or more.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection the server ends (restart, failover) is dropped and replaced on next use;
    // without a listener its error would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    // Lists' statements without a search pattern keep one plan per connection (listReads.ts): a
    // search's plan depends on its pattern, so searches stay on the main pool.
    const listPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: '-c jit=off -c plan_cache_mode=force_generic_plan',
    });
    listPool.on('error', () => {});
    readListsThrough(db, drizzlePg(listPool) as unknown as Db);
    const exclusively = <T>(work: () => Promise<T>) => holdingLock(pool, [SETUP_LOCK], work);
    await exclusively(() => migratePg(drizzlePg(pool), { migrationsFolder }));
    const notices = postgresNotices(pool, options.databaseUrl);
    // Every statement and transaction gives its connection back when it has finished; a quiet
    // query's connection is not counted.
    let finished = 0;
    const quiet = new WeakSet<pg.PoolClient>();
    pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
      if (!quiet.has(client)) finished += 1;
    });
    return {
      db,
      kind: 'postgres',
      exclusively,
      holding: (keys, work) => holdingLock(pool, keys, work),
      notices,
      finished: () => finished,
      quietQuery: async (text) => {
        const client = await pool.connect();
        quiet.add(client);
        try {
          return { rows: (await client.query(text)).rows };
        } finally {
          client.release();
          quiet.delete(client);
        }
      },
      query: async (text, values) => {
        const result = await pool.query(text, values as unknown[]);
        return { rows: result.rows };
      },
      close: async () => {
        await notices.close();
        await Promise.all([endPool(pool), endPool(listPool)]);
      },
    };
  }

  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    release = lockDataDir(options.dataDir);
    dataDir = join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  try {
    const client = await startPglite(dataDir, options.durable !== false, options.pgliteSnapshot ?? undefined);
    const typed = drizzlePglite(client);
    await migratePglite(typed, { migrationsFolder });
    const notices = localNotices();
    const quietExec = client.exec.bind(client);
    let finished = 0;
    countSettled(client, () => {
      finished += 1;
    });
    return {
      db: typed as unknown as Db,
      kind: 'pglite',
      notices,
      finished: () => finished,
      quietQuery: async (text) => ({
        rows: ((await quietExec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[],
      }),
      // One process holds the directory (lock.ts): nobody else can be setting it up.
      exclusively: (work) => work(),
      // No other process can run work on the directory, so nobody needs to see who holds what.
      holding: (_keys, work) => work(),
      query: async (text, values) => {
        if (values === undefined || values.length === 0) {
          // pg-boss sends multi-statement SQL without values: only exec() runs that.
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        }
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      },
      close: async () => {
        await notices.close();
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
