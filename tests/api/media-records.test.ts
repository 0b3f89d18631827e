import { brands } from '@server/db/schema/brands';
import { mediaFolders } from '@server/db/schema/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, roleId, signedInAs, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

let server: TestServer;
let token: string;
let kia: { id: number; folder: number };
let seat: { id: number; folder: number };
let padding = 500;

const get = (url: string, auth = token) => server.call('GET', url, { token: auth });
const post = (url: string, body: unknown, auth = token) => server.call('POST', url, { token: auth, body });

async function brandWithFolder(name: string, position: number) {
  const [brand] = await server.database.db
    .insert(brands)
    .values({ name, slug: `${name.toLowerCase()}-${databaseKind}`, sortOrder: position, live: true })
    .returning({ id: brands.id });
  const [folder] = await server.database.db
    .select({ id: mediaFolders.id })
    .from(mediaFolders)
    .where(eq(mediaFolders.brandId, brand!.id));
  return { id: brand!.id, folder: folder!.id };
}

/** A new image in the library (in a folder, when given), described, answered as the library holds it. */
async function image(name: string, folder?: number, auth = token): Promise<number> {
  const { payload, headers } = multipartBody([
    ...(folder ? [{ name: 'folder_id', value: String(folder) }] : []),
    { name: 'files[]', filename: name, contentType: 'image/png', bytes: tinyPng(++padding) },
  ]);
  const res = await server.call('POST', '/api/media/upload', { token: auth, headers, body: payload });
  expect(res.statusCode, res.body).toBe(200);
  const [first] = res.json().data;
  expect(first.error).toBeNull();
  return first.item.id as number;
}

let slugs = 0;
const validBrand = (overrides: Record<string, unknown> = {}) => ({
  name: 'Cupra',
  slug: `cupra-${++slugs}`,
  live: true,
  is_fake: false,
  manufacturer_id: 0,
  lcv_manufacturer_id: 0,
  logo: null,
  ...overrides,
});

const week = (hours: string) =>
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, hours]),
  );
const validDealership = (overrides: Record<string, unknown> = {}) => ({
  name: 'Northway Kia Leeds',
  slug: `kia-leeds-${++slugs}`,
  copy: null,
  live: true,
  brand_id: kia.id,
  vehicles_dealer_id: null,
  published_at: null,
  banner_img: [],
  dealer_img: [],
  email: 'leeds@northway.example',
  telephone: '0113 496 0000',
  address: {
    address_line_1: '1 Kirkstall Road',
    address_line_2: '',
    city: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS4 2AZ',
    lat: 53.8,
    lng: -1.5,
  },
  opening_times: [{ department: 'Sales', days: week('9:00 - 18:00') }],
  team: [],
  quotee_uid: '',
  pinnacle_enquiry_id: '1001',
  pinnacle_used_enquiry_id: '1002',
  ...overrides,
});

