import { seedDealerGroup } from '@server/db/seed/dealerGroup';
import { FORM_NAMES, seedPages } from '@server/db/seed/pages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, signedInAs } from './harness';
import { get, liveRows, type TreeClient, treeProblems } from './pages-tree';

let c: TreeClient;
beforeAll(async () => {
  const server = await createTestServer();
  await seedDealerGroup(server.database.db, { total: 6 });
  await seedPages(server.database.db, 'normal');
  c = { server, token: await server.login(), brandId: 0 };
});
afterAll(() => c.server.close());

it('seeds a valid website tree with a homepage, sections, locked pages and the eleven forms', async () => {
  expect(treeProblems(await liveRows(c.server))).toEqual([]);
  const list = (await get(c, '/api/pages')).json();
  const top = [...list.brands, ...list.folders, ...list.files];
  expect(top.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining([
      'Home',
      'New Cars',
      'Used Cars',
      'Offers',
      'Servicing',
      'About Us',
      'Contact Us',
      'Dealership Locations',
    ]),
  );
  expect(top.find((p: { slug: string }) => p.slug === '/')).toMatchObject({ name: 'Home', locked: 1 });
  expect(top.filter((p: { locked: number }) => p.locked === 1).length).toBeGreaterThanOrEqual(3);
  const newCars = top.find((p: { name: string }) => p.name === 'New Cars');
  const brands = (await get(c, `/api/pages/children?id=${newCars.id}`)).json().data;
  expect(brands.length).toBeGreaterThan(3);
  expect(brands[0].slug).toMatch(/^new-cars\/[a-z0-9-]+$/);
  const forms = (await get(c, '/api/forms')).json().data.map((f: { handle: string }) => f.handle);
  expect(forms).toEqual([
    'aftersales-enquiry',
    'mot-enquiry',
    'motability-enquiry',
    'new-car-enquiry',
    'newsletter',
    'offer-enquiry',
    'parts-enquiry',
    'service-enquiry',
    'test-drive',
    'used-vehicle-enquiry',
    'interest-enquiry',
  ]);
  expect(FORM_NAMES).toHaveLength(11);
});

it("gives the group's sections no brand, and a Brand manager their brand's pages under them", async () => {
  const list = (await get(c, '/api/pages')).json();
  const sections = ['New Cars', 'Used Cars', 'Offers', 'Servicing', 'Dealership Locations', 'News'];
  expect(list.folders.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(sections));
  expect(list.brands).toEqual([]);
  const newCars = list.folders.find((p: { name: string }) => p.name === 'New Cars');
  const ranges = (await get(c, `/api/pages/children?id=${newCars.id}`)).json().data;
  const [first, other] = ranges as { id: number; name: string; brand_id: number; slug: string }[];

  const { token } = await signedInAs(c.server, 'Brand manager', { brand_ids: [first!.brand_id] });
  const as = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    c.server.call(method, url, { token, body });
  const theirs = (await as('GET', '/api/pages')).json();
  // Their tree starts at their brand's range and offers; none of the group's sections is theirs.
  expect(theirs.brands.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining([first!.name, `${first!.name} Offers`]),
  );
  expect(theirs.folders).toEqual([]);
  for (const url of ['/api/pages/publishable', '/api/pages/delete']) {
    expect((await as('POST', url, { id: newCars.id })).statusCode).toBe(404);
  }
  const path = `/api/site/pages?path=/${other!.slug}`;
  expect((await c.server.call('GET', path)).statusCode).toBe(200);
  // They add pages under their brand's range.
  const added = await as('POST', '/api/pages/store', {
    data: {
      name: 'Roadster',
      slug: 'x',
      brand_id: first!.brand_id,
      meta: { title: 'Roadster', description: 'A new model' },
      published: 0,
    },
    parent: first!.id,
  });
  expect(added.statusCode, added.body).toBe(200);
});
