import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
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

/** A database as it stood before the migration whose tag ends with `tag`, to fill with rows of that time. */
export async function databaseBefore(tag: string) {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  const before = migrationsBefore(tag);
  await migrate(db, { migrationsFolder: before.folder });
  before.remove();
  return {
    client,
    /** Runs the rest of the migrations, as the product does when it starts on that database. */
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS }),
  };
}
