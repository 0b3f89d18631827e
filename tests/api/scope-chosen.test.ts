import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand, insertDealership } from './accessFixtures';
import { addRole, createTestServer, databaseKind, roleId, signedInAs, type TestServer } from './harness';
import { type Receiver, startReceiver } from './receiver';

/**
 * A scope sent as "chosen" (the forms' Chosen brands and dealerships) with nothing in it is refused
 * under both lists: it is never read as the whole group. Sent without it, an empty scope is the
 * whole group, which a scoped caller cannot give.
 */
const CHOOSE_SCOPE = 'Choose at least one brand or dealership.';

let server: TestServer;
let receiver: Receiver;
let token: string;
let north: number;
let leeds: number;
let sales: number;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await createTestServer({ WEBHOOKS_ALLOW_PRIVATE: '1' });
  token = await server.login();
  north = await insertBrand(server, 'Chosen North');
  leeds = await insertDealership(server, 'Chosen Leeds', north);
  sales = await roleId(server, 'Sales');
  await addRole(server, 'Chosen webhooks', { webhooks: ['view', 'create', 'update'], brands: ['view'] });
});
afterAll(() => Promise.all([server?.close(), receiver?.close()]));

const post = (url: string, body: unknown, as = token) =>
  server.call('POST', `/api/${url}`, { token: as, body });
const get = (url: string, as = token) => server.call('GET', `/api/${url}`, { token: as });
let made = 0;

function newUser(scope: Record<string, unknown>) {
  made += 1;
  return {
    name: `Chosen Person ${made}`,
    email: `chosen.${made}@example.com`,
    password: 'a long enough password',
    role_id: sales,
    scope: { brand_ids: [], dealership_ids: [], ...scope },
  };
}

const webhook = (extra: Record<string, unknown>) => ({
  url: receiver.url,
  events: ['page.published'],
  brand_ids: [],
  dealership_ids: [],
  enabled: false,
  ...extra,
});

async function userCount(name: string, as = token): Promise<number> {
  return (await get(`users?search=${encodeURIComponent(name)}`, as)).json().users.total;
}

describe(`A scope chosen with nothing in it (${databaseKind})`, () => {
  it('is refused for a user, made or changed, and nothing is stored', async () => {
    const body = newUser({ chosen: true });
    const made = await post('users/create', body);
    expect(made.statusCode, made.body).toBe(422);
    expect(made.json().errors).toEqual({
      'scope.brand_ids': [CHOOSE_SCOPE],
      'scope.dealership_ids': [CHOOSE_SCOPE],
    });
    expect(await userCount(body.name)).toBe(0);

    const checked = await post('users/validation', body);
    expect(checked.json().errors).toMatchObject({ 'scope.brand_ids': [CHOOSE_SCOPE] });

    const limited = newUser({ brand_ids: [north], chosen: true });
    const created = await post('users/create', limited);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const { scope: _, ...rest } = limited;
    const changed = await post(`users/update/${id}`, {
      ...rest,
      scope: { brand_ids: [], dealership_ids: [], chosen: 'true' },
    });
    expect(changed.statusCode, changed.body).toBe(422);
    expect((await get(`users/show/${id}`)).json().data.scope).toEqual({
      brand_ids: [north],
      dealership_ids: [],
    });

    // Without it, an empty scope is still the whole group, as the contract says.
    const whole = await post('users/create', newUser({}));
    expect(whole.statusCode, whole.body).toBe(200);
    expect((await get(`users/show/${whole.json().id}`)).json().data.scope).toEqual({
      brand_ids: [],
      dealership_ids: [],
    });
  });

  it('is refused for a webhook', async () => {
    const res = await post('webhooks/create', webhook({ scope_chosen: true }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ brand_ids: [CHOOSE_SCOPE], dealership_ids: [CHOOSE_SCOPE] });
    const listed = (await get('webhooks')).json().webhooks.data as { url: string }[];
    expect(listed.filter((w) => w.url === webhook({}).url)).toEqual([]);
    const limited = await post('webhooks/create', webhook({ scope_chosen: true, dealership_ids: [leeds] }));
    expect(limited.statusCode, limited.body).toBe(200);
  });

  it('never widens a scoped caller’s new user or webhook beyond their own scope', async () => {
    // A Brand manager gives neither users nor webhooks; a Dealership manager scoped to a brand gives users.
    const manager = await signedInAs(server, 'Dealership manager', { brand_ids: [north] });
    const chosen = newUser({ chosen: true });
    const refused = await post('users/create', chosen, manager.token);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors['scope.brand_ids']).toEqual([CHOOSE_SCOPE]);
    const unsaid = newUser({});
    const whole = await post('users/create', unsaid, manager.token);
    expect(whole.statusCode, whole.body).toBe(403);
    expect(whole.json().message).toBe('You cannot give a scope beyond your own.');
    expect(await userCount(chosen.name)).toBe(0);
    expect(await userCount(unsaid.name)).toBe(0);

    const hooks = await signedInAs(server, 'Chosen webhooks', { brand_ids: [north] });
    const total = async () => (await get('webhooks')).json().webhooks.total as number;
    const before = await total();
    const none = await post('webhooks/create', webhook({ scope_chosen: true }), hooks.token);
    expect(none.statusCode, none.body).toBe(422);
    const wide = await post('webhooks/create', webhook({}), hooks.token);
    expect(wide.statusCode, wide.body).toBe(403);
    expect(await total()).toBe(before);
  });
});