const usesOf = async (id: number) => {
  const res = await get(`/api/media/show/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.uses as { area: string; id: number; name: string; url: string }[];
};

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  kia = await brandWithFolder('Kia', 1);
  seat = await brandWithFolder('Seat', 2);
});
afterAll(() => server.close());

describe(`brand logos from the library (${databaseKind})`, () => {
  it('saves a logo as a library id, answers it as an image and lists the brand where the item is used', async () => {
    const logo = await image('Cupra badge.png');
    await post(`/api/media/update/${logo}`, { alt: 'Cupra badge', focal_point: { x: 0.25, y: 0.75 } });
    const created = await post('/api/brands/create', validBrand({ logo }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;

    const shown = (await get(`/api/brands/show/${id}`)).json().data;
    expect(shown.logo).toMatchObject({
      id: logo,
      name: 'Cupra badge.png',
      alt: 'Cupra badge',
      width: 1,
      height: 1,
      focal_point: { x: 0.25, y: 0.75 },
    });
    expect(shown.logo.url).toMatch(/^\/storage\/media\/[0-9a-f]{64}$/);
    expect(Array.isArray(shown.logo.renditions)).toBe(true);
    expect(await usesOf(logo)).toEqual([{ area: 'brands', id, name: 'Cupra', url: `/brands/edit/${id}` }]);

    // The list answers it too, and a cleared logo is no use any more.
    const listed = (await get('/api/brands?search=Cupra')).json().brands.data;
    expect(listed.find((b: { id: number }) => b.id === id).logo.id).toBe(logo);
    const cleared = await post(`/api/brands/update/${id}`, validBrand({ slug: shown.slug, logo: '' }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await get(`/api/brands/show/${id}`)).json().data.logo).toBeNull();
    expect(await usesOf(logo)).toEqual([]);
  });

  it('refuses an unknown, binned or out-of-scope logo at the field, and stores nothing', async () => {
    const binned = await image('Old badge.png');
    await post('/api/media/delete', { ids: [binned] });
    for (const [logo, message] of [
      [2_000_000, 'This image is not in the library. Pick another.'],
      [binned, 'This image is in the library’s bin. Restore it or pick another.'],
      ['/storage/logo/0123456789abcdef0123456789abcdef.png', 'Pick an image from the library.'],
    ] as const) {
      const res = await post('/api/brands/create', validBrand({ name: 'Refused', logo }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ logo: [message] });
    }
    expect((await get('/api/brands?search=Refused')).json().brands.total).toBe(0);

    // A brand manager of Seat may not place Kia's image on Seat, but keeps one already there.
    const kiaImage = await image('Kia badge.png', kia.folder);
    const manager = await signedInAs(server, 'Brand manager', { brand_ids: [seat.id] });
    const slug = (await get(`/api/brands/show/${seat.id}`)).json().data.slug as string;
    const refused = await post(
      `/api/brands/update/${seat.id}`,
      validBrand({ name: 'Seat', slug, logo: kiaImage }),
      manager.token,
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ logo: ['Pick an image from a folder you work with.'] });
    const placed = await post(
      `/api/brands/update/${seat.id}`,
      validBrand({ name: 'Seat', slug, logo: kiaImage }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const kept = await post(
      `/api/brands/update/${seat.id}`,
      validBrand({ name: 'Seat', slug, logo: kiaImage }),
      manager.token,
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('refuses deleting a used logo forever, and allows it once the brand is deleted for good', async () => {
    const logo = await image('Gone badge.png');
    const id = (await post('/api/brands/create', validBrand({ name: 'Gone', logo }))).json().id as number;
    await post('/api/media/delete', { ids: [logo] });
    const refused = await post('/api/media/forever', { ids: [logo] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.ids).toEqual(['Gone badge.png is still used in 1 place.']);

    expect((await post('/api/brands/delete', { brands: [id], type: 'all' })).statusCode).toBe(200);
    expect((await post('/api/brands/delete', { brands: [id], type: 'trashed' })).statusCode).toBe(200);
    const deleted = await post('/api/media/forever', { ids: [logo] });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('never leaves a use of an item deleted for good while a brand saves it (both at once)', async () => {
    const logo = await image('Race badge.png');
    const id = (await post('/api/brands/create', validBrand({ name: 'Race' }))).json().id as number;
    const slug = (await get(`/api/brands/show/${id}`)).json().data.slug as string;
    await post('/api/media/delete', { ids: [logo] });
    // Binned: the save is refused; restored and raced with a delete forever, one of them wins cleanly.
    await post('/api/media/restore', { ids: [logo] });
    await post('/api/media/delete', { ids: [logo] });
    const [save, forever] = await Promise.all([
      post(`/api/brands/update/${id}`, validBrand({ name: 'Race', slug, logo })),
      post('/api/media/forever', { ids: [logo] }),
    ]);
    expect(save.statusCode, save.body).toBe(422);
    expect(forever.statusCode, forever.body).toBe(200);
    expect((await get(`/api/brands/show/${id}`)).json().data.logo).toBeNull();
  });

  it('answers the logo on the delivery API as block images are answered', async () => {
    const logo = await image('Site badge.png');
    await post(`/api/media/update/${logo}`, { alt: 'Site badge' });
    await post(
      '/api/brands/create',
      validBrand({ name: 'Site brand', slug: `site-brand-${databaseKind}`, logo }),
    );
    const res = await server.call('GET', '/api/site/brands');
    expect(res.statusCode, res.body).toBe(200);
    const brand = res.json().data.find((b: { slug: string }) => b.slug === `site-brand-${databaseKind}`);
    expect(brand.logo).toMatchObject({
      alt: 'Site badge',
      width: 1,
      height: 1,
      focal_point: { x: 0.5, y: 0.5 },
    });
    expect(brand.logo.url).toMatch(/^\/storage\/media\//);
    expect(brand.logo_url).toBe(brand.logo.url);
    expect(Array.isArray(brand.logo.renditions)).toBe(true);
  });
});

describe(`dealership images from the library (${databaseKind})`, () => {
  it('saves banner, dealership and team images as ids, records the uses, answers them as images', async () => {
    const [banner, inside, sam] = [
      await image('Banner.png', kia.folder),
      await image('Inside.png', kia.folder),
      await image('Sam.png', kia.folder),
    ];
    const created = await post(
      '/api/dealerships/create',
      validDealership({
        banner_img: [banner],
        dealer_img: [String(inside)],
        team: [{ name: 'Sam', content: null, image: [sam] }],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const shown = (await get(`/api/dealerships/show/${id}`)).json().data;
    expect(shown.banner_img.map((i: { id: number }) => i.id)).toEqual([banner]);
    expect(shown.dealer_img.map((i: { name: string }) => i.name)).toEqual(['Inside.png']);
    expect(shown.team[0].image[0]).toMatchObject({ id: sam, name: 'Sam.png', width: 1, height: 1 });
    for (const item of [banner, inside, sam]) {
      expect(await usesOf(item)).toEqual([
        { area: 'dealerships', id, name: 'Northway Kia Leeds', url: `/dealerships/edit/${id}` },
      ]);
    }

    const site = await server.call('GET', `/api/site/dealerships/${shown.slug}`);
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json().banners[0]).toMatchObject({ name: 'Banner.png', width: 1, height: 1 });
    expect(site.json().team[0].image).toMatchObject({ name: 'Sam.png' });
  });

  it('refuses an unknown team image under its place in the form', async () => {
    const res = await post(
      '/api/dealerships/create',
      validDealership({ team: [{ name: 'Sam', content: null, image: [2_000_001] }] }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      'team.0.image.0': ['This image is not in the library. Pick another.'],
    });
  });
});

describe(`user avatars from the library (${databaseKind})`, () => {
  it('saves an avatar as an id, answers it on the user and on me, and records the use', async () => {
    const avatar = await image('Jo.png');
    const created = await post('/api/users/create', {
      name: 'Jo Avatar',
      email: `jo.avatar.${databaseKind}@example.com`,
      telephone: '',
      job_title: '',
      password: 'a long enough password',
      avatar,
      role_id: await roleId(server, 'Sales'),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect((await get(`/api/users/show/${id}`)).json().data.meta.avatar).toMatchObject({
      id: avatar,
      name: 'Jo.png',
    });
    expect(await usesOf(avatar)).toEqual([
      { area: 'users', id, name: 'Jo Avatar', url: `/users/edit/${id}` },
    ]);

    // Sales may not browse the library, yet sees their own avatar.
    const jo = await server.login(`jo.avatar.${databaseKind}@example.com`, 'a long enough password');
    expect((await get('/api/media', jo)).statusCode).toBe(403);
    expect((await get('/api/auth/me', jo)).json().data.meta.avatar).toMatchObject({
      id: avatar,
      name: 'Jo.png',
    });
  });
});

describe(`the library's own rules for who may browse and upload (${databaseKind})`, () => {
  it('shows a scoped user only the folders and items of their scope, and lets only media create upload', async () => {
    const kiaOnly = await image('Kia only.png', kia.folder);
    const seatOnly = await image('Seat only.png', seat.folder);
    const reader = await signedInAs(server, 'Read only', { brand_ids: [seat.id] });
    const listed = (await get('/api/media?perPage=100', reader.token)).json().media.data as { id: number }[];
    expect(listed.map((item) => item.id)).toContain(seatOnly);
    expect(listed.map((item) => item.id)).not.toContain(kiaOnly);
    const folders = (await get('/api/media/folders', reader.token)).json().data as { id: number }[];
    expect(folders.map((f) => f.id)).toEqual([seat.folder]);
    const { payload, headers } = multipartBody([
      { name: 'folder_id', value: String(seat.folder) },
      { name: 'files[]', filename: 'x.png', contentType: 'image/png', bytes: tinyPng(++padding) },
    ]);
    const upload = await server.call('POST', '/api/media/upload', {
      token: reader.token,
      headers,
      body: payload,
    });
    expect(upload.statusCode).toBe(403);
  });
});
