import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Db, inMemoryStartParams, PgliteTar } from '@server/db/open';
import { createScratchDatabase } from '@server/db/scratch';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { expect } from 'vitest';

/**
 * How long a migration test may take: each starts a database of its own (initdb in WebAssembly),
 * runs every migration up to one and then the rest, which on two cores busy with the browser tests
 * has taken over 30 s. The bound is for a test that hangs, not a speed check.
 */
export const MIGRATION_TEST_TIMEOUT_MS = 180_000;

/** Every migration the product runs at start-up. */
export const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

/** The migrations as they stood before the one whose tag ends with `tag`, in a folder of their own. */
function migrationsBefore(tag: string): { folder: string; remove: () => void } {
  const scratch = mkdtempSync(join(tmpdir(), 'console-migrations-'));
  const folder = join(scratch, 'before');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { folder, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}

let empty: Promise<Blob> | undefined;

/**
 * A new PGlite's data directory before any migration, made once per worker: loading it takes about
 * a third of the time creating one does (initdb in WebAssembly).
 */
function emptyCluster(): Promise<Blob> {
  empty ??= (async () => {
    const client = new PGlite({ extensions: { pg_trgm }, startParams: inMemoryStartParams });
    try {
      // A dump asked for before the database is ready never settles.
      await client.waitReady;
      return new PgliteTar(new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await client.close();
    }
  })();
  return empty;
}

/** What a migration test needs of its database: plain SQL, and closing it when done. */
export interface MigrationClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/**
 * A database as it stood before the migration whose tag ends with `tag`, to fill with rows of that
 * time: on the PostgreSQL server when DATABASE_URL is set (a scratch database of its own, dropped on
 * close), else a new PGlite in memory. So each run checks the migrations on both.
 */
export async function databaseBefore(
  tag: string,
): Promise<{ client: MigrationClient; db: Db; migrate: () => Promise<void> }> {
  const before = migrationsBefore(tag);
  try {
    const url = process.env.DATABASE_URL;
    if (url) {
      const scratch = await createScratchDatabase(url, 'console_migration');
      const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
      const db = drizzlePg(pool);
      await migratePg(db, { migrationsFolder: before.folder });
      return {
        client: {
          query: async <T>(text: string, params?: unknown[]) => ({
            rows: (await pool.query(text, params)).rows as T[],
          }),
          close: async () => {
            await pool.end();
            await scratch.drop();
          },
        },
        // The server's queries run on either driver (as the product's own database does).
        db: db as unknown as Db,
        /** Runs the rest of the migrations, as the product does when it starts on that database. */
        migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS }),
      };
    }
    const client = new PGlite({
      extensions: { pg_trgm },
      loadDataDir: await emptyCluster(),
      startParams: inMemoryStartParams,
    });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.folder });
    return {
      client: {
        query: async <T>(text: string, params?: unknown[]) => ({
          rows: (await client.query<T>(text, params)).rows,
        }),
        close: () => client.close(),
      },
      db: db as unknown as Db,
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS }),
    };
  } finally {
    before.remove();
  }
}
