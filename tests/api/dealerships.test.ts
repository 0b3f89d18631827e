import { brands } from '@server/db/schema/brands';
import { dealerships, vehicleDealers } from '@server/db/schema/dealerships';
import { seedDealerGroup } from '@server/db/seed/dealerGroup';
import { count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

/** Paginator links are relative without PUBLIC_URL; read against any origin to take them apart. */
const BASE = 'http://console.test';

let server: TestServer;
let token: string;
/** An active brand with a logo, a binned brand, and a stock-feed dealer. */
let kia: { id: number; logo: number };
let binnedBrand: number;
let dealerId: number;

const get = (url: string) => server.call('GET', url, { token });
const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

let padding = 0;
/** A new image in the media library: its id. */
async function uploaded(name: string): Promise<number> {
  const { payload, headers } = multipartBody([
    { name: 'files[]', filename: `${name}.png`, contentType: 'image/png', bytes: tinyPng(++padding) },
  ]);
  const res = await server.call('POST', '/api/media/upload', { token, headers, body: payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].item.id as number;
}

/** A library image as a record answers it. */
const image = (id: number) =>
  expect.objectContaining({ id, url: expect.stringMatching(/^\/storage\/media\//) });

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  const logo = await uploaded('logo');
  const [k, b] = await server.database.db
    .insert(brands)
    .values([
      { name: 'Kia', slug: 'kia', meta: { logo_id: logo }, live: true, sortOrder: 1 },
      { name: 'Old Make', slug: 'old-make', deletedAt: new Date() },
    ])
    .returning({ id: brands.id });
  kia = { id: k!.id, logo };
  binnedBrand = b!.id;
  const dealers = await server.database.db
    .insert(vehicleDealers)
    .values([{ name: 'Northway Leeds (KIA)' }, { name: 'Northway Bradford (HYU)' }, { name: 'Acorn Motors' }])
    .returning({ id: vehicleDealers.id });
  dealerId = dealers[0]!.id;
});
afterAll(() => server.close());

const NOT_FOUND = "The dealership you are trying to locate clearly doesn't exist...";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

const week = (open: string) => ({
  monday: open,
  tuesday: open,
  wednesday: open,
  thursday: open,
  friday: open,
  saturday: '9:00 - 17:00',
  sunday: 'Closed',
});

function validDealership(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Northway Kia Leeds',
    slug: unique('kia-leeds'),
    copy: 'Our **Leeds** showroom.',
    live: true,
    brand_id: kia.id,
    vehicles_dealer_id: dealerId,
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
      lat: 53.8008,
      lng: -1.5491,
    },
    opening_times: [{ department: 'Sales', days: week('9:00 - 18:00') }],
    team: [{ name: 'Sam Patel', content: 'Sales manager', image: [] }],
    quotee_uid: '',
    pinnacle_enquiry_id: '1001',
    pinnacle_used_enquiry_id: '1002',
    ...overrides,
  };
}

async function createDealership(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await post('/api/dealerships/create', validDealership(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** Dealerships added straight to the database, last in the order, in the order given. */
async function insertDealerships(names: string[], extra: Partial<typeof dealerships.$inferInsert> = {}) {
  const [last] = await server.database.db
    .select({ n: dealerships.sortOrder })
    .from(dealerships)
    .where(isNull(dealerships.deletedAt))
    .orderBy(desc(dealerships.sortOrder))
    .limit(1);
  const start = (last?.n ?? 0) + 1;
  const base = validDealership();
  const rows = await server.database.db
    .insert(dealerships)
    .values(
      names.map((name, i) => ({
        name,
        slug: unique('d'),
        email: base.email,
        telephone: base.telephone,
        address: { ...base.address, address_line_2: null },
        openingTimes: base.opening_times,
        pinnacleEnquiryId: '1',
        pinnacleUsedEnquiryId: '2',
        sortOrder: start + i,
        ...extra,
      })),
    )
    .returning({ id: dealerships.id });
  return rows.map((row) => row.id);
}

async function dealershipCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(dealerships);
  return row!.n;
}

async function rowOf(id: number) {
  const [row] = await server.database.db.select().from(dealerships).where(eq(dealerships.id, id));
  return row ?? null;
}

async function lists(search: string) {
  const body = (await get(`/api/dealerships?perPage=-1&search=${encodeURIComponent(search)}`)).json();
  return {
    active: body.dealerships.data.map((d: { id: number }) => d.id) as number[],
    bin: body.trashed.data.map((d: { id: number }) => d.id) as number[],
  };
}

describe(`GET /api/vehicle-dealers (${databaseKind})`, () => {
  it('lists every stock-feed dealer by name for perPage=-1', async () => {
    const res = await get('/api/vehicle-dealers?perPage=-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: expect.any(Number), name: 'Acorn Motors' },
        { id: expect.any(Number), name: 'Northway Bradford (HYU)' },
        { id: dealerId, name: 'Northway Leeds (KIA)' },
      ],
    });
  });

  it('refuses a perPage that is not a number with 422', async () => {
    const res = await get('/api/vehicle-dealers?perPage=all');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['perPage']);
  });
});

