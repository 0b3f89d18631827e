import { describe, expect, it, vi } from 'vitest';
import { databaseBefore, MIGRATION_TEST_TIMEOUT_MS } from './migrations';

vi.setConfig({ testTimeout: MIGRATION_TEST_TIMEOUT_MS });

describe('the migration to activity owners', () => {
  it('files existing entries under where their record belongs, and the rest under the group', async () => {
    const { client, migrate } = await databaseBefore('_activity-owner');
    await client.query(`insert into brands (id, name, slug, sort_order) values (1, 'Alpha', 'alpha', 1)`);
    await client.query(
      `insert into dealerships (id, name, slug, brand_id, email, telephone, address, opening_times,
         pinnacle_enquiry_id, pinnacle_used_enquiry_id, sort_order)
       values (7, 'Alpha Leeds', 'alpha-leeds', 1, 'a@example.com', '0113', '{}'::jsonb, '[]'::jsonb, '1', '2', 1)`,
    );
    // A branded section, a page saved without a brand under it, and the group's own page.
    await client.query(
      `insert into pages (id, kind, name, slug, brand_id, parent_id, sort_order) values
         (10, 'page', 'Alpha range', 'alpha-range', 1, null, 1),
         (11, 'page', 'Alpha estate', 'alpha-range/alpha-estate', null, 10, 1),
         (12, 'page', 'About us', 'about-us', null, null, 2)`,
    );
    await client.query(
      `insert into activity (area, action, record_id, record_name) values
         ('brands', 'created', 1, 'Alpha'), ('dealerships', 'created', 7, 'Alpha Leeds'),
         ('pages', 'created', 10, 'Alpha range'), ('pages', 'created', 11, 'Alpha estate'),
         ('pages', 'created', 12, 'About us'), ('auth', 'signed_in', null, null),
         ('brands', 'deleted_forever', 99, 'Gone')`,
    );

    await migrate();
    const { rows } = await client.query<{
      record_name: string | null;
      brand_id: number | null;
      dealership_id: number | null;
    }>('select record_name, brand_id, dealership_id from activity order by id');
    expect(rows.map((r) => [r.record_name, r.brand_id, r.dealership_id])).toEqual([
      ['Alpha', 1, null],
      ['Alpha Leeds', 1, 7],
      ['Alpha range', 1, null],
      ['Alpha estate', 1, null],
      ['About us', null, null],
      [null, null, null],
      // A record deleted forever was named by its id: the brand's own id is all that is left of it.
      ['Gone', 99, null],
    ]);
    await client.close();
  });
});
