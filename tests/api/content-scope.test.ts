import { brands } from '@server/db/schema/brands';
import { pages } from '@server/db/schema/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealershipBody } from './accessFixtures';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

/**
 * The content areas as a scoped user sees them: a Brand manager of Alpha sees Alpha's brand,
 * dealerships, pages and history, and nothing of Bravo's or the group's (but the templates, which
 * everyone who may view them reads: templates.test.ts); out of scope reads as not found. A Dealership manager sees their dealership only; the group administrator sees everything.
 */

let server: TestServer;
let admin: string;
let alpha: number;
let bravo: number;
/** Dealerships: one of each brand. */
let alphaLeeds: number;
let bravoYork: number;
/** The tree: a group section holding each brand's section, each with a page. */
const tree = { group: 0, alphaSection: 0, alphaPage: 0, alphaBrandless: 0, bravoSection: 0, bravoPage: 0 };
/** A Brand manager of Alpha. */
let alphaManager: string;

const call = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  server.call(method, url, { token, body });

const BRAND_MISSING = "The brand you are trying to locate clearly doesn't exist...";
const DEALERSHIP_MISSING = "The dealership you are trying to locate clearly doesn't exist...";
const PAGE_MISSING = "The page you are trying to locate clearly doesn't exist...";

function pageBody(name: string, brandId: number | null, extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: 'ignored',
    brand_id: brandId,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
    ...extra,
  };
}

