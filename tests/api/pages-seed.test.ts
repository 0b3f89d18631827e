import { seedDealerGroup } from '@server/db/seed/dealerGroup';
import { FORM_NAMES, seedPages } from '@server/db/seed/pages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer } from './harness';
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
