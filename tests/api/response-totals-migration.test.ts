import { describe, expect, it, vi } from 'vitest';
import { databaseBefore, MIGRATION_TEST_TIMEOUT_MS } from './migrations';

vi.setConfig({ testTimeout: MIGRATION_TEST_TIMEOUT_MS });

describe('the migration to per-owner enquiry totals', () => {
  it('counts the enquiries stored before it, and keeps counting after it', async () => {
    const { client, migrate } = await databaseBefore('_response-owner-totals');
    await client.query(`
      insert into responses (handle, data, brand_id, dealership_id) values
        ('test-drive', '{}', 1, 10), ('test-drive', '{}', 1, 10), ('test-drive', '{}', 1, null),
        ('test-drive', '{}', null, null), ('newsletter', '{}', 2, 20), ('newsletter', '{}', null, null)`);

    await migrate();
    const totals = async () =>
      (
        await client.query<{
          handle: string;
          brand_id: number | null;
          dealership_id: number | null;
          total: number;
        }>(
          'select handle, brand_id, dealership_id, total from response_owner_totals where total <> 0 order by 1, 2, 3',
        )
      ).rows.map((row) => [row.handle, row.brand_id, row.dealership_id, row.total]);
    expect(await totals()).toEqual([
      ['newsletter', 2, 20, 1],
      ['newsletter', null, null, 1],
      ['test-drive', 1, 10, 2],
      ['test-drive', 1, null, 1],
      ['test-drive', null, null, 1],
    ]);

    await client.query(`insert into responses (handle, data) values ('newsletter', '{}')`);
    await client.query(
      `update responses set brand_id = 2, dealership_id = 20 where brand_id = 1 and dealership_id is null`,
    );
    await client.query(`delete from responses where handle = 'newsletter' and brand_id = 2`);
    expect(await totals()).toEqual([
      ['newsletter', null, null, 2],
      ['test-drive', 1, 10, 2],
      ['test-drive', 2, 20, 1],
      ['test-drive', null, null, 1],
    ]);
    await client.query('truncate responses');
    expect(await totals()).toEqual([]);
    await client.close();
    // Every migration before this one runs first, in WASM.
  }, 90_000);
});