async function storePage(token: string, name: string, brandId: number | null, parent: number | null) {
  const res = await call(token, 'POST', '/api/pages/store', { data: pageBody(name, brandId), parent });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  const [a, b] = await server.database.db
    .insert(brands)
    .values([
      { name: 'Alpha Motors', slug: 'alpha', live: true, sortOrder: 1 },
      { name: 'Bravo Cars', slug: 'bravo', live: true, sortOrder: 2 },
    ])
    .returning({ id: brands.id });
  alpha = a!.id;
  bravo = b!.id;
  for (const [key, name, brand] of [
    ['leeds', 'Alpha Leeds', alpha],
    ['york', 'Bravo York', bravo],
  ] as const) {
    const res = await call(admin, 'POST', '/api/dealerships/create', dealershipBody(name, brand));
    expect(res.statusCode, res.body).toBe(200);
    if (key === 'leeds') alphaLeeds = res.json().id;
    else bravoYork = res.json().id;
  }
  tree.group = await storePage(admin, 'Models', alpha, null);
  tree.alphaSection = await storePage(admin, 'Alpha range', alpha, tree.group);
  tree.alphaPage = await storePage(admin, 'Alpha hatchback', alpha, tree.alphaSection);
  tree.alphaBrandless = await storePage(admin, 'Alpha estate', alpha, tree.alphaSection);
  tree.bravoSection = await storePage(admin, 'Bravo range', bravo, tree.group);
  tree.bravoPage = await storePage(admin, 'Bravo hatchback', bravo, tree.bravoSection);
  // The group's own section, and a page saved without a brand under Alpha's (the brand above it owns it).
  const db = server.database.db;
  await db.update(pages).set({ brandId: null }).where(eq(pages.id, tree.group));
  await db.update(pages).set({ brandId: null }).where(eq(pages.id, tree.alphaBrandless));
  // A change to the group's section now is the group's (each entry keeps where its record was then).
  const renamed = await call(admin, 'POST', '/api/pages/update', {
    id: tree.group,
    data: pageBody('Models', null),
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  alphaManager = (await signedInAs(server, 'Brand manager', { brand_ids: [alpha] })).token;
});
afterAll(() => server.close());

const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((x, y) => x - y);

describe(`brands and dealerships in a Brand manager's scope (${databaseKind})`, () => {
  it('lists, counts, searches and offers only their brand', async () => {
    const list = (await call(alphaManager, 'GET', '/api/brands')).json();
    expect(ids(list.brands.data)).toEqual([alpha]);
    expect([list.brands.total, list.trashed.total]).toEqual([1, 0]);
    const searched = (await call(alphaManager, 'GET', '/api/brands?search=bravo')).json();
    expect([searched.brands.total, searched.brands.data]).toEqual([0, []]);
    expect(ids((await call(alphaManager, 'GET', '/api/brands/list')).json().data)).toEqual([alpha]);
    // The group administrator sees both, as before.
    expect((await call(admin, 'GET', '/api/brands')).json().brands.total).toBe(2);
  });

  it("answers another brand's show, update, history and bin calls as not found", async () => {
    const show = await call(alphaManager, 'GET', `/api/brands/show/${bravo}`);
    expect([show.statusCode, show.json().message]).toEqual([404, BRAND_MISSING]);
    const body = {
      name: 'Mine now',
      slug: 'bravo',
      live: true,
      is_fake: false,
      manufacturer_id: 0,
      lcv_manufacturer_id: 0,
    };
    const update = await call(alphaManager, 'POST', `/api/brands/update/${bravo}`, body);
    expect([update.statusCode, update.json().message]).toEqual([404, BRAND_MISSING]);
    expect((await call(alphaManager, 'GET', `/api/brands/history?id=${bravo}`)).statusCode).toBe(404);
    expect((await call(alphaManager, 'GET', `/api/brands/show/${alpha}`)).statusCode).toBe(200);
    // A scoped Marketing user may add brands by role, but a new brand is the group's to add.
    const { token } = await signedInAs(server, 'Marketing', { brand_ids: [alpha] });
    const added = await call(token, 'POST', '/api/brands/create', {
      ...body,
      name: 'Charlie',
      slug: 'charlie',
    });
    expect([added.statusCode, added.json().message]).toEqual([
      403,
      'A new brand belongs to the whole group: only a user with the whole group in their scope can add one.',
    ]);
  });

  it("lists only their brand's dealerships and refuses the others'", async () => {
    const list = (await call(alphaManager, 'GET', '/api/dealerships')).json();
    expect(ids(list.dealerships.data)).toEqual([alphaLeeds]);
    expect(list.dealerships.total).toBe(1);
    const show = await call(alphaManager, 'GET', `/api/dealerships/show/${bravoYork}`);
    expect([show.statusCode, show.json().message]).toEqual([404, DEALERSHIP_MISSING]);
    const update = await call(
      alphaManager,
      'POST',
      `/api/dealerships/update/${bravoYork}`,
      dealershipBody('Bravo York', bravo),
    );
    expect(update.statusCode).toBe(404);
    const remove = await call(alphaManager, 'POST', '/api/dealerships/delete', {
      dealerships: [bravoYork],
      type: 'all',
    });
    expect([remove.statusCode, remove.json().errors]).toEqual([
      422,
      { dealerships: ['Some of the selected dealerships do not exist.'] },
    ]);
    const sort = await call(alphaManager, 'POST', '/api/dealerships/sort', { dealerships: [bravoYork] });
    expect(sort.statusCode).toBe(422);
    expect((await call(alphaManager, 'GET', `/api/dealerships/history?id=${bravoYork}`)).statusCode).toBe(
      404,
    );
  });

  it('creates a dealership only under their brand, and keeps it there', async () => {
    const underBravo = await call(
      alphaManager,
      'POST',
      '/api/dealerships/create',
      dealershipBody('Bravo Hull', bravo),
    );
    expect([underBravo.statusCode, underBravo.json().errors]).toEqual([
      422,
      { brand_id: ['Choose a brand from the list.'] },
    ]);
    const underNone = await call(
      alphaManager,
      'POST',
      '/api/dealerships/create',
      dealershipBody('Group Hull', null),
    );
    expect(underNone.statusCode).toBe(422);
    const moved = await call(
      alphaManager,
      'POST',
      `/api/dealerships/update/${alphaLeeds}`,
      dealershipBody('Alpha Leeds', bravo),
    );
    expect([moved.statusCode, moved.json().errors]).toEqual([
      422,
      { brand_id: ['Choose a brand from the list.'] },
    ]);
    const made = await call(
      alphaManager,
      'POST',
      '/api/dealerships/create',
      dealershipBody('Alpha Hull', alpha),
    );
    expect(made.statusCode, made.body).toBe(200);
    const binned = await call(alphaManager, 'POST', '/api/dealerships/delete', {
      dealerships: [made.json().id],
      type: 'all',
    });
    expect(binned.statusCode).toBe(200);
    const bin = (await call(alphaManager, 'GET', '/api/dealerships')).json().trashed;
    expect(ids(bin.data)).toEqual([made.json().id]);
  });

  it('shows a Dealership manager their dealership only', async () => {
    const { token } = await signedInAs(server, 'Dealership manager', { dealership_ids: [bravoYork] });
    const list = (await call(token, 'GET', '/api/dealerships?search=')).json();
    expect(ids(list.dealerships.data)).toEqual([bravoYork]);
    expect((await call(token, 'GET', `/api/dealerships/show/${alphaLeeds}`)).statusCode).toBe(404);
    expect((await call(token, 'GET', `/api/dealerships/show/${bravoYork}`)).statusCode).toBe(200);
    const body = dealershipBody('Bravo York', bravo);
    expect(
      (await call(token, 'POST', `/api/dealerships/update/${bravoYork}`, { ...body, slug: 'bravo-york' }))
        .statusCode,
    ).toBe(200);
    // Brands are not theirs to see at all.
    expect((await call(token, 'GET', '/api/brands')).statusCode).toBe(403);
  });

  it('refuses a Marketing user deleting dealerships, naming the permission', async () => {
    const { token } = await signedInAs(server, 'Marketing');
    const res = await call(token, 'POST', '/api/dealerships/delete', {
      dealerships: [alphaLeeds],
      type: 'all',
    });
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      'Your role, Marketing, cannot delete dealerships.',
    ]);
  });
});