describe(`POST /api/dealerships/create (${databaseKind})`, () => {
  it('creates a dealership with every field; show returns them with its brand', async () => {
    const banner = await uploaded('banner_img');
    const dealer = await uploaded('dealer_img');
    const face = await uploaded('team_image');
    const slug = unique('kia-leeds');
    const res = await post(
      '/api/dealerships/create',
      validDealership({
        slug,
        email: ' Leeds@Northway.example ',
        banner_img: [banner],
        dealer_img: [dealer],
        address: { ...validDealership().address, lat: '53.8008', lng: '-1.5491', address_line_2: 'Unit 4' },
        opening_times: [
          { department: 'Sales', days: week('9:00 - 18:00') },
          { department: 'Service', days: { ...week('7:30 - 17:30'), saturday: '' } },
        ],
        team: [
          { name: 'Sam Patel', content: 'Sales manager', image: [face] },
          { name: 'Jo Green', content: '', image: [] },
        ],
        quotee_uid: 'QU-1',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), message: 'You have added a new dealership.' });

    const shown = await get(`/api/dealerships/show/${body.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({
      id: body.id,
      name: 'Northway Kia Leeds',
      slug,
      copy: 'Our **Leeds** showroom.',
      live: true,
      brand_id: kia.id,
      brand: { id: kia.id, name: 'Kia', logo: image(kia.logo) },
      vehicles_dealer_id: dealerId,
      banner_img: [image(banner)],
      dealer_img: [image(dealer)],
      email: 'Leeds@Northway.example',
      telephone: '0113 496 0000',
      address: {
        address_line_1: '1 Kirkstall Road',
        address_line_2: 'Unit 4',
        city: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'LS4 2AZ',
        lat: 53.8008,
        lng: -1.5491,
      },
      opening_times: [
        { department: 'Sales', days: week('9:00 - 18:00') },
        { department: 'Service', days: { ...week('7:30 - 17:30'), saturday: null } },
      ],
      team: [
        { name: 'Sam Patel', content: 'Sales manager', image: [image(face)] },
        { name: 'Jo Green', content: null, image: [] },
      ],
      quotee_uid: 'QU-1',
      pinnacle_enquiry_id: '1001',
      pinnacle_used_enquiry_id: '1002',
      // Not given: no CRM leads, and ADF when some are added.
      crm_emails: [],
      crm_format: 'adf',
      published_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    });
  });

  it('publishes a live dealership now, or at the date given, and leaves one that is not live unpublished', async () => {
    const started = Date.now();
    const now = (await get(`/api/dealerships/show/${await createDealership()}`)).json().data;
    expect(now.live).toBe(true);
    expect(new Date(now.published_at).getTime()).toBeGreaterThanOrEqual(started - 1000);

    const dated = await createDealership({ published_at: '2024-03-01 09:00:00' });
    expect((await get(`/api/dealerships/show/${dated}`)).json().data).toMatchObject({
      live: true,
      published_at: '2024-03-01T09:00:00.000Z',
    });

    const hidden = await createDealership({ live: false, published_at: '2024-03-01T09:00:00Z' });
    expect((await get(`/api/dealerships/show/${hidden}`)).json().data).toMatchObject({
      live: false,
      published_at: null,
    });
  });

  it('stores a dealership with no brand and no stock-feed dealer', async () => {
    const id = await createDealership({ brand_id: '', vehicles_dealer_id: 0 });
    expect((await get(`/api/dealerships/show/${id}`)).json().data).toMatchObject({
      brand_id: null,
      brand: null,
      vehicles_dealer_id: null,
    });
  });

  it('puts a new dealership last in the list', async () => {
    await insertDealerships([unique('Earlier Site')]);
    const id = await createDealership();
    const all = (await get('/api/dealerships?perPage=-1')).json().dealerships.data;
    expect(all.at(-1).id).toBe(id);
  });

  it('lets only one of two simultaneous creates with the same slug succeed', async () => {
    const before = await dealershipCount();
    const slug = unique('twice');
    const answers = await Promise.all([
      post('/api/dealerships/create', validDealership({ slug })),
      post('/api/dealerships/create', validDealership({ slug })),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((res) => res.statusCode === 422)!.json().errors).toEqual({
      slug: ['That slug is already in use.'],
    });
    expect(await dealershipCount()).toBe(before + 1);
  });
});

/** The same bad input is refused by validation and by create, and create stores nothing. */
describe.each(['validation', 'create'])(
  `POST /api/dealerships/%s rejects bad input (${databaseKind})`,
  (call) => {
    const url = `/api/dealerships/${call}`;

    async function expectRefused(body: unknown, errors: Record<string, unknown[]>) {
      const before = await dealershipCount();
      const res = await post(url, body);
      expect(res.statusCode, res.body).toBe(422);
      const answer = res.json();
      expect(answer.message).toEqual(expect.any(String));
      expect(answer.errors).toEqual(errors);
      expect(await dealershipCount()).toBe(before);
    }

    it('keys errors in the address, opening times and team by dotted path', async () => {
      const valid = validDealership();
      await expectRefused(
        validDealership({
          address: { ...valid.address, postcode: '', lat: 'north', lng: 200 },
          opening_times: [valid.opening_times[0], { department: ' ', days: { monday: 'x'.repeat(101) } }],
          team: [{ name: '', image: [] }],
        }),
        {
          'address.postcode': ['Enter a postcode.'],
          'address.lat': ['Enter the latitude.'],
          'address.lng': ['Enter a longitude between -180 and 180.'],
          'opening_times.1.department': ['Enter a department.'],
          'opening_times.1.days.monday': ['Use at most 100 characters.'],
          'team.0.name': ['Enter a name.'],
        },
      );
    });

    it('requires the contact details, the address, opening times and both Pinnacle ids', async () => {
      await expectRefused(
        { name: 'Leeds', slug: unique('leeds'), live: false },
        {
          email: ['Enter an e-mail address.'],
          telephone: ['Enter a telephone number.'],
          'address.address_line_1': ['Enter the first line of the address.'],
          'address.city': ['Enter a city.'],
          'address.county': ['Enter a county.'],
          'address.postcode': ['Enter a postcode.'],
          'address.lat': ['Enter the latitude.'],
          'address.lng': ['Enter the longitude.'],
          opening_times: ['Add the opening times.'],
          pinnacle_enquiry_id: ['Enter the Pinnacle enquiry id.'],
          pinnacle_used_enquiry_id: ['Enter the Pinnacle used enquiry id.'],
        },
      );
      await expectRefused(validDealership({ opening_times: [] }), {
        opening_times: ['Add the opening times.'],
      });
    });

    it('refuses values of the wrong type under their own keys', async () => {
      await expectRefused(
        validDealership({
          name: ['Leeds'],
          live: 'sometimes',
          brand_id: 'kia',
          email: 'leeds@',
          telephone: 'call us',
          address: 'Leeds',
          team: {},
        }),
        {
          name: ['Enter a name.'],
          live: ['Choose yes or no.'],
          brand_id: [expect.any(String)],
          email: ['Enter a valid e-mail address.'],
          telephone: ['Enter a valid telephone number.'],
          address: [expect.any(String)],
          team: [expect.any(String)],
        },
      );
    });

    it('refuses a slug another dealership has, even one in the bin', async () => {
      const active = await createDealership();
      const binned = await createDealership();
      await post('/api/dealerships/delete', { dealerships: [binned], type: 'all' });
      for (const id of [active, binned]) {
        const { slug } = (await rowOf(id))!;
        await expectRefused(validDealership({ slug }), { slug: ['That slug is already in use.'] });
      }
    });

    it('refuses an unknown or binned brand and an unknown stock-feed dealer', async () => {
      await expectRefused(validDealership({ brand_id: 987654, vehicles_dealer_id: 987654 }), {
        brand_id: ['Choose a brand from the list.'],
        vehicles_dealer_id: ['Choose a stock feed dealer from the list.'],
      });
      await expectRefused(validDealership({ brand_id: binnedBrand }), {
        brand_id: ['Choose a brand from the list.'],
      });
    });

    it('refuses a publish date the calendar does not have', async () => {
      await expectRefused(validDealership({ published_at: '2023-02-29T10:00:00' }), {
        published_at: ['Enter a publish date and time.'],
      });
      await expectRefused(validDealership({ published_at: 'next tuesday' }), {
        published_at: ['Enter a publish date and time.'],
      });
    });

    it('refuses ids the library does not hold, under the image they belong to', async () => {
      await expectRefused(
        validDealership({
          banner_img: [2_000_000],
          dealer_img: [2_000_001],
          team: [
            { name: 'Sam', content: null, image: [] },
            { name: 'Jo', content: null, image: [2_000_002] },
          ],
        }),
        {
          'banner_img.0': ['This image is not in the library. Pick another.'],
          'dealer_img.0': ['This image is not in the library. Pick another.'],
          'team.1.image.0': ['This image is not in the library. Pick another.'],
        },
      );
    });

    it('refuses a stored path instead of an id, and more than one image', async () => {
      const banner = await uploaded('banner');
      const other = await uploaded('other banner');
      await expectRefused(
        validDealership({
          banner_img: ['/storage/banner_img/0123456789abcdef0123456789abcdef.png'],
          dealer_img: ['/storage/dealer_img/..'],
          team: [{ name: 'Sam', image: ['/etc/passwd'] }],
        }),
        {
          'banner_img.0': ['Pick an image from the library.'],
          'dealer_img.0': ['Pick an image from the library.'],
          'team.0.image.0': ['Pick an image from the library.'],
        },
      );
      await expectRefused(validDealership({ banner_img: [banner, other] }), {
        banner_img: ['Use at most 1 banner image.'],
      });
    });
  },
);

describe(`POST /api/dealerships/validation (${databaseKind})`, () => {
  it('passes valid data with {valid: true} and stores nothing', async () => {
    const before = await dealershipCount();
    const res = await post('/api/dealerships/validation', validDealership());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ valid: true });
    expect(await dealershipCount()).toBe(before);
  });

  it('lets the dealership being edited keep its slug and its brand, even a binned one', async () => {
    const [id] = await insertDealerships([unique('Kept Brand')], { brandId: binnedBrand });
    const { slug } = (await rowOf(id!))!;
    const res = await post(
      '/api/dealerships/validation',
      validDealership({ id, slug, brand_id: binnedBrand }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers an unknown id with 404 and the not-found message', async () => {
    const res = await post('/api/dealerships/validation', validDealership({ id: 987654 }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_FOUND });
  });
});

describe(`GET /api/dealerships/show/:id (${databaseKind})`, () => {
  it('answers an unknown id with 404 and the not-found message', async () => {
    const res = await get('/api/dealerships/show/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_FOUND });
  });

  it('answers an id that is not a number, or too large for the database, with 404', async () => {
    for (const id of ['abc', '1.5', '-3', '0', '2147483648']) {
      const res = await get(`/api/dealerships/show/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe(`POST /api/dealerships/update/:id (${databaseKind})`, () => {
  it('updates the fields and answers the toast text', async () => {
    const id = await createDealership({ name: 'Before' });
    const { slug } = (await rowOf(id))!;
    const res = await post(
      `/api/dealerships/update/${id}`,
      validDealership({
        slug,
        name: 'After',
        brand_id: null,
        address: { ...validDealership().address, city: 'Bradford', postcode: 'BD3 9LH' },
        team: [],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, message: 'You have updated a dealership.' });
    expect((await get(`/api/dealerships/show/${id}`)).json().data).toMatchObject({
      name: 'After',
      brand: null,
      address: { city: 'Bradford', postcode: 'BD3 9LH' },
      team: [],
    });
  });

  it('keeps the publish date while live, and clears it when taken offline', async () => {
    const id = await createDealership({ published_at: '2024-03-01T09:00:00Z' });
    const { slug } = (await rowOf(id))!;
    expect((await post(`/api/dealerships/update/${id}`, validDealership({ slug }))).statusCode).toBe(200);
    expect((await get(`/api/dealerships/show/${id}`)).json().data.published_at).toBe(
      '2024-03-01T09:00:00.000Z',
    );

    expect(
      (await post(`/api/dealerships/update/${id}`, validDealership({ slug, live: false }))).statusCode,
    ).toBe(200);
    expect((await get(`/api/dealerships/show/${id}`)).json().data).toMatchObject({
      live: false,
      published_at: null,
    });
  });

  it('saves with the updated_at it loaded, then refuses that stale updated_at with 409 and changes nothing', async () => {
    const id = await createDealership({ name: 'Versioned' });
    const loaded = (await get(`/api/dealerships/show/${id}`)).json().data;
    const saved = await post(`/api/dealerships/update/${id}`, {
      ...validDealership({ slug: loaded.slug, name: 'First Editor' }),
      updated_at: loaded.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const afterFirst = await rowOf(id);

    const stale = await post(`/api/dealerships/update/${id}`, {
      ...validDealership({ slug: loaded.slug, name: 'Second Editor', live: false }),
      updated_at: loaded.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: expect.stringMatching(/changed this dealership/) });
    expect(await rowOf(id)).toEqual(afterFirst);
  });

  it('refuses the slug of another dealership, and bad input, changing nothing', async () => {
    const id = await createDealership();
    const other = await createDealership();
    const before = await rowOf(id);
    const taken = await post(
      `/api/dealerships/update/${id}`,
      validDealership({ slug: (await rowOf(other))!.slug }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug: ['That slug is already in use.'] });
    const bad = await post(
      `/api/dealerships/update/${id}`,
      validDealership({ slug: before!.slug, opening_times: [{ department: '', days: {} }] }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'opening_times.0.department': ['Enter a department.'] });
    expect(await rowOf(id)).toEqual(before);
  });

  it('answers an unknown id with 404 and the not-found message', async () => {
    const res = await post('/api/dealerships/update/987654', validDealership());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_FOUND });
  });
});

describe(`GET /api/dealerships (${databaseKind})`, () => {
  let pagerIds: number[];
  beforeAll(async () => {
    pagerIds = await insertDealerships(
      Array.from({ length: 28 }, (_, i) => `Pager Site ${String(i + 1).padStart(2, '0')}`),
      { brandId: null },
    );
    await insertDealerships(['Harbour Motors Whitby'], {
      address: { ...validDealership().address, address_line_2: null, city: 'Whitby', postcode: 'YO21 1AA' },
    });
  });

  it('returns active dealerships and the bin as Laravel paginators of 25, in sort order', async () => {
    const res = await get('/api/dealerships?search=Pager%20Site');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['dealerships', 'trashed']);
    const page = body.dealerships;
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 25, from: 1, to: 25, total: 28 });
    expect(page.data.map((d: { id: number }) => d.id)).toEqual(pagerIds.slice(0, 25));
    expect(page.prev_page_url).toBeNull();
    const next = new URL(page.next_page_url, BASE);
    expect(next.searchParams.get('page')).toBe('2');
    const second = (await get(`${next.pathname}${next.search}`)).json().dealerships;
    expect(second).toMatchObject({ current_page: 2, from: 26, to: 28, next_page_url: null });
    expect(second.data.map((d: { id: number }) => d.id)).toEqual(pagerIds.slice(25));
    expect(body.trashed).toMatchObject({ total: 0, data: [] });
  });

  it('shows each dealership with its brand: logo and name', async () => {
    const id = await createDealership({ name: unique('Branded Site') });
    const { data } = (
      await get(`/api/dealerships?search=${encodeURIComponent((await rowOf(id))!.name)}`)
    ).json().dealerships;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id,
      live: true,
      brand: { id: kia.id, name: 'Kia', logo: image(kia.logo) },
    });
  });

  it('searches by town and by postcode as well as by name', async () => {
    for (const search of ['whitby', 'YO21 1AA', 'harbour motors']) {
      const page = (await get(`/api/dealerships?search=${encodeURIComponent(search)}`)).json().dealerships;
      expect(
        page.data.map((d: { name: string }) => d.name),
        search,
      ).toEqual(['Harbour Motors Whitby']);
    }
  });

  it('reads % and _ in a search literally', async () => {
    await insertDealerships(['Percent 100% Cars', 'Percent 100 Cars']);
    const page = (await get(`/api/dealerships?search=${encodeURIComponent('100%')}`)).json().dealerships;
    expect(page.data.map((d: { name: string }) => d.name)).toEqual(['Percent 100% Cars']);
  });

  it('serves page 1 for a page that is not a whole number from 1, as Laravel does', async () => {
    for (const page of ['0', 'abc', '1.5']) {
      const res = await get(`/api/dealerships?page=${page}`);
      expect(res.statusCode, page).toBe(200);
      expect(res.json().dealerships.current_page, page).toBe(1);
    }
  });
});

describe(`POST /api/dealerships/sort (${databaseKind})`, () => {
  async function orders(ids: number[]) {
    const rows = await server.database.db
      .select({ id: dealerships.id, sortOrder: dealerships.sortOrder })
      .from(dealerships)
      .where(inArray(dealerships.id, ids));
    return new Map(rows.map((row) => [row.id, row.sortOrder]));
  }

  it('saves a new order that the list then follows', async () => {
    const name = unique('Sorted Site');
    const ids = await insertDealerships([1, 2, 3].map((n) => `${name} ${n}`));
    const wanted = [ids[2]!, ids[0]!, ids[1]!];
    const res = await post('/api/dealerships/sort', { dealerships: wanted });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lists(name)).active).toEqual(wanted);
  });

  it('refuses an unknown id with 422 and keeps the order', async () => {
    const name = unique('Unsortable Site');
    const ids = await insertDealerships([1, 2, 3].map((n) => `${name} ${n}`));
    const before = await orders(ids);
    const res = await post('/api/dealerships/sort', { dealerships: [ids[2], 987654, ids[0]] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ dealerships: ['Some of the selected dealerships do not exist.'] });
    expect(await orders(ids)).toEqual(before);
    expect((await lists(name)).active).toEqual(ids);
  });

  it('refuses an empty list and values of the wrong type', async () => {
    for (const [body, keys] of [
      [{ dealerships: [] }, ['dealerships']],
      [{ dealerships: [1, 'two'] }, ['dealerships.1']],
      [{ brands: [1] }, ['dealerships']],
    ] as const) {
      const res = await post('/api/dealerships/sort', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(keys);
    }
  });
});

