import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'console-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations as they stood before the one named `tag`. */
function migrationsBefore(tag: string): string {
  const folder = join(scratch, 'before');
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe('the migration to Stripe charges', () => {
  it('keeps every stored reservation as it was: in pounds, a refund the whole amount', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('_stripe-charges') });
    await client.query(`
      insert into reservations (name, email, registration, reserved_at, refunded_at, amount, brand, exp_year, last4, charge_id)
      values ('Kept Buyer', 'kept@example.com', 'AB12 CDE', '2025-05-01T10:00:00Z', null, 19900, 'visa', 2028, '4242', 'ch_kept'),
             ('Refunded Buyer', 'back@example.com', 'XY34 ZZZ', '2025-05-02T10:00:00Z', '2025-05-04T09:00:00Z', 25000, 'amex', 2027, '0005', 'ch_back')`);

    await migrate(db, { migrationsFolder: migrations });
    const { rows } = await client.query<Record<string, unknown>>(
      'select charge_id, currency, amount, amount_refunded, refunded_at from reservations order by charge_id',
    );
    expect(rows).toEqual([
      {
        charge_id: 'ch_back',
        currency: 'gbp',
        amount: 25000,
        amount_refunded: 25000,
        refunded_at: new Date('2025-05-04T09:00:00Z'),
      },
      { charge_id: 'ch_kept', currency: 'gbp', amount: 19900, amount_refunded: 0, refunded_at: null },
    ]);
    await client.close();
  });
});