describe(`pages in a Brand manager's scope (${databaseKind})`, () => {
  it('starts their tree at their sections and hides the group’s and other brands’ pages', async () => {
    const top = (await call(alphaManager, 'GET', '/api/pages')).json();
    expect(ids([...top.brands, ...top.folders, ...top.files])).toEqual([tree.alphaSection]);
    const children = (await call(alphaManager, 'GET', `/api/pages/children?id=${tree.alphaSection}`)).json();
    // The page saved without a brand belongs to the brand whose section holds it.
    expect(ids(children.data)).toEqual([tree.alphaPage, tree.alphaBrandless]);
    for (const url of [
      `/api/pages/children?id=${tree.group}`,
      `/api/pages/show?id=${tree.bravoPage}`,
      `/api/pages/edit?id=${tree.bravoPage}`,
      `/api/pages/list?default=${tree.bravoSection}`,
      `/api/pages/history?id=${tree.bravoPage}`,
    ]) {
      const res = await call(alphaManager, 'GET', url);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, PAGE_MISSING]);
    }
    const shown = (await call(alphaManager, 'GET', `/api/pages/show?id=${tree.alphaPage}`)).json();
    // Their way down starts at their section: the group's page above it is not named.
    expect(shown.ancestors).toEqual([{ id: tree.alphaSection, name: 'Alpha range' }]);
    expect((await call(alphaManager, 'GET', `/api/pages/history?id=${tree.alphaPage}`)).statusCode).toBe(200);
  });

  it('searches and offers only their pages as targets', async () => {
    const hits = (await call(alphaManager, 'GET', '/api/pages/search?search=hatchback')).json().data;
    expect(ids(hits)).toEqual([tree.alphaPage]);
    const options = (await call(alphaManager, 'GET', '/api/pages/list')).json().data;
    expect(ids(options)).toEqual([tree.alphaSection]);
    const adminHits = (await call(admin, 'GET', '/api/pages/search?search=hatchback')).json().data;
    expect(ids(adminHits)).toEqual([tree.alphaPage, tree.bravoPage]);
  });

  it("refuses every write to another brand's pages, and writes into them, as not found", async () => {
    const writes: [string, unknown][] = [
      ['/api/pages/update', { id: tree.bravoPage, data: pageBody('Taken', bravo) }],
      ['/api/pages/move', { id: tree.alphaPage, parent: tree.bravoSection }],
      ['/api/pages/move', { id: tree.bravoPage, parent: tree.alphaSection }],
      ['/api/pages/store', { data: pageBody('Sneaky', alpha), parent: tree.bravoSection }],
      ['/api/pages/duplicate', { id: tree.alphaPage, parent: tree.bravoSection, fields: { name: 'Copy' } }],
      ['/api/pages/duplicate', { id: tree.bravoPage, parent: tree.alphaSection, fields: { name: 'Copy' } }],
      ['/api/pages/publishable', { id: tree.bravoPage }],
      ['/api/pages/delete', { id: tree.bravoPage }],
      ['/api/pages/share', { id: tree.bravoPage }],
    ];
    for (const [url, body] of writes) {
      const res = await call(alphaManager, 'POST', url, body);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, PAGE_MISSING]);
    }
    // The top level is the group's; another brand is not theirs to give.
    const top = await call(alphaManager, 'POST', '/api/pages/move', { id: tree.alphaPage, parent: null });
    expect(top.statusCode).toBe(422);
    const given = await call(alphaManager, 'POST', '/api/pages/store', {
      data: pageBody('Given', bravo),
      parent: tree.alphaSection,
    });
    expect([given.statusCode, given.json().errors]).toEqual([
      422,
      { brand_id: ['Choose a brand from the list.'] },
    ]);
    // Their pages' order among another brand's, and the group's top level, are not theirs to set.
    const sortTop = await call(alphaManager, 'POST', '/api/pages/sort', {
      data: [{ id: tree.alphaSection, index: 1 }],
    });
    expect(sortTop.statusCode).toBe(404);
    const bravoNow = (await call(admin, 'GET', `/api/pages/show?id=${tree.bravoPage}`)).json().data;
    expect([bravoNow.name, bravoNow.parent_id]).toEqual(['Bravo hatchback', tree.bravoSection]);
  });

  it('lets them work inside their own section', async () => {
    const made = await storePage(alphaManager, 'Alpha coupe', alpha, tree.alphaSection);
    const moved = await call(alphaManager, 'POST', '/api/pages/move', { id: made, parent: tree.alphaPage });
    expect(moved.statusCode, moved.body).toBe(200);
    const copied = await call(alphaManager, 'POST', '/api/pages/duplicate', {
      id: made,
      parent: tree.alphaSection,
      fields: { name: 'Alpha coupe copy', children: false },
    });
    expect(copied.statusCode, copied.body).toBe(200);
    expect((await call(alphaManager, 'POST', '/api/pages/share', { id: made })).statusCode).toBe(200);
    const sorted = await call(alphaManager, 'POST', '/api/pages/sort', {
      data: [{ id: tree.alphaPage, index: 2 }],
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
    // A Bravo page among Alpha's: the Alpha manager cannot say where theirs go among what they do not see.
    const guest = await storePage(admin, 'Bravo guest', bravo, tree.alphaSection);
    const section = (await call(alphaManager, 'GET', `/api/pages/show?id=${tree.alphaSection}`)).json().data;
    const adminSection = (await call(admin, 'GET', `/api/pages/show?id=${tree.alphaSection}`)).json().data;
    // Their count of its children leaves out the one they cannot open.
    expect(adminSection.total_children - section.total_children).toBe(1);
    const mixed = await call(alphaManager, 'POST', '/api/pages/sort', {
      data: [{ id: tree.alphaPage, index: 1 }],
    });
    expect([mixed.statusCode, mixed.json().errors]).toEqual([
      422,
      {
        data: [
          'Pages of other brands are among these: a user with the whole group in their scope can order them.',
        ],
      },
    ]);
    expect((await call(admin, 'POST', '/api/pages/delete', { id: guest })).statusCode).toBe(200);
  });

  it('shows them the activity of their records only; the administrator sees all', async () => {
    const entries = async (token: string) =>
      (await call(token, 'GET', '/api/activity?page=1')).json().data as {
        area: string;
        action: string;
        record: { id: number } | null;
      }[];
    const theirs = await entries(alphaManager);
    const about = (area: string) => theirs.filter((e) => e.area === area).map((e) => e.record?.id);
    expect(about('pages')).toContain(tree.alphaPage);
    expect(about('pages')).not.toContain(tree.bravoPage);
    expect(theirs.filter((e) => e.record?.id === tree.group && e.action === 'updated')).toEqual([]);
    expect(about('dealerships')).toContain(alphaLeeds);
    expect(about('dealerships')).not.toContain(bravoYork);
    // Sign-ins are the users' area, which a Brand manager may not view.
    expect(theirs.filter((e) => e.area === 'auth')).toEqual([]);
    // A change of no one record (a sort) belongs to the group: they read theirs, not the administrator's.
    const sortBy = async (token: string) =>
      expect((await call(token, 'POST', '/api/brands/sort', { brands: [alpha] })).statusCode).toBe(200);
    await sortBy(admin);
    await sortBy(alphaManager);
    const sorts = async (token: string) =>
      (await entries(token)).filter((e) => e.area === 'brands' && e.action === 'sorted').length;
    expect(await sorts(alphaManager)).toBe(1);
    expect(await sorts(admin)).toBe(2);
    const all = await entries(admin);
    expect(all.map((e) => e.record?.id)).toEqual(expect.arrayContaining([tree.bravoPage, bravoYork]));
    expect(all.filter((e) => e.record?.id === tree.group && e.action === 'updated')).toHaveLength(1);
    expect(all.some((e) => e.area === 'auth')).toBe(true);
  });

  it('keeps the group’s forms from them', async () => {
    const form = await call(admin, 'POST', '/api/forms/store', {
      data: {
        ...pageBody('Group enquiry', null),
        emails: {
          subject: 'Thanks',
          email_title: 'Thanks',
          email_body: 'We will be in touch.',
          send_email: 0,
          email_lists: ['sales@example.com'],
          email_type: 'emails',
        },
        thank_you: { title: 'Thank you', description: 'We will be in touch.' },
      },
      parent: null,
    });
    expect(form.statusCode, form.body).toBe(200);
    const formId = form.json().id;
    expect(ids((await call(admin, 'GET', '/api/forms')).json().data)).toContain(formId);
    expect(ids((await call(alphaManager, 'GET', '/api/forms')).json().data)).not.toContain(formId);
    expect((await call(alphaManager, 'GET', `/api/forms/edit?id=${formId}`)).statusCode).toBe(404);
    expect((await call(alphaManager, 'GET', `/api/forms/history?id=${formId}`)).statusCode).toBe(404);
  });

  it("lists only their pages' scheduled changes", async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    for (const [id, name, brand] of [
      [tree.alphaPage, 'Alpha hatchback', alpha],
      [tree.bravoPage, 'Bravo hatchback', bravo],
    ] as const) {
      const body = { id, data: pageBody(name, brand, { published: 1, published_at: soon }) };
      expect((await call(admin, 'POST', '/api/pages/update', body)).statusCode).toBe(200);
    }
    const schedule = async (token: string) =>
      ids((await call(token, 'GET', '/api/pages/schedule')).json().data as { id: number }[]);
    expect(await schedule(alphaManager)).toEqual([tree.alphaPage]);
    expect(await schedule(admin)).toEqual([tree.alphaPage, tree.bravoPage].sort((x, y) => x - y));
  });
});
