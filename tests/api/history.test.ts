import { brands } from '@server/db/schema/brands';
import { revisionBlocks, revisions } from '@server/db/schema/history';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hero, richText } from './blocks';
import { ADMIN, createTestServer, databaseKind, signedInEditor, type TestServer } from './harness';

let server: TestServer;
let token: string;
let brandId: number;
let editorToken: string;
let editorId: number;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  const [brand] = await server.database.db
    .insert(brands)
    .values({ name: 'Kia', slug: 'kia-history' })
    .returning({ id: brands.id });
  brandId = brand!.id;
  ({ id: editorId, token: editorToken } = await signedInEditor(server));
});
afterAll(() => server.close());

const get = (url: string, as = token) => server.call('GET', url, { token: as });
const post = (url: string, body: unknown, as = token) => server.call('POST', url, { token: as, body });

interface Summary {
  id: number;
  created_at: string;
  action: string;
  user: { id: number; name: string } | null;
}

async function history(area: string, id?: number): Promise<Summary[]> {
  const res = await get(`/api/${area}/history?page=1${id === undefined ? '' : `&id=${id}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Summary[];
}

async function show(area: string, id: number | undefined, revision: number) {
  const res = await get(
    `/api/${area}/history/show?revision=${revision}${id === undefined ? '' : `&id=${id}`}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { revision: Summary; data: Record<string, unknown> };
}

const admin = () => ({ id: server.adminId, name: ADMIN.name });

function pageData(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: 'ignored',
    brand_id: brandId,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
    items: [hero(), richText()],
    ...extra,
  };
}

async function storePage(name: string, parent: number | null = null, as = token): Promise<number> {
  const res = await post('/api/pages/store', { data: pageData(name), parent }, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const editPage = async (id: number) => (await get(`/api/pages/edit?id=${id}`)).json().data;

async function revisionCount(area: string, record: string): Promise<number> {
  const rows = await server.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(revisions)
    .where(and(eq(revisions.area, area), eq(revisions.record, record)));
  return Number(rows[0]!.n);
}

describe(`history of pages (${databaseKind})`, () => {
  it('records one revision per kind of change, by whoever made it, newest first', async () => {
    const id = await storePage('Service offers', null, editorToken);
    const created = await editPage(id);
    const parent = await storePage('Offers folder');

    const updated = await post('/api/pages/update', {
      id,
      data: pageData('Service offers 2026', { items: [richText()] }),
      updated_at: created.updated_at,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const afterUpdate = await editPage(id);
    expect((await post('/api/pages/publishable', { id })).json().published).toBe(1);
    expect((await post('/api/pages/publishable', { id })).json().published).toBe(0);
    expect((await post('/api/pages/move', { id, parent })).statusCode).toBe(200);
    expect((await post('/api/pages/delete', { id })).statusCode).toBe(200);
    expect((await post('/api/pages/restore', { id })).statusCode).toBe(200);

    const list = await history('pages', id);
    expect(list.map((r) => r.action)).toEqual([
      'restored',
      'moved',
      'unpublished',
      'published',
      'updated',
      'created',
    ]);
    expect(list.at(-1)!.user).toEqual({ id: editorId, name: 'Robin Editor' });
    expect(list.slice(0, -1).every((r) => r.user?.id === admin().id && r.user.name === admin().name)).toBe(
      true,
    );
    expect(list.map((r) => r.id)).toEqual([...list.map((r) => r.id)].sort((a, b) => b - a));

    // A revision answers what the edit call answered then, so it loads straight into the builder.
    const first = await show('pages', id, list.at(-1)!.id);
    expect(first.revision).toEqual(list.at(-1));
    expect(first.data).toEqual({ ...created, total_children: first.data.total_children });
    const second = await show('pages', id, list.at(-2)!.id);
    expect(second.data.items).toEqual(afterUpdate.items);
    expect(second.data.name).toBe('Service offers 2026');
    expect((await show('pages', id, list[0]!.id)).data.slug).toBe((await editPage(id)).slug);
  });

  it('records a duplicate as a revision of the copy', async () => {
    const id = await storePage('Spring event');
    const res = await post('/api/pages/duplicate', {
      id,
      parent: null,
      fields: { name: 'Autumn event', children: false, publish_children: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().id as number;
    expect((await history('pages', copy)).map((r) => r.action)).toEqual(['duplicated']);
    expect((await history('pages', id)).map((r) => r.action)).toEqual(['created']);
  });

  it('records nothing for a save that fails: a stale version (409) or a refused value (422)', async () => {
    const id = await storePage('Finance deals');
    const loaded = await editPage(id);
    const ok = await post('/api/pages/update', {
      id,
      data: pageData('Finance deals 2'),
      updated_at: loaded.updated_at,
    });
    expect(ok.statusCode).toBe(200);
    const stale = await post('/api/pages/update', {
      id,
      data: pageData('Finance deals 3'),
      updated_at: loaded.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    const refused = await post('/api/pages/update', {
      id,
      data: pageData('Finance deals 4', { brand_id: 999_999 }),
      updated_at: ok.json().updated_at,
    });
    expect(refused.statusCode).toBe(422);
    expect((await history('pages', id)).map((r) => r.action)).toEqual(['updated', 'created']);
  });

  it('of two saves from the same version, one lands and exactly one revision is kept', async () => {
    const id = await storePage('Motability');
    const loaded = await editPage(id);
    const results = await Promise.all(
      ['Motability A', 'Motability B'].map((name) =>
        post('/api/pages/update', { id, data: pageData(name), updated_at: loaded.updated_at }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await history('pages', id)).map((r) => r.action)).toEqual(['updated', 'created']);
    expect(await revisionCount('pages', String(id))).toBe(2);
  });

  it('keeps no revision and no change when the transaction rolls back', async () => {
    const id = await storePage('Rollback page');
    const loaded = await editPage(id);
    const db = server.database.db;
    // The revision's insert fails: the page's update in the same transaction must go with it.
    await db.execute(sql`
      create or replace function refuse_revision() returns trigger language plpgsql as $$
      begin
        if new.data->>'name' = 'Refused by the database' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger refuse_revision before insert on revisions for each row execute function refuse_revision()`,
    );
    try {
      const res = await post('/api/pages/update', {
        id,
        data: pageData('Refused by the database'),
        updated_at: loaded.updated_at,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_revision on revisions`);
    }
    expect((await editPage(id)).name).toBe('Rollback page');
    expect((await history('pages', id)).map((r) => r.action)).toEqual(['created']);
  });

  it('answers 404 for an unknown page or revision, or a revision of another page, and 422 for a bad query', async () => {
    const a = await storePage('Page A');
    const b = await storePage('Page B');
    const [revisionOfB] = await history('pages', b);
    expect((await get(`/api/pages/history?id=999999&page=1`)).statusCode).toBe(404);
    const other = await get(`/api/pages/history/show?id=${a}&revision=${revisionOfB!.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('That revision does not exist, or belongs to another record.');
    expect((await get(`/api/pages/history/show?id=${a}&revision=999999`)).statusCode).toBe(404);
    const bad = await get('/api/pages/history?id=abc&page=1');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('id');
    expect((await get('/api/pages/history?page=1')).statusCode).toBe(422);
    expect((await server.call('GET', `/api/pages/history?id=${a}&page=1`)).statusCode).toBe(401);
  });
});

describe(`history of forms and templates (${databaseKind})`, () => {
  it('keeps form saves, each answered as the form editor loaded it', async () => {
    const form = {
      name: 'Test drive',
      handle: 'ignored',
      meta: { title: 'Test drive', description: 'Book a drive' },
      published: 0,
      is_allowed_children: 1,
      items: [hero()],
      emails: {
        subject: 'New enquiry',
        email_title: 'Enquiry',
        email_body: 'Someone asked for a test drive.',
        email_lists: 'sales@example.com',
      },
      thank_you: { description: 'We will be in touch.' },
    };
    const stored = await post('/api/forms/store', { data: form, parent: null });
    expect(stored.statusCode, stored.body).toBe(200);
    const id = stored.json().id as number;
    const loaded = (await get(`/api/forms/edit?id=${id}`)).json().data;
    const saved = await post('/api/forms/update', {
      id,
      data: { ...form, name: 'Book a test drive' },
      updated_at: loaded.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await history('forms', id);
    expect(list.map((r) => r.action)).toEqual(['updated', 'created']);
    expect((await show('forms', id, list[1]!.id)).data).toEqual(loaded);
    expect((await show('forms', id, list[0]!.id)).data.name).toBe('Book a test drive');
  });

  it('keeps template saves, each answered as templates/edit did', async () => {
    const data = { name: 'Offer template', items: [hero(), richText()], locked: 0, lock_pages: 0 };
    const stored = await post('/api/templates/store', { data });
    expect(stored.statusCode, stored.body).toBe(200);
    const id = stored.json().id as number;
    const loaded = (await get(`/api/templates/edit?id=${id}`)).json().data;
    const saved = await post('/api/templates/update', {
      id,
      data: { ...data, items: [richText()] },
      updated_at: loaded.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await history('templates', id);
    expect(list.map((r) => r.action)).toEqual(['updated', 'created']);
    expect((await show('templates', id, list[1]!.id)).data).toEqual(loaded);
    expect((await show('templates', id, list[0]!.id)).data.items).toHaveLength(1);
  });
});

function brandBody(slug: string, extra: Record<string, unknown> = {}) {
  return {
    name: 'Hyundai',
    slug,
    live: true,
    is_fake: false,
    manufacturer_id: 0,
    lcv_manufacturer_id: 0,
    logo: null,
    ...extra,
  };
}

describe(`history of brands, dealerships and settings (${databaseKind})`, () => {
  it('keeps brand saves and restores; deleting forever removes the history, the activity keeps its text', async () => {
    const created = await post('/api/brands/create', brandBody('hyundai-history'));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const first = (await get(`/api/brands/show/${id}`)).json().data;
    const saved = await post(`/api/brands/update/${id}`, {
      ...brandBody('hyundai-history', { name: 'Hyundai UK' }),
      updated_at: first.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post('/api/brands/delete', { brands: [id], type: 'all' })).statusCode).toBe(200);
    expect((await post('/api/brands/restore', { brands: [id] })).statusCode).toBe(200);
    const list = await history('brands', id);
    expect(list.map((r) => r.action)).toEqual(['restored', 'updated', 'created']);
    expect((await show('brands', id, list[2]!.id)).data).toEqual(first);

    expect((await post('/api/brands/delete', { brands: [id], type: 'all' })).statusCode).toBe(200);
    expect((await post('/api/brands/delete', { brands: [id], type: 'trashed' })).statusCode).toBe(200);
    expect(await revisionCount('brands', String(id))).toBe(0);
    expect((await get(`/api/brands/history?id=${id}&page=1`)).statusCode).toBe(404);
    const entries = (await get('/api/activity?area=brands&page=1')).json().data as {
      action: string;
      record: { id: number; name: string } | null;
      revision_id: number | null;
    }[];
    const ofBrand = entries.filter((e) => e.record?.id === id);
    expect(ofBrand.map((e) => e.action)).toEqual([
      'deleted_forever',
      'deleted',
      'restored',
      'deleted',
      'updated',
      'created',
    ]);
    expect(ofBrand.every((e) => e.revision_id === null)).toBe(true);
    expect(ofBrand.at(-1)!.record!.name).toBe('Hyundai');
  });

  it('keeps dealership saves, answered as dealerships/show did', async () => {
    const body = {
      name: 'Northway Hyundai',
      slug: 'northway-hyundai-history',
      copy: 'Our showroom.',
      live: true,
      brand_id: brandId,
      vehicles_dealer_id: null,
      published_at: null,
      banner_img: [],
      dealer_img: [],
      email: 'hyundai@northway.example',
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
      opening_times: [
        {
          department: 'Sales',
          days: {
            monday: '9:00 - 18:00',
            tuesday: '9:00 - 18:00',
            wednesday: '9:00 - 18:00',
            thursday: '9:00 - 18:00',
            friday: '9:00 - 18:00',
            saturday: '9:00 - 17:00',
            sunday: 'Closed',
          },
        },
      ],
      team: [],
      quotee_uid: '',
      pinnacle_enquiry_id: '1001',
      pinnacle_used_enquiry_id: '1002',
    };
    const created = await post('/api/dealerships/create', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const first = (await get(`/api/dealerships/show/${id}`)).json().data;
    const saved = await post(`/api/dealerships/update/${id}`, {
      ...body,
      telephone: '0113 496 0001',
      updated_at: first.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await history('dealerships', id);
    expect(list.map((r) => r.action)).toEqual(['updated', 'created']);
    expect((await show('dealerships', id, list[1]!.id)).data).toEqual(first);
    expect((await show('dealerships', id, list[0]!.id)).data.telephone).toBe('0113 496 0001');
  });

  it('keeps settings saves under the one settings record, whatever id is given', async () => {
    const settings = {
      site_name: 'Northway Motor Group',
      social: { facebook: null, twitter: null, instagram: null },
      evolution: { id: null, password: null },
      hpi: { customer_code: null, password: null, initials: null },
      cap: { valuation_margin: 100 },
      voucher: { code: null, value: null },
    };
    const before = (await get('/api/settings')).json().data;
    const first = await post('/api/settings/update', { ...settings, updated_at: before.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const loaded = (await get('/api/settings')).json().data;
    const second = await post('/api/settings/update', {
      ...settings,
      site_name: 'Northway Group',
      updated_at: loaded.updated_at,
    });
    expect(second.statusCode, second.body).toBe(200);
    const stale = await post('/api/settings/update', { ...settings, updated_at: loaded.updated_at });
    expect(stale.statusCode).toBe(409);
    const list = await history('settings');
    expect(list.map((r) => r.action)).toEqual(['updated', 'updated']);
    expect((await show('settings', undefined, list[1]!.id)).data).toEqual(loaded);
    expect((await show('settings', 12345, list[0]!.id)).data.site_name).toBe('Northway Group');
  });

  it('stores each distinct block of a record once', async () => {
    const id = await storePage('Blocks page');
    let version = (await editPage(id)).updated_at;
    for (const name of ['Blocks page 2', 'Blocks page 3']) {
      // The blocks sent back as loaded, with their ids, as the builder sends them.
      const { items } = await editPage(id);
      const res = await post('/api/pages/update', {
        id,
        data: pageData(name, { items }),
        updated_at: version,
      });
      version = res.json().updated_at;
    }
    const rows = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(revisionBlocks)
      .where(and(eq(revisionBlocks.area, 'pages'), eq(revisionBlocks.record, String(id))));
    expect(Number(rows[0]!.n)).toBe(2);
    expect(await revisionCount('pages', String(id))).toBe(3);
  });

  it('gives back a block that repeats within a page as often as it appears', async () => {
    const res = await post('/api/pages/store', {
      data: pageData('Repeats', { items: [richText(), hero(), richText()] }),
      parent: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    const [revision] = await history('pages', id);
    expect((await show('pages', id, revision!.id)).data.items).toEqual((await editPage(id)).items);
    expect((await editPage(id)).items).toHaveLength(3);
  });
});