describe(`POST /api/dealerships/delete and /api/dealerships/restore (${databaseKind})`, () => {
  it('moves a dealership to the bin, restores it, then deletes it forever from the bin', async () => {
    const name = unique('Lifecycle Site');
    const [id] = await insertDealerships([name]);
    const binned = await post('/api/dealerships/delete', { dealerships: [id], type: 'all' });
    expect(binned.json()).toEqual({ message: 'Moved 1 dealership(s) to the bin.' });
    expect(await lists(name)).toEqual({ active: [], bin: [id] });

    expect((await post('/api/dealerships/restore', { dealerships: [id] })).json()).toEqual({
      message: 'Restored 1 dealership(s).',
    });
    expect(await lists(name)).toEqual({ active: [id], bin: [] });

    await post('/api/dealerships/delete', { dealerships: [id], type: 'all' });
    const forever = await post('/api/dealerships/delete', { dealerships: [id], type: 'trashed' });
    expect(forever.json()).toEqual({ message: 'Deleted 1 dealership(s) forever.' });
    expect(await rowOf(id!)).toBeNull();
    expect((await get(`/api/dealerships/show/${id}`)).statusCode).toBe(404);
  });

  it('changes none of the listed dealerships when one of them cannot be changed', async () => {
    const ids = await insertDealerships([unique('All Or Nothing Site'), unique('All Or Nothing Site')]);
    const before = await Promise.all(ids.map(rowOf));
    const binning = await post('/api/dealerships/delete', { dealerships: [...ids, 987654], type: 'all' });
    expect(binning.statusCode).toBe(422);
    expect(binning.json().errors).toEqual({
      dealerships: ['Some of the selected dealerships do not exist.'],
    });
    expect(await Promise.all(ids.map(rowOf))).toEqual(before);

    const forever = await post('/api/dealerships/delete', { dealerships: ids, type: 'trashed' });
    expect(forever.statusCode).toBe(422);
    expect(forever.json().errors).toEqual({
      dealerships: ['Some of the selected dealerships are not in the bin.'],
    });
    const restoring = await post('/api/dealerships/restore', { dealerships: ids });
    expect(restoring.statusCode).toBe(422);
    expect(await Promise.all(ids.map(rowOf))).toEqual(before);
  });

  it('refuses an empty list and values of the wrong type', async () => {
    const before = await dealershipCount();
    for (const [url, body, keys] of [
      ['/api/dealerships/delete', { dealerships: [], type: 'all' }, ['dealerships']],
      ['/api/dealerships/restore', { dealerships: [] }, ['dealerships']],
      ['/api/dealerships/delete', { dealerships: [1], type: 'forever' }, ['type']],
      ['/api/dealerships/restore', { dealerships: 'all' }, ['dealerships']],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(keys);
    }
    expect(await dealershipCount()).toBe(before);
  });

  it('keeps a dealership when its brand is deleted forever, without the brand', async () => {
    const [brandId] = (
      await server.database.db
        .insert(brands)
        .values({ name: 'Short Lived', slug: unique('short-lived'), sortOrder: 2 })
        .returning({ id: brands.id })
    ).map((row) => row.id);
    const id = await createDealership({ brand_id: brandId });
    await post('/api/brands/delete', { brands: [brandId], type: 'all' });
    // A binned brand still shows beside its dealerships.
    expect((await get(`/api/dealerships/show/${id}`)).json().data.brand).toMatchObject({ id: brandId });
    expect((await post('/api/brands/delete', { brands: [brandId], type: 'trashed' })).statusCode).toBe(200);
    expect((await get(`/api/dealerships/show/${id}`)).json().data).toMatchObject({
      brand_id: null,
      brand: null,
    });
  });
});

describe(`The demo dealer group (${databaseKind})`, () => {
  let demo: TestServer;
  let demoToken: string;
  beforeAll(async () => {
    demo = await createTestServer();
    demoToken = await demo.login();
    await seedDealerGroup(demo.database.db, { storage: demo.storage, total: 36 });
  });
  afterAll(() => demo.close());

  const demoGet = (url: string) => demo.call('GET', url, { token: demoToken });
  const demoPost = (url: string, body: unknown) => demo.call('POST', url, { token: demoToken, body });

  it('has 36 dealerships across UK towns, a few not live and a couple in the bin', async () => {
    const body = (await demoGet('/api/dealerships?perPage=-1')).json();
    expect(body.dealerships.total).toBe(34);
    expect(body.trashed.total).toBe(2);
    const sites = body.dealerships.data;
    expect(sites.filter((d: { live: boolean }) => !d.live).length).toBeGreaterThanOrEqual(2);
    expect(new Set(sites.map((d: { address: { city: string } }) => d.address.city)).size).toBe(34);
    for (const site of sites) {
      expect(site.address.postcode).toMatch(/^[A-Z]{1,2}\d{1,2}[A-Z]? \d[A-Z]{2}$/);
      expect(site.opening_times.map((o: { department: string }) => o.department)).toEqual([
        'Sales',
        'Service',
        'Parts',
      ]);
      expect(site.team.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives every brand a logo from the library that is served as a PNG', async () => {
    const body = (await demoGet('/api/brands?perPage=-1')).json();
    expect(body.brands.total).toBeGreaterThanOrEqual(12);
    for (const brand of body.brands.data) {
      expect(brand.logo, brand.name).toMatchObject({
        name: `${brand.name} badge.png`,
        width: expect.any(Number),
      });
      const res = await demo.call('GET', brand.logo.url);
      expect(res.statusCode, brand.name).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
    }
  });

  it('passes the forms’ own rules, so an editor can save any demo brand or dealership unchanged', async () => {
    for (const brand of (await demoGet('/api/brands?perPage=-1')).json().brands.data) {
      const res = await demoPost('/api/brands/validation', {
        id: brand.id,
        name: brand.name,
        slug: brand.slug,
        live: brand.live,
        is_fake: brand.is_fake,
        manufacturer_id: brand.manufacturer_id,
        lcv_manufacturer_id: brand.lcv_manufacturer_id,
        logo: brand.logo?.id ?? null,
      });
      expect(res.statusCode, `${brand.name}: ${res.body}`).toBe(200);
    }
    for (const site of (await demoGet('/api/dealerships?perPage=-1')).json().dealerships.data) {
      const { id, brand: _brand, created_at, updated_at, deleted_at, ...fields } = site;
      const ids = (images: { id: number }[]) => images.map((i) => i.id);
      const res = await demoPost('/api/dealerships/validation', {
        ...fields,
        banner_img: ids(fields.banner_img),
        dealer_img: ids(fields.dealer_img),
        team: fields.team.map((m: { image: { id: number }[] }) => ({ ...m, image: ids(m.image) })),
        id,
      });
      expect(res.statusCode, `${site.name}: ${res.body}`).toBe(200);
    }
  });
});
