import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { openDatabase } from '@server/db/open';
import { createScratchDatabase } from '@server/db/scratch';
import { describe, expect, it } from 'vitest';

const url = process.env.DATABASE_URL;

// PGlite belongs to one process; only a shared PostgreSQL server sees several starting at once.
describe.skipIf(!url)('API processes starting together on a fresh PostgreSQL database', () => {
  it('all start: the migrations and the job queue are set up once', async () => {
    const scratch = await createScratchDatabase(url!, 'console_start');
    const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'console-start-')));
    try {
      const started = await Promise.all(
        dirs.map(async (dir) => {
          const database = await openDatabase({ databaseUrl: scratch.url, durable: false });
          const config = readConfig({ DATA_DIR: dir, CONSOLE_DIR: '' });
          const built = await buildApp({ config, database });
          await built.app.ready();
          return { database, built };
        }),
      );
      const [first] = started;
      const applied = await first!.database.query('select hash from drizzle.__drizzle_migrations');
      const hashes = applied.rows.map((row) => row.hash);
      expect(new Set(hashes).size).toBe(hashes.length);
      // Every process answers from the same, fully migrated database (users, sign-in limits).
      for (const { built } of started) {
        const res = await built.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@example.com', password: 'not a password' },
        });
        expect(res.statusCode).toBe(422);
      }
      for (const { database, built } of started) {
        await built.app.close();
        await database.close();
      }
    } finally {
      await scratch.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
