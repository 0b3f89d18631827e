import { seedDealerGroup } from '@server/db/seed/dealerGroup';
import { seedPages } from '@server/db/seed/pages';
import { seedTemplates } from '@server/db/seed/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/shared/catalogue';
import { validateItems } from '@/shared/schema';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  await seedDealerGroup(server.database.db, { total: 6 });
  await seedPages(server.database.db, 'normal');
  await seedTemplates(server.database.db);
  token = await server.login();
});
afterAll(() => server.close());

const get = async (url: string) => {
  const res = await server.call('GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe(`demo templates (${databaseKind})`, () => {
  it('seeds a model page, a location page and an offer page made of valid catalogue blocks', async () => {
    const { templates } = await get('/api/templates');
    expect(templates.data.map((t: { name: string }) => t.name)).toEqual([
      'Dealership location',
      'New car model',
      'Offer page',
    ]);
    for (const { id } of templates.data) {
      const { data } = await get(`/api/templates/edit?id=${id}`);
      expect(data.items.length, data.name).toBeGreaterThan(3);
      expect(validateItems(data.items, CATALOGUE), data.name).toEqual({ errors: {}, unknown: [] });
      const saved = await server.call('POST', '/api/templates/update', {
        token,
        body: { id, data, updated_at: data.updated_at },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });

  it('links the brand ranges, the dealership locations and the offers to their templates', async () => {
    const ids = Object.fromEntries(
      (await get('/api/templates/list')).data.map((t: { id: number; name: string }) => [t.name, t.id]),
    );
    const top = await get('/api/pages');
    const all = [...top.brands, ...top.folders, ...top.files];
    const bySlug = (slug: string) => all.find((p: { slug: string }) => p.slug === slug);
    expect(bySlug('dealership-locations').child_template_id).toBe(ids['Dealership location']);
    expect(bySlug('offers').child_template_id).toBe(ids['Offer page']);
    const ranges = (await get(`/api/pages/children?id=${bySlug('new-cars').id}`)).data;
    expect(ranges.length).toBeGreaterThan(0);
    for (const range of ranges) expect(range.child_template_id, range.slug).toBe(ids['New car model']);
  });
});
