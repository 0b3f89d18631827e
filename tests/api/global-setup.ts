import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedPgliteSnapshot, openDatabase } from '@server/db/open';
import { createScratchDatabase } from '@server/db/scratch';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (a tar file) that each test file's database starts from. */
    pgliteSnapshot: string;
    /** A migrated, empty PostgreSQL database that each test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Creates and migrates a database once for the whole run, so that each test file starts from a
 * copy instead of creating and migrating its own (seconds per file on PGlite).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.DATABASE_URL;
  if (postgresUrl) {
    const template = await createScratchDatabase(postgresUrl, 'console_template');
    const database = await openDatabase({ databaseUrl: template.url, durable: false });
    await database.close();
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteSnapshot', '');
    return () => template.drop();
  }
  const dir = await mkdtemp(join(tmpdir(), 'console-api-snapshot-'));
  const path = join(dir, 'pgdata.tar');
  await writeFile(path, new Uint8Array(await (await migratedPgliteSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshot', path);
  project.provide('postgresTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}
