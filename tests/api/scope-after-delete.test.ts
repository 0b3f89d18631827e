import { webhookDeliveries } from '@server/db/schema/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealershipBody, insertBrand } from './accessFixtures';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

/**
 * A brand or dealership in the bin or deleted forever never widens a scope that names it: the
 * id stays in the scope (matching nothing), so nobody scoped to it alone becomes group-wide.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer({ WEBHOOKS_ALLOW_PRIVATE: '1' });
  token = await server.login();
});
afterAll(() => server.close());

const get = (url: string, as = token) => server.call('GET', `/api/${url}`, { token: as });
const post = (url: string, body: unknown, as = token) =>
  server.call('POST', `/api/${url}`, { token: as, body });

async function addDealership(name: string, brandId: number): Promise<number> {
  const res = await post('dealerships/create', dealershipBody(name, brandId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function remove(area: 'brands' | 'dealerships', id: number, type: 'all' | 'trashed') {
  const res = await post(`${area}/delete`, { [area]: [id], type });
  expect(res.statusCode, res.body).toBe(200);
}

/** Saves a user as the edit form would with nothing changed: what show answered, sent back. */
async function saveUnchanged(id: number) {
  const { data } = (await get(`users/show/${id}`)).json();
  return post(`users/update/${id}`, {
    name: data.name,
    email: data.email,
    password: '',
    telephone: data.telephone,
    job_title: data.job_title,
    avatar: null,
    role_id: data.role_id,
    scope: data.scope,
    updated_at: data.updated_at,
  });
}

describe(`a scope naming a brand or dealership that is gone (${databaseKind})`, () => {
  it('a user scoped only to a brand deleted forever sees no other brand and stays scoped', async () => {
    const gone = await insertBrand(server, 'Gone Motors');
    const other = await insertBrand(server, 'Other Motors');
    await addDealership('Gone Leeds', gone);
    await addDealership('Other Leeds', other);
    const manager = await signedInAs(server, 'Brand manager', { brand_ids: [gone] });

    await remove('brands', gone, 'all');
    await remove('brands', gone, 'trashed');

    const shown = (await get(`users/show/${manager.id}`)).json().data;
    expect(shown.scope).toEqual({ brand_ids: [gone], dealership_ids: [] });
    const { token: as } = await signedInAs(server, 'Brand manager', { brand_ids: [gone] });
    const brandsSeen = (await get('brands?page=1', as)).json();
    expect(brandsSeen.brands.total).toBe(0);
    expect(brandsSeen.trashed.total).toBe(0);
    const dealershipsSeen = (await get('dealerships?page=1', as)).json();
    expect(dealershipsSeen.dealerships.total).toBe(0);
    expect((await get(`brands/show/${other}`, as)).statusCode).toBe(404);
  });

  it('a user scoped to a binned or deleted brand is saved unchanged and stays scoped to it', async () => {
    const binned = await insertBrand(server, 'Binned Motors');
    const user = await signedInAs(server, 'Brand manager', { brand_ids: [binned] });
    await remove('brands', binned, 'all');

    const inBin = await saveUnchanged(user.id);
    expect(inBin.statusCode, inBin.body).toBe(200);
    expect((await get(`users/show/${user.id}`)).json().data.scope).toEqual({
      brand_ids: [binned],
      dealership_ids: [],
    });

    await remove('brands', binned, 'trashed');
    const gone = await saveUnchanged(user.id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await get(`users/show/${user.id}`)).json().data.scope).toEqual({
      brand_ids: [binned],
      dealership_ids: [],
    });

    // Left out, the scope stays as it is, and the save is not refused for it.
    const { data } = (await get(`users/show/${user.id}`)).json();
    const kept = await post(`users/update/${user.id}`, {
      name: 'Renamed Manager',
      email: data.email,
      password: '',
      telephone: null,
      job_title: null,
      avatar: null,
      updated_at: data.updated_at,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await get(`users/show/${user.id}`)).json().data.scope).toEqual({
      brand_ids: [binned],
      dealership_ids: [],
    });

    // A brand that is gone is not given to anyone who does not already have it.
    const other = await signedInAs(server, 'Brand manager', {
      brand_ids: [await insertBrand(server, 'Kept')],
    });
    const { data: otherData } = (await get(`users/show/${other.id}`)).json();
    const given = await post(`users/update/${other.id}`, {
      ...otherData,
      password: '',
      avatar: null,
      scope: { brand_ids: [binned], dealership_ids: [] },
    });
    expect(given.statusCode).toBe(422);
    expect(given.json().errors['scope.brand_ids']).toEqual(['Choose brands from the list.']);
  });

  it('a user scoped to a dealership deleted forever, alone or with its brand, sees no dealership', async () => {
    const brand = await insertBrand(server, 'Dealer Brand');
    const alone = await addDealership('Alone', brand);
    const withBrand = await addDealership('With Brand', brand);
    await addDealership('Someone Else', await insertBrand(server, 'Another'));
    const first = await signedInAs(server, 'Dealership manager', { dealership_ids: [alone] });
    const second = await signedInAs(server, 'Dealership manager', { dealership_ids: [withBrand] });

    await remove('dealerships', alone, 'all');
    await remove('dealerships', alone, 'trashed');
    await remove('brands', brand, 'all');
    await remove('brands', brand, 'trashed');

    for (const who of [first, second]) {
      const seen = (await get('dealerships?page=1', who.token)).json();
      expect(seen.trashed?.total, JSON.stringify(seen)).toBe(0);
      expect(seen.dealerships.data.map((d: { id: number }) => d.id)).toEqual(
        who === second ? [withBrand] : [],
      );
    }
    expect((await get(`users/show/${first.id}`)).json().data.scope).toEqual({
      brand_ids: [],
      dealership_ids: [alone],
    });
    expect((await saveUnchanged(first.id)).statusCode).toBe(200);
    expect((await get(`users/show/${first.id}`)).json().data.scope.dealership_ids).toEqual([alone]);
  });

  it('a webhook scoped to a brand deleted forever hears nothing of other brands and is saved unchanged', async () => {
    const gone = await insertBrand(server, 'Hook Gone');
    const other = await insertBrand(server, 'Hook Other');
    const made = await post('webhooks/create', {
      url: 'http://127.0.0.1:9/hook',
      events: ['brand.updated'],
      brand_ids: [gone],
      dealership_ids: [],
      enabled: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const hook = made.json().id as number;
    await remove('brands', gone, 'all');
    await remove('brands', gone, 'trashed');

    const shown = (await get(`webhooks/show/${hook}`)).json().data;
    expect(shown).toMatchObject({ brand_ids: [gone], dealership_ids: [] });
    const saved = await post(`webhooks/update/${hook}`, shown);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(`webhooks/show/${hook}`)).json().data.brand_ids).toEqual([gone]);

    const delivered = () =>
      server.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook));
    // Its own brand's move to the bin and deletion are its to hear; another brand's change is not.
    const before = (await delivered()).length;
    const brand = (await get(`brands/show/${other}`)).json().data;
    const updated = await post(`brands/update/${other}`, {
      ...brand,
      logo: null,
      name: 'Hook Other Renamed',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await delivered()).toHaveLength(before);
  });
});
