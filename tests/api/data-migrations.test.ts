import { describe, expect, it, vi } from 'vitest';
import { databaseBefore, MIGRATION_TEST_TIMEOUT_MS } from './migrations';

vi.setConfig({ testTimeout: MIGRATION_TEST_TIMEOUT_MS });

/** Blocks as they were stored before blocks had ids: one of them already carries one. */
const KEPT_ID = '6f1c2b1e-7a4d-4c1e-9a0b-2d3e4f5a6b7c';
const OLD_BLOCKS = JSON.stringify([
  { index: 'rich_text', name: 'First', sections: { content: { fields: { body: '# First' } } } },
  { index: 'rich_text', name: 'Second', sections: { content: { fields: { body: '# Second' } } } },
  { id: KEPT_ID, index: 'hero', name: 'Hero', sections: {} },
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Block = { id?: string; name: string; sections: unknown };

/** What a migration must do to stored blocks: an id each, their own, and nothing else changed. */
function expectIdsGiven(items: Block[]) {
  const before = JSON.parse(OLD_BLOCKS) as Block[];
  expect(items.map(({ id: _id, ...rest }) => rest)).toEqual(before.map(({ id: _id, ...rest }) => rest));
  for (const item of items) expect(item.id).toMatch(UUID);
  expect(items[2]!.id).toBe(KEPT_ID);
  expect(new Set(items.map((item) => item.id)).size).toBe(3);
}

describe('the migration to block ids', () => {
  it('gives every stored block of a page and a form an id of its own, its content unchanged', async () => {
    const { client, migrate } = await databaseBefore('_block-ids');
    await client.query(
      `insert into pages (kind, name, slug, sort_order, items)
       values ('page', 'Old page', 'old-page', 1, $1::jsonb), ('form', 'Old form', 'old-form', 1, $1::jsonb),
              ('page', 'Empty page', 'empty-page', 2, '[]'::jsonb)`,
      [OLD_BLOCKS],
    );

    await migrate();
    const { rows } = await client.query<{ slug: string; items: Block[] }>(
      'select slug, items from pages order by slug',
    );
    expect(rows.map((row) => row.slug)).toEqual(['empty-page', 'old-form', 'old-page']);
    expect(rows[0]!.items).toEqual([]);
    expectIdsGiven(rows[1]!.items);
    expectIdsGiven(rows[2]!.items);
    await client.close();
  });

  it('gives every stored block of a template an id of its own, its content unchanged', async () => {
    const { client, migrate } = await databaseBefore('_template-block-ids');
    await client.query(`insert into templates (name, items) values ('Old template', $1::jsonb)`, [
      OLD_BLOCKS,
    ]);

    await migrate();
    const { rows } = await client.query<{ items: Block[] }>('select items from templates');
    expectIdsGiven(rows[0]!.items);
    await client.close();
  });
});

describe('the migration to hashed limit addresses', () => {
  it('leaves no raw client address in the sign-in and enquiry limits, and keeps the per-account counts', async () => {
    const { client, migrate } = await databaseBefore('_limit-address-hashes');
    await client.query(`
      insert into login_failures (key, failures) values
        ('ip:203.0.113.7', 4), ('ip:2001:db8::1', 2), ('email:owner@example.com', 3)`);
    await client.query(`
      insert into rate_windows (key, hits) values
        ('submit:203.0.113.7|enquiry', 5), ('submit:2001:db8::1|test-drive', 1)`);

    await migrate();
    const failures = await client.query<{ key: string; failures: number }>(
      'select key, failures from login_failures order by key',
    );
    expect(failures.rows).toEqual([{ key: 'email:owner@example.com', failures: 3 }]);
    const windows = await client.query<{ key: string }>('select key from rate_windows');
    const stored = JSON.stringify(windows.rows);
    for (const address of ['203.0.113.7', '2001:db8::1']) expect(stored).not.toContain(address);
    await client.close();
  });
});

describe('the migration to roles and scope', () => {
  it('attributes existing enquiries and reservations to a dealership, else a form’s brand, else the group', async () => {
    const { client, migrate } = await databaseBefore('_roles-and-scope');
    await client.query(
      `insert into brands (id, name, slug, sort_order) values (1, 'Kia', 'kia', 1), (2, 'Ford', 'ford', 2)`,
    );
    await client.query(`insert into vehicle_dealers (id, name) values (1, 'Northway Leeds (FOR)')`);
    const site = (id: number, name: string, brand: number, binned: boolean, feed: number | null) =>
      `(${id}, '${name}', 'site-${id}', ${brand}, ${feed ?? 'null'}, 'site${id}@example.com', '0113', '{}'::jsonb, '1', '2', ${id}, ${binned ? 'now()' : 'null'})`;
    await client.query(`
      insert into dealerships (id, name, slug, brand_id, vehicles_dealer_id, email, telephone, address,
          pinnacle_enquiry_id, pinnacle_used_enquiry_id, sort_order, deleted_at)
      values ${[
        // A binned dealership of the same name as a live one: the live one is meant.
        site(1, 'Northway Kia York', 1, true, null),
        site(2, 'Northway Kia York', 1, false, null),
        site(3, 'Northway Ford Leeds', 2, false, 1),
      ].join(', ')}`);
    await client.query(`
      insert into pages (kind, name, slug, brand_id, sort_order)
      values ('form', 'Kia news', 'newsletter', 1, 1), ('form', 'Test drive', 'test-drive', null, 2)`);
    const answer = (dealership: string | null) =>
      JSON.stringify({
        name: { label: 'Name', result: 'Amara Okafor' },
        ...(dealership === null ? {} : { dealership: { label: 'Dealership', result: dealership } }),
      });
    await client.query(
      `insert into responses (id, handle, data) values
        (1, 'test-drive', $1), (2, 'test-drive', $2), (3, 'newsletter', $3), (4, 'test-drive', $3),
        (5, 'test-drive', $4)`,
      [answer('Northway Kia York'), answer('Northway Ford Leeds'), answer(null), answer('Gone Motors')],
    );
    await client.query(`
      insert into vehicles (registration, make, model, derivative, price, mileage, dealership) values
        ('YD24 KXA', 'Kia', 'EV6', 'GT', 1, 1, 'Northway Kia York'),
        ('LS24 FRD', 'Ford', 'Puma', 'ST', 1, 1, 'Northway Leeds (FOR)'),
        ('XX24 NON', 'Ford', 'Puma', 'ST', 1, 1, 'Nobody')`);
    await client.query(`
      insert into reservations (id, name, email, registration, reserved_at, amount, charge_id) values
        (1, 'A', 'a@example.com', 'yd24 kxa', now(), 100, 'ch_1'),
        (2, 'B', 'b@example.com', 'LS24 FRD', now(), 100, 'ch_2'),
        (3, 'C', 'c@example.com', 'XX24 NON', now(), 100, 'ch_3'),
        (4, 'D', 'd@example.com', 'N/A', now(), 100, 'ch_4')`);

    await migrate();
    const owners = async (table: string) =>
      (
        await client.query<{ id: number; brand_id: number | null; dealership_id: number | null }>(
          `select id, brand_id, dealership_id from ${table} order by id`,
        )
      ).rows.map((row) => [row.id, row.brand_id, row.dealership_id]);
    expect(await owners('responses')).toEqual([
      [1, 1, 2],
      [2, 2, 3],
      [3, 1, null],
      [4, null, null],
      [5, null, null],
    ]);
    // By the dealership's name, or by the stock feed's name of the dealer linked to it.
    expect(await owners('reservations')).toEqual([
      [1, 1, 2],
      [2, 2, 3],
      [3, null, null],
      [4, null, null],
    ]);
    await client.close();
  });
});
