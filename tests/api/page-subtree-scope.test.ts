import { pages } from '@server/db/schema/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaAndBeta } from './accessFixtures';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

/**
 * A page's publishing, place and slug reach every page below it on the website. A Brand manager of
 * Alpha changes those only for a page whose whole subtree is Alpha's: under Alpha's "Models" sits a
 * Bravo page, so taking Models offline, moving it, renaming it or deleting it is refused, and the
 * Bravo page stays on the site where it was. Alpha's own range they change as before.
 */

let server: TestServer;
let admin: string;
let alphaManager: string;
let alpha: number;
let bravo: number;
/** Models (Alpha) > Showroom (no brand: Alpha's) > Bravo hatchback; Range (Alpha) > Hatchback, Estate (no brand). */
const tree = { models: 0, showroom: 0, bravoHatch: 0, range: 0, hatch: 0, estate: 0, elsewhere: 0 };

const OTHERS_BELOW =
  'Pages of other brands are below this page: only a user with the whole group in their scope can make this change.';
const BRAVO_PATH = '/models/showroom/bravo-hatchback';

const call = (token: string, url: string, body: unknown) => server.call('POST', url, { token, body });
const site = async (path: string) =>
  (await server.call('GET', `/api/site/pages?path=${encodeURIComponent(path)}`)).statusCode;

function pageBody(name: string, brandId: number | null, extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: 'ignored',
    brand_id: brandId,
    meta: { title: name, description: `About ${name}` },
    published: 1,
    published_at: '2024-03-01T10:00',
    is_allowed_children: 1,
    ...extra,
  };
}

async function store(name: string, brandId: number, parent: number | null) {
  const res = await call(admin, '/api/pages/store', { data: pageBody(name, brandId), parent });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** A page as the group administrator reads it. */
async function shown(id: number) {
  const res = await server.call('GET', `/api/pages/show?id=${id}`, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { name: string; slug: string; published: number; parent_id: number | null };
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  ({ alpha, beta: bravo } = await alphaAndBeta(server));
  tree.models = await store('Models', alpha, null);
  tree.showroom = await store('Showroom', alpha, tree.models);
  tree.bravoHatch = await store('Bravo hatchback', bravo, tree.showroom);
  tree.range = await store('Range', alpha, null);
  tree.hatch = await store('Hatchback', alpha, tree.range);
  tree.estate = await store('Estate', alpha, tree.range);
  tree.elsewhere = await store('Elsewhere', alpha, null);
  // Pages saved without a brand belong to the brand above them: Showroom and Estate are Alpha's.
  await server.database.db.update(pages).set({ brandId: null }).where(eq(pages.id, tree.showroom));
  await server.database.db.update(pages).set({ brandId: null }).where(eq(pages.id, tree.estate));
  alphaManager = (await signedInAs(server, 'Brand manager', { brand_ids: [alpha] })).token;
  expect(await site(BRAVO_PATH)).toBe(200);
});
afterAll(() => server.close());

describe(`changes that reach the pages below (${databaseKind})`, () => {
  it('refuses a scoped user taking offline, moving, renaming or deleting a page with another brand’s below it', async () => {
    const before = await shown(tree.models);
    const refused: [string, unknown][] = [
      ['/api/pages/publishable', { id: tree.models }],
      ['/api/pages/move', { id: tree.models, parent: tree.elsewhere }],
      ['/api/pages/update', { id: tree.models, data: pageBody('Our models', alpha) }],
      ['/api/pages/update', { id: tree.models, data: pageBody('Models', alpha, { published: 0 }) }],
      ['/api/pages/delete', { id: tree.models }],
      // Two levels up from the Bravo page, through a page saved without a brand.
      ['/api/pages/publishable', { id: tree.showroom }],
    ];
    for (const [url, body] of refused) {
      const res = await call(alphaManager, url, body);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 403, OTHERS_BELOW]);
    }
    expect(await shown(tree.models)).toEqual(before);
    expect(await site(BRAVO_PATH)).toBe(200);
    expect((await shown(tree.bravoHatch)).slug).toBe('models/showroom/bravo-hatchback');
  });

  it('tells them in the lists which pages have another brand’s below, as the console offers their changes', async () => {
    const get = async (token: string, url: string) => {
      const res = await server.call('GET', url, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    type Row = { id: number; others_below?: boolean };
    const flags = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.id, r.others_below]));
    const list = await get(alphaManager, '/api/pages');
    const top = flags([...list.brands, ...list.folders, ...list.files]);
    expect(top[tree.models]).toBe(true);
    expect(top[tree.range]).toBe(false);
    expect(top[tree.elsewhere]).toBe(false);
    expect(flags((await get(alphaManager, `/api/pages/children?id=${tree.models}`)).data)).toEqual({
      [tree.showroom]: true,
    });
    expect(flags((await get(alphaManager, `/api/pages/children?id=${tree.range}`)).data)).toEqual({
      [tree.hatch]: false,
      [tree.estate]: false,
    });
    expect((await get(alphaManager, `/api/pages/show?id=${tree.showroom}`)).data.others_below).toBe(true);
    // The group administrator reaches every page: nothing to say.
    expect((await get(admin, `/api/pages/show?id=${tree.models}`)).data).not.toHaveProperty('others_below');
  });

  it('still lets them edit what the page itself says, leaving its slug and publishing as they are', async () => {
    const res = await call(alphaManager, '/api/pages/update', {
      id: tree.models,
      data: pageBody('Models', alpha, { meta: { title: 'Every model', description: 'All of them' } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await site(BRAVO_PATH)).toBe(200);
  });

  it('lets them unpublish, rename, move and delete within a subtree that is all theirs', async () => {
    const toggled = await call(alphaManager, '/api/pages/publishable', { id: tree.range });
    expect([toggled.statusCode, toggled.json().published]).toEqual([200, 0]);
    expect(await site('/range/estate')).toBe(404);
    expect((await call(alphaManager, '/api/pages/publishable', { id: tree.range })).json().published).toBe(1);
    const renamed = await call(alphaManager, '/api/pages/update', {
      id: tree.range,
      data: pageBody('Line-up', alpha),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = await call(alphaManager, '/api/pages/move', { id: tree.range, parent: tree.elsewhere });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await site('/elsewhere/line-up/estate')).toBe(200);
    const deleted = await call(alphaManager, '/api/pages/delete', { id: tree.hatch });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('leaves the group administrator free to change the mixed page', async () => {
    const res = await call(admin, '/api/pages/publishable', { id: tree.models });
    expect([res.statusCode, res.json().published]).toEqual([200, 0]);
    expect(await site(BRAVO_PATH)).toBe(404);
  });
});
