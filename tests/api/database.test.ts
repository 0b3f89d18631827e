import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@server/db/open';
import { users } from '@server/db/schema/users';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'console-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The PostgreSQL run has nothing to add here: this is about the embedded database alone.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', () => {
  it('refuses a second opening of a data directory in use, and allows it once closed', async () => {
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by process \d+/);
    await first.db.insert(users).values({ name: 'Kept', email: 'kept@example.com', passwordHash: 'x' });
    await first.close();

    // Reopened, the committed row is still there: nothing was lost by the refused opening.
    const again = await openDatabase({ dataDir: dir });
    const rows = await again.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: 'kept@example.com' }]);
    await again.close();
    // Two fresh databases, each migrated from nothing: on a loaded machine that took over 30 s.
  }, 120_000);
});
