import { brands } from '@server/db/schema/brands';
import { mediaFolders } from '@server/db/schema/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealershipBody } from './accessFixtures';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

/**
 * Where a library item is used, as each caller may see it: the records they may open are named and
 * linked, the others only counted. A Dealership manager of Leeds sees Leeds; the Brand manager of
 * Kia sees Kia's dealerships and pages; the group administrator sees every use. Deleting an item
 * for good is still refused while anything at all uses it.
 */

let server: TestServer;
let admin: string;
let kia: number;
let leeds: number;
let york: number;
let leedsFolder: number;
let padding = 0;

const get = (url: string, token = admin) => server.call('GET', url, { token });
const post = (url: string, body: unknown, token = admin) => server.call('POST', url, { token, body });

async function saved(res: Awaited<ReturnType<typeof post>>): Promise<number> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** A new image in Leeds's folder, as the group administrator uploads it. */
async function image(name: string): Promise<number> {
  const { payload, headers } = multipartBody([
    { name: 'folder_id', value: String(leedsFolder) },
    { name: 'files[]', filename: name, contentType: 'image/png', bytes: tinyPng(++padding) },
  ]);
  const res = await server.call('POST', '/api/media/upload', { token: admin, headers, body: payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].item.id as number;
}

const gallery = (id: number) => ({
  index: 'gallery',
  name: 'Showroom photos',
  sections: { content: { fields: { title: 'Photos', images: [{ media_id: id }], columns: '3' } } },
});

/** What the item's page shows a caller: the uses named, by area and name, and how many more. */
async function shown(id: number, token: string) {
  const res = await get(`/api/media/show/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const { uses, uses_hidden } = res.json().data as {
    uses: { area: string; name: string; url: string }[];
    uses_hidden: number;
  };
  return { uses: uses.map((u) => `${u.area}: ${u.name} at ${u.url}`), hidden: uses_hidden };
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  const [row] = await server.database.db
    .insert(brands)
    .values({ name: 'Kia', slug: 'kia', live: true, sortOrder: 1 })
    .returning({ id: brands.id });
  kia = row!.id;
  leeds = await saved(await post('/api/dealerships/create', dealershipBody('Kia Leeds', kia)));
  const [folder] = await server.database.db
    .select({ id: mediaFolders.id })
    .from(mediaFolders)
    .where(eq(mediaFolders.dealershipId, leeds));
  leedsFolder = folder!.id;
});
afterAll(() => server.close());

describe(`where an item is used, as each caller may see it (${databaseKind})`, () => {
  it('names the uses in the caller’s reach and counts the others', async () => {
    const showroom = await image('Showroom.png');
    await saved(
      await post(
        `/api/dealerships/update/${leeds}`,
        dealershipBody('Kia Leeds', kia, { banner_img: [showroom] }),
      ),
    );
    york = await saved(
      await post('/api/dealerships/create', dealershipBody('Kia York', kia, { banner_img: [showroom] })),
    );
    const brand = await saved(
      await post('/api/brands/create', {
        name: 'Cupra',
        slug: 'cupra',
        live: true,
        is_fake: false,
        manufacturer_id: 0,
        lcv_manufacturer_id: 0,
        logo: showroom,
      }),
    );
    const page = await saved(
      await post('/api/pages/store', {
        data: {
          name: 'Kia Sportage',
          slug: 'x',
          brand_id: kia,
          meta: { title: 'Sportage', description: 'The Sportage' },
          published: 0,
          items: [gallery(showroom)],
        },
        parent: null,
      }),
    );
    const template = await saved(
      await post('/api/templates/store', {
        data: { name: 'Model page', items: [gallery(showroom)], locked: 0, lock_pages: 0 },
      }),
    );

    const dealershipManager = await signedInAs(server, 'Dealership manager', { dealership_ids: [leeds] });
    expect(await shown(showroom, dealershipManager.token)).toEqual({
      uses: [`dealerships: Kia Leeds at /dealerships/edit/${leeds}`],
      hidden: 4,
    });
    const brandManager = await signedInAs(server, 'Brand manager', { brand_ids: [kia] });
    expect(await shown(showroom, brandManager.token)).toEqual({
      uses: [
        `dealerships: Kia Leeds at /dealerships/edit/${leeds}`,
        `dealerships: Kia York at /dealerships/edit/${york}`,
        `pages: Kia Sportage at /pages/edit/${page}`,
      ],
      // Another brand, and a template (the group's own).
      hidden: 2,
    });
    expect(await shown(showroom, admin)).toEqual({
      uses: [
        `brands: Cupra at /brands/edit/${brand}`,
        `dealerships: Kia Leeds at /dealerships/edit/${leeds}`,
        `dealerships: Kia York at /dealerships/edit/${york}`,
        `pages: Kia Sportage at /pages/edit/${page}`,
        `templates: Model page at /templates/edit/${template}`,
      ],
      hidden: 0,
    });
  });

  it('refuses to delete for good an item used only where the caller cannot see', async () => {
    const spare = await image('Spare.png');
    await saved(
      await post(`/api/dealerships/update/${york}`, dealershipBody('Kia York', kia, { banner_img: [spare] })),
    );
    const { token } = await signedInAs(server, 'Dealership manager', { dealership_ids: [leeds] });
    expect(await shown(spare, token)).toEqual({ uses: [], hidden: 1 });
    expect((await post('/api/media/delete', { ids: [spare] }, token)).statusCode).toBe(200);
    const forever = await post('/api/media/forever', { ids: [spare] }, token);
    expect([forever.statusCode, forever.json().errors]).toEqual([
      422,
      { ids: ['Spare.png is still used in 1 place.'] },
    ]);
  });
});
