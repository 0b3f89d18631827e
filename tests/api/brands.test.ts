import { brands, manufacturers } from '@server/db/schema/brands';
import { count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

/** Paginator links are relative without PUBLIC_URL; read against any origin to take them apart. */
const BASE = 'http://console.test';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  await server.database.db.insert(manufacturers).values([
    { name: 'Kia', code: 119, type: 'Car' },
    { name: 'Ford', code: 113, type: 'Car' },
    { name: 'Abarth', code: 101, type: 'Car' },
    { name: 'Ford', code: 503, type: 'LCV' },
    { name: 'Citroen', code: 501, type: 'LCV' },
  ]);
});
afterAll(() => server.close());

const NOT_FOUND = "The brand you are trying to locate clearly doesn't exist...";

const get = (url: string) => server.call('GET', url, { token });
const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

function validBrand(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Kia',
    slug: unique('kia'),
    live: true,
    is_fake: false,
    manufacturer_id: 119,
    lcv_manufacturer_id: 0,
    logo: null,
    ...overrides,
  };
}

async function createBrand(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await post('/api/brands/create', validBrand(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/**
 * Brands added straight to the database at the end of the list, in the given order (faster than
 * brands/create when many). Positions follow the last active one, as the list keeps them 1..n.
 */
async function insertBrands(names: string[], extra: Partial<typeof brands.$inferInsert> = {}) {
  const [last] = await server.database.db
    .select({ n: brands.sortOrder })
    .from(brands)
    .where(isNull(brands.deletedAt))
    .orderBy(desc(brands.sortOrder))
    .limit(1);
  const start = (last?.n ?? 0) + 1;
  const rows = await server.database.db
    .insert(brands)
    .values(names.map((name, i) => ({ name, slug: unique('b'), sortOrder: start + i, ...extra })))
    .returning({ id: brands.id });
  return rows.map((row) => row.id);
}

async function brandCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(brands);
  return row!.n;
}

async function rowOf(id: number) {
  const [row] = await server.database.db.select().from(brands).where(eq(brands.id, id));
  return row ?? null;
}

let padding = 0;
/** A new image in the media library: its id. */
async function uploadLogo(filename = 'logo.png'): Promise<number> {
  const { payload, headers } = multipartBody([
    { name: 'files[]', filename, contentType: 'image/png', bytes: tinyPng(++padding) },
  ]);
  const res = await server.call('POST', '/api/media/upload', { token, headers, body: payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].item.id as number;
}

/** Ids of active and binned brands that a search finds, in list order. */
async function lists(search: string) {
  const body = (await get(`/api/brands?perPage=-1&search=${encodeURIComponent(search)}`)).json();
  return {
    active: body.brands.data.map((b: { id: number }) => b.id) as number[],
    bin: body.trashed.data.map((b: { id: number }) => b.id) as number[],
  };
}

describe(`GET /api/manufacturers (${databaseKind})`, () => {
  it('lists the car makes by name with their codes', async () => {
    const res = await get('/api/manufacturers?type=Car');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { name: 'Abarth', code: 101, type: 'Car' },
        { name: 'Ford', code: 113, type: 'Car' },
        { name: 'Kia', code: 119, type: 'Car' },
      ],
    });
  });

  it('lists the LCV makes apart from the car makes', async () => {
    const res = await get('/api/manufacturers?type=LCV');
    expect(res.json().data.map((m: { name: string; code: number }) => [m.name, m.code])).toEqual([
      ['Citroen', 501],
      ['Ford', 503],
    ]);
  });

  it('refuses a missing or unknown type with 422 under type', async () => {
    for (const query of ['', '?type=Van', '?type=car']) {
      const res = await get(`/api/manufacturers${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual(['type']);
    }
  });
});

describe(`POST /api/brands/create (${databaseKind})`, () => {
  it('creates a brand with a logo from the library; show returns it with its makes', async () => {
    const logo = await uploadLogo();

    const slug = unique('ford');
    const res = await post(
      '/api/brands/create',
      validBrand({ name: '  Ford ', slug, manufacturer_id: '113', lcv_manufacturer_id: 503, logo }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), message: 'You have added a new brand.' });

    const shown = await get(`/api/brands/show/${body.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({
      id: body.id,
      name: 'Ford',
      slug,
      live: true,
      is_fake: false,
      manufacturer_id: 113,
      lcv_manufacturer_id: 503,
      logo: expect.objectContaining({ id: logo, name: 'logo.png', width: 1, height: 1 }),
      manufacturer: { name: 'Ford', code: 113 },
      lcvManufacturer: { name: 'Ford', code: 503 },
      code: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    });
    // The logo the brand names is served from storage.
    const served = await server.call('GET', shown.json().data.logo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('stores no manufacturer as 0 and answers no make for it', async () => {
    const id = await createBrand({
      manufacturer_id: '',
      lcv_manufacturer_id: null,
      is_fake: 'true',
      live: 0,
    });
    const { data } = (await get(`/api/brands/show/${id}`)).json();
    expect(data).toMatchObject({
      manufacturer_id: 0,
      lcv_manufacturer_id: 0,
      manufacturer: null,
      lcvManufacturer: null,
      is_fake: true,
      live: false,
      logo: null,
    });
  });

  it('puts a new brand last in the list', async () => {
    const name = unique('Newest Brand');
    await insertBrands([`${name} A`, `${name} B`]);
    const id = await createBrand({ name: `${name} C` });
    expect((await lists(name)).active.at(-1)).toBe(id);
    const all = (await get('/api/brands?perPage=-1')).json().brands.data;
    expect(all.at(-1).id).toBe(id);
  });

  it('lets only one of two simultaneous creates with the same slug succeed', async () => {
    const before = await brandCount();
    const slug = unique('twice');
    const answers = await Promise.all([
      post('/api/brands/create', validBrand({ slug })),
      post('/api/brands/create', validBrand({ slug })),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((res) => res.statusCode === 422)!.json().errors).toEqual({
      slug: ['That slug is already in use.'],
    });
    expect(await brandCount()).toBe(before + 1);
  });
});

/** The same bad input is refused by validation and by create, and create stores nothing. */
describe.each(['validation', 'create'])(`POST /api/brands/%s rejects bad input (${databaseKind})`, (call) => {
  const url = `/api/brands/${call}`;

  async function expectRefused(body: unknown, errors: Record<string, string[]>) {
    const before = await brandCount();
    const res = await post(url, body);
    expect(res.statusCode, res.body).toBe(422);
    const answer = res.json();
    expect(answer.message).toEqual(expect.any(String));
    expect(answer.errors).toEqual(errors);
    expect(await brandCount()).toBe(before);
  }

  it('refuses a missing name and slug', async () => {
    const { name: _name, slug: _slug, ...rest } = validBrand();
    await expectRefused(rest, { name: ['Enter a name.'], slug: ['Enter a slug.'] });
  });

  it('refuses a blank name and a slug that is not lowercase words and hyphens', async () => {
    await expectRefused(validBrand({ name: '  ', slug: 'Kia Motors' }), {
      name: ['Enter a name.'],
      slug: ['Use lowercase letters, numbers and hyphens only.'],
    });
  });

  it('refuses a slug another brand has, even one in the bin', async () => {
    const active = await createBrand();
    const binned = await createBrand();
    await post('/api/brands/delete', { brands: [binned], type: 'all' });
    for (const id of [active, binned]) {
      const { slug } = (await rowOf(id))!;
      await expectRefused(validBrand({ slug }), { slug: ['That slug is already in use.'] });
    }
  });

  it('refuses manufacturer codes that name no make of their type', async () => {
    await expectRefused(validBrand({ manufacturer_id: 999, lcv_manufacturer_id: 119 }), {
      manufacturer_id: ['Choose a manufacturer from the list.'],
      lcv_manufacturer_id: ['Choose an LCV manufacturer from the list.'],
    });
  });

  it('refuses values of the wrong type under their own keys', async () => {
    await expectRefused(
      validBrand({
        name: 42,
        live: 'maybe',
        is_fake: [],
        manufacturer_id: 'abc',
        lcv_manufacturer_id: -1,
        logo: 'seven',
      }),
      {
        name: ['Enter a name.'],
        logo: ['Pick an image from the library.'],
        live: ['Choose yes or no.'],
        is_fake: [expect.any(String)],
        manufacturer_id: ['Choose a manufacturer.'],
        lcv_manufacturer_id: ['Choose a manufacturer.'],
      },
    );
  });

  it('refuses a stored path instead of a library id, and an id the library does not hold', async () => {
    for (const logo of [
      '/storage/logo/0123456789abcdef0123456789abcdef.png',
      '/storage/logo/..',
      '/etc/passwd',
    ]) {
      await expectRefused(validBrand({ logo }), { logo: ['Pick an image from the library.'] });
    }
    await expectRefused(validBrand({ logo: 1_999_999 }), {
      logo: ['This image is not in the library. Pick another.'],
    });
  });

  it('refuses a body that is not an object', async () => {
    const before = await brandCount();
    for (const body of ['[]', '"brand"', '12', 'null']) {
      const res = await server.call('POST', url, {
        token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, body).toBe(422);
      expect(res.json().message, body).toEqual(expect.any(String));
    }
    expect(await brandCount()).toBe(before);
  });
});

describe(`POST /api/brands/validation (${databaseKind})`, () => {
  it('passes valid data with {valid: true} and stores nothing', async () => {
    const before = await brandCount();
    const res = await post('/api/brands/validation', validBrand());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ valid: true });
    expect(await brandCount()).toBe(before);
  });

  it('lets the brand being edited keep its own slug', async () => {
    const id = await createBrand();
    const { slug } = (await rowOf(id))!;
    const res = await post('/api/brands/validation', validBrand({ id, slug }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers an unknown id with 404 and the not-found message', async () => {
    const res = await post('/api/brands/validation', validBrand({ id: 987654 }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_FOUND });
  });
});

describe(`GET /api/brands/show/:id (${databaseKind})`, () => {
  it('answers an unknown id with 404 and the not-found message', async () => {
    const res = await get('/api/brands/show/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_FOUND });
  });

  it('answers an id that is not a number, or too large for the database, with 404', async () => {
    for (const id of ['abc', '1.5', '-3', '0', '2147483648']) {
      const res = await get(`/api/brands/show/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe(`POST /api/brands/update/:id (${databaseKind})`, () => {
  it('updates every field and answers the toast text', async () => {
    const id = await createBrand({ name: 'Before', manufacturer_id: 119 });
    const logo = await uploadLogo();
    const slug = unique('after');
    const res = await post(
      `/api/brands/update/${id}`,
      validBrand({
        name: 'After',
        slug,
        live: false,
        is_fake: true,
        manufacturer_id: 0,
        lcv_manufacturer_id: 501,
        logo,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, message: 'You have updated a brand.' });
    expect((await get(`/api/brands/show/${id}`)).json().data).toMatchObject({
      name: 'After',
      slug,
      live: false,
      is_fake: true,
      manufacturer_id: 0,
      manufacturer: null,
      lcv_manufacturer_id: 501,
      lcvManufacturer: { name: 'Citroen', code: 501 },
      logo: expect.objectContaining({ id: logo }),
    });
  });

  it('saves with the updated_at it loaded, then refuses that stale updated_at with 409 and changes nothing', async () => {
    const id = await createBrand({ name: 'Versioned' });
    const loaded = (await get(`/api/brands/show/${id}`)).json().data;
    const saved = await post(`/api/brands/update/${id}`, {
      ...validBrand({ slug: loaded.slug, name: 'First Editor' }),
      updated_at: loaded.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const afterFirst = await rowOf(id);

    const stale = await post(`/api/brands/update/${id}`, {
      ...validBrand({ slug: loaded.slug, name: 'Second Editor', live: false }),
      updated_at: loaded.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: expect.stringMatching(/changed this brand/) });
    expect(await rowOf(id)).toEqual(afterFirst);
  });

  it('lets only one of two simultaneous saves from the same loaded version succeed', async () => {
    const id = await createBrand({ name: 'Raced' });
    const loaded = (await get(`/api/brands/show/${id}`)).json().data;
    const answers = await Promise.all(
      ['Editor One', 'Editor Two'].map((name) =>
        post(`/api/brands/update/${id}`, {
          ...validBrand({ slug: loaded.slug, name }),
          updated_at: loaded.updated_at,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = ['Editor One', 'Editor Two'][answers.findIndex((res) => res.statusCode === 200)];
    expect((await get(`/api/brands/show/${id}`)).json().data.name).toBe(winner);
  });

  it('refuses the slug of another brand and changes nothing', async () => {
    const id = await createBrand();
    const other = await createBrand();
    const before = await rowOf(id);
    const res = await post(`/api/brands/update/${id}`, validBrand({ slug: (await rowOf(other))!.slug }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ slug: ['That slug is already in use.'] });
    expect(await rowOf(id)).toEqual(before);
  });

  it('refuses wrong types and a logo the library does not hold, and changes nothing', async () => {
    const id = await createBrand();
    const before = await rowOf(id);
    const res = await post(
      `/api/brands/update/${id}`,
      validBrand({ live: 'perhaps', logo: '/storage/logo/ffffffffffffffffffffffffffffffff.png' }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['live', 'logo']);
    const missing = await post(
      `/api/brands/update/${id}`,
      validBrand({ slug: before!.slug, logo: 1_999_998 }),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ logo: ['This image is not in the library. Pick another.'] });
    expect(await rowOf(id)).toEqual(before);
  });

  it('answers an unknown id with 404 and the not-found message', async () => {
    const res = await post('/api/brands/update/987654', validBrand());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_FOUND });
  });
});

describe(`GET /api/brands (${databaseKind})`, () => {
  let pagerIds: number[];
  beforeAll(async () => {
    pagerIds = await insertBrands(
      Array.from({ length: 30 }, (_, i) => `Pager Brand ${String(i + 1).padStart(2, '0')}`),
    );
    await insertBrands([
      'Wildcard 100% Motors',
      'Wildcard 100 Motors',
      'Wildcard under_score',
      'Wildcard underXscore',
    ]);
  });

  it('returns active brands and the bin as Laravel paginators of 25, in sort order', async () => {
    const res = await get('/api/brands?search=Pager%20Brand');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['brands', 'trashed']);
    const page = body.brands;
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 25, from: 1, to: 25, total: 30 });
    expect(page.data.map((b: { id: number }) => b.id)).toEqual(pagerIds.slice(0, 25));
    expect(page.prev_page_url).toBeNull();
    expect(new URL(page.next_page_url, BASE).searchParams.get('page')).toBe('2');
    expect(new URL(page.next_page_url, BASE).searchParams.get('search')).toBe('Pager Brand');
    expect(body.trashed).toMatchObject({ total: 0, data: [], prev_page_url: null, next_page_url: null });
  });

  it('serves page 2 from the next page link, with the rest and no next link', async () => {
    const first = (await get('/api/brands?search=Pager%20Brand')).json().brands;
    const next = new URL(first.next_page_url, BASE);
    const page = (await get(`${next.pathname}${next.search}`)).json().brands;
    expect(page).toMatchObject({ current_page: 2, from: 26, to: 30, total: 30, next_page_url: null });
    expect(page.data.map((b: { id: number }) => b.id)).toEqual(pagerIds.slice(25));
    expect(new URL(page.prev_page_url, BASE).searchParams.get('page')).toBe('1');
  });

  it('puts every brand on one page for perPage=-1', async () => {
    const page = (await get('/api/brands?perPage=-1&search=Pager%20Brand')).json().brands;
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 30, next_page_url: null });
    expect(page.data).toHaveLength(30);
  });

  it('searches by name and by slug, whatever the case', async () => {
    const named = (await get('/api/brands?search=pager%20brand%2007')).json().brands;
    expect(named.data.map((b: { id: number }) => b.id)).toEqual([pagerIds[6]]);
    const { slug } = (await rowOf(pagerIds[3]!))!;
    const bySlug = (await get(`/api/brands?search=${encodeURIComponent(slug.toUpperCase())}`)).json().brands;
    expect(bySlug.data.map((b: { id: number }) => b.id)).toEqual([pagerIds[3]]);
  });

  it('reads % and _ in a search literally', async () => {
    const percent = (await get(`/api/brands?search=${encodeURIComponent('100%')}`)).json().brands;
    expect(percent.data.map((b: { name: string }) => b.name)).toEqual(['Wildcard 100% Motors']);
    const underscore = (await get(`/api/brands?search=${encodeURIComponent('under_score')}`)).json().brands;
    expect(underscore.data.map((b: { name: string }) => b.name)).toEqual(['Wildcard under_score']);
  });

  it('lists binned brands under trashed and not under brands', async () => {
    const name = unique('Binned Lister');
    const [id] = await insertBrands([name]);
    expect((await post('/api/brands/delete', { brands: [id], type: 'all' })).statusCode).toBe(200);
    const body = (await get(`/api/brands?search=${encodeURIComponent(name)}`)).json();
    expect(body.brands.total).toBe(0);
    expect(body.trashed.total).toBe(1);
    expect(body.trashed.data[0]).toMatchObject({ id, deleted_at: expect.any(String) });
  });

  it('serves page 1 for a page that is not a whole number from 1', async () => {
    for (const query of ['page=0', 'page=abc']) {
      const res = await get(`/api/brands?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().brands.current_page, query).toBe(1);
    }
  });

  it('refuses a perPage that is not a number in range with 422 under its name', async () => {
    for (const [query, key] of [
      ['perPage=-2', 'perPage'],
      ['perPage=501', 'perPage'],
      ['perPage=x', 'perPage'],
    ]) {
      const res = await get(`/api/brands?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([key]);
    }
  });
});

describe(`GET /api/brands/list (${databaseKind})`, () => {
  it('lists every active brand as an option in sort order, and no binned one', async () => {
    const name = unique('Option Brand');
    const [first, binned, last] = await insertBrands([`${name} 1`, `${name} 2`, `${name} 3`]);
    await post('/api/brands/delete', { brands: [binned], type: 'all' });
    const res = await get('/api/brands/list');
    expect(res.statusCode).toBe(200);
    const options = res.json().data.filter((o: { name: string }) => o.name.startsWith(name));
    expect(options).toEqual([
      { id: first, name: `${name} 1`, slug: expect.any(String) },
      { id: last, name: `${name} 3`, slug: expect.any(String) },
    ]);
  });
});

describe(`POST /api/brands/sort (${databaseKind})`, () => {
  async function orderOf(ids: number[]) {
    const rows = await server.database.db
      .select({ id: brands.id, sortOrder: brands.sortOrder, updatedAt: brands.updatedAt })
      .from(brands)
      .where(inArray(brands.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  }

  it('saves a new order that the list then follows', async () => {
    const name = unique('Sorted');
    const ids = await insertBrands([1, 2, 3, 4].map((n) => `${name} ${n}`));
    const wanted = [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    const res = await post('/api/brands/sort', { brands: wanted });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await lists(name)).active).toEqual(wanted);
  });

  it('numbers the whole list 1, 2, 3... in its new order', async () => {
    const all = (await get('/api/brands?perPage=-1')).json().brands.data.map((b: { id: number }) => b.id);
    const reversed = [...all].reverse();
    expect((await post('/api/brands/sort', { brands: reversed })).statusCode).toBe(200);
    const orders = await orderOf(reversed);
    expect(reversed.map((id: number) => orders.get(id)!.sortOrder)).toEqual(
      reversed.map((_: number, i: number) => i + 1),
    );
    const after = (await get('/api/brands?perPage=-1')).json().brands.data.map((b: { id: number }) => b.id);
    expect(after).toEqual(reversed);
  });

  it('reorders one page without moving the brands around it', async () => {
    const name = unique('Paged Sort');
    const ids = await insertBrands([1, 2, 3, 4, 5, 6].map((n) => `${name} ${n}`));
    // The page holds the 2nd to 4th; they swap among themselves, the rest stay put.
    const res = await post('/api/brands/sort', { brands: [ids[3], ids[1], ids[2]] });
    expect(res.statusCode).toBe(200);
    expect((await lists(name)).active).toEqual([ids[0], ids[3], ids[1], ids[2], ids[4], ids[5]]);
  });

  it('leaves updated_at alone, so an editor open meanwhile can still save', async () => {
    const id = await createBrand({ name: unique('Open In Editor') });
    const loaded = (await get(`/api/brands/show/${id}`)).json().data;
    const others = await insertBrands([unique('Neighbour')]);
    expect((await post('/api/brands/sort', { brands: [others[0], id] })).statusCode).toBe(200);
    const saved = await post(`/api/brands/update/${id}`, {
      ...validBrand({ slug: loaded.slug }),
      updated_at: loaded.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses an unknown, binned or repeated id with 422 and keeps the order', async () => {
    const name = unique('Unsortable');
    const ids = await insertBrands([1, 2, 3].map((n) => `${name} ${n}`));
    const [binned] = await insertBrands([unique('Binned Sort')]);
    await post('/api/brands/delete', { brands: [binned], type: 'all' });
    const before = await orderOf(ids);
    for (const [list, message] of [
      [[ids[2], 987654, ids[0]], 'Some of the selected brands do not exist.'],
      [[ids[2], binned, ids[0]], 'Some of the selected brands do not exist.'],
      [[ids[2], ids[2], ids[0]], 'List each of the brands once.'],
    ] as const) {
      const res = await post('/api/brands/sort', { brands: list });
      expect(res.statusCode, JSON.stringify(list)).toBe(422);
      expect(res.json().errors).toEqual({ brands: [message] });
    }
    // An id too large for the database names nothing either.
    const huge = await post('/api/brands/sort', { brands: [ids[1], 2147483648] });
    expect(huge.statusCode).toBe(422);
    expect(Object.keys(huge.json().errors)).toEqual(['brands.1']);
    expect(await orderOf(ids)).toEqual(before);
    expect((await lists(name)).active).toEqual(ids);
  });

  it('refuses an empty list and values of the wrong type', async () => {
    const cases: [unknown, string[]][] = [
      [{ brands: [] }, ['brands']],
      [{ brands: 'abc' }, ['brands']],
      [{ brands: ['abc', 2] }, ['brands.0']],
      [{}, ['brands']],
    ];
    for (const [body, keys] of cases) {
      const res = await post('/api/brands/sort', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual(keys);
    }
    expect((await post('/api/brands/sort', { brands: [] })).json().errors).toEqual({
      brands: ['Select at least one brand.'],
    });
  });
});

describe(`POST /api/brands/delete and /api/brands/restore (${databaseKind})`, () => {
  it('moves a brand to the bin, restores it, then deletes it forever from the bin', async () => {
    const name = unique('Lifecycle Brand');
    const [id] = await insertBrands([name]);
    expect(await lists(name)).toEqual({ active: [id], bin: [] });

    const binned = await post('/api/brands/delete', { brands: [id], type: 'all' });
    expect(binned.statusCode).toBe(200);
    expect(binned.json()).toEqual({ message: 'Moved 1 brand(s) to the bin.' });
    expect(await lists(name)).toEqual({ active: [], bin: [id] });

    const restored = await post('/api/brands/restore', { brands: [id] });
    expect(restored.json()).toEqual({ message: 'Restored 1 brand(s).' });
    expect(await lists(name)).toEqual({ active: [id], bin: [] });

    await post('/api/brands/delete', { brands: [id], type: 'all' });
    const forever = await post('/api/brands/delete', { brands: [id], type: 'trashed' });
    expect(forever.statusCode).toBe(200);
    expect(forever.json()).toEqual({ message: 'Deleted 1 brand(s) forever.' });
    expect(await lists(name)).toEqual({ active: [], bin: [] });
    expect(await rowOf(id!)).toBeNull();
    expect((await get(`/api/brands/show/${id}`)).statusCode).toBe(404);
  });

  it('moves several brands to the bin and restores them at once', async () => {
    const name = unique('Bulk Brand');
    const ids = await insertBrands([1, 2, 3].map((n) => `${name} ${n}`));
    expect((await post('/api/brands/delete', { brands: ids, type: 'all' })).json()).toEqual({
      message: 'Moved 3 brand(s) to the bin.',
    });
    expect(await lists(name)).toEqual({ active: [], bin: ids });
    expect((await post('/api/brands/restore', { brands: ids })).json()).toEqual({
      message: 'Restored 3 brand(s).',
    });
    expect(await lists(name)).toEqual({ active: ids, bin: [] });
  });

  it('changes none of the listed brands when one of them cannot be changed', async () => {
    const ids = await insertBrands([unique('All Or Nothing'), unique('All Or Nothing')]);
    const before = await Promise.all(ids.map(rowOf));

    const binning = await post('/api/brands/delete', { brands: [...ids, 987654], type: 'all' });
    expect(binning.statusCode).toBe(422);
    expect(binning.json().errors).toEqual({ brands: ['Some of the selected brands do not exist.'] });
    expect(await Promise.all(ids.map(rowOf))).toEqual(before);

    // From the bin: one listed brand is binned, the other is still active.
    await post('/api/brands/delete', { brands: [ids[0]], type: 'all' });
    const binnedRow = await rowOf(ids[0]!);
    // The list closes up behind a binned brand: the next one takes its place.
    const activeRow = await rowOf(ids[1]!);
    expect(activeRow).toEqual({ ...before[1], sortOrder: before[0]!.sortOrder });
    const forever = await post('/api/brands/delete', { brands: ids, type: 'trashed' });
    expect(forever.statusCode).toBe(422);
    expect(forever.json().errors).toEqual({ brands: ['Some of the selected brands are not in the bin.'] });
    expect(await rowOf(ids[0]!)).toEqual(binnedRow);
    expect(await rowOf(ids[1]!)).toEqual(activeRow);

    const restoring = await post('/api/brands/restore', { brands: ids });
    expect(restoring.statusCode).toBe(422);
    expect(await rowOf(ids[0]!)).toEqual(binnedRow);
    expect(await rowOf(ids[1]!)).toEqual(activeRow);
  });

  it('refuses an empty list', async () => {
    const before = await brandCount();
    for (const [url, body] of [
      ['/api/brands/delete', { brands: [], type: 'all' }],
      ['/api/brands/delete', { brands: [], type: 'trashed' }],
      ['/api/brands/restore', { brands: [] }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toEqual({ brands: ['Select at least one brand.'] });
    }
    expect(await brandCount()).toBe(before);
  });

  it('refuses values of the wrong type under their own keys', async () => {
    const cases: [unknown, string[]][] = [
      [{ brands: 'abc', type: 'all' }, ['brands']],
      [{ brands: [1], type: 'everything' }, ['type']],
      [{ brands: ['abc'], type: 'all' }, ['brands.0']],
      [{ brands: [1.5, -2], type: 'all' }, ['brands.0', 'brands.1']],
      [{}, ['brands', 'type']],
    ];
    const before = await brandCount();
    for (const [body, keys] of cases) {
      const res = await post('/api/brands/delete', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual(keys);
    }
    expect(await brandCount()).toBe(before);
  });
});
