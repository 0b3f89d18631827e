import { describe, expect, it, vi } from 'vitest';
import { insertBrand } from './accessFixtures';
import { createTestServer, databaseKind } from './harness';
import { databaseBefore, MIGRATION_TEST_TIMEOUT_MS } from './migrations';

const TAKEN = 'A folder with this name already exists.';

describe(`A media folder's name (${databaseKind})`, () => {
  it('is one of its name under the same brand, dealership or the group, even when two add it at once', async () => {
    const server = await createTestServer();
    try {
      const token = await server.login();
      const create = (body: Record<string, unknown>) =>
        server.call('POST', '/api/media/folders/create', { token, body });
      const brandId = await insertBrand(server, 'Folder Brand');

      const first = await create({ name: 'Campaigns' });
      expect(first.statusCode, first.body).toBe(200);
      for (const name of ['Campaigns', ' campaigns ']) {
        const again = await create({ name });
        expect(again.statusCode, again.body).toBe(422);
        expect(again.json().errors).toEqual({ name: [TAKEN] });
      }
      // Under another owner the name is free.
      expect((await create({ name: 'Campaigns', brand_id: brandId })).statusCode).toBe(200);
      expect((await create({ name: 'Campaigns', brand_id: brandId })).statusCode).toBe(422);

      const both = await Promise.all([create({ name: 'Launches' }), create({ name: 'Launches' })]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([200, 422]);
      expect(both.find((res) => res.statusCode === 422)?.json().errors).toEqual({ name: [TAKEN] });
      const folders = (await server.call('GET', '/api/media/folders', { token })).json().data as {
        name: string;
      }[];
      expect(folders.filter((f) => f.name === 'Launches')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('the migration to one folder of a name', () => {
  it(
    'renames the later of folders already sharing a name under one owner',
    async () => {
      vi.setConfig({ testTimeout: MIGRATION_TEST_TIMEOUT_MS });
      const { client, migrate } = await databaseBefore('_media-folder-unique-name');
      await client.query(`insert into brands (id, name, slug, sort_order) values (1, 'Alpha', 'alpha', 1)`);
      await client.query(
        `insert into media_folders (id, name, brand_id, own) values
         (101, 'Offers', null, false), (102, 'offers', null, false), (103, 'Offers', 1, false),
         (104, 'Offers', 1, false), (105, 'Alpha', 1, false)`,
      );
      await migrate();
      const { rows } = await client.query<{ id: number; name: string }>(
        'select id, name from media_folders where id > 100 order by id',
      );
      expect(rows).toEqual([
        { id: 101, name: 'Offers' },
        { id: 102, name: 'offers (102)' },
        { id: 103, name: 'Offers' },
        { id: 104, name: 'Offers (104)' },
        // A brand's own folder has its name; another folder may too.
        { id: 105, name: 'Alpha' },
      ]);
      await client.close();
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
