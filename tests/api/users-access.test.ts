import { seedDemoStaff } from '@server/db/seed/demoStaff';
import { hashPassword } from '@server/domain/auth/passwords';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand, insertDealership } from './accessFixtures';
import {
  ADMIN,
  createTestServer,
  databaseKind,
  insertUser,
  refreshCookie,
  roleId,
  signedInAs,
  type TestServer,
} from './harness';

let server: TestServer;
let token: string;
/** Two brands, each with a dealership. */
let north: number;
let south: number;
let leeds: number;
let bristol: number;
let roleOf: Record<string, number>;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  north = await insertBrand(server, 'Northway');
  south = await insertBrand(server, 'Southway');
  leeds = await insertDealership(server, 'Leeds', north);
  bristol = await insertDealership(server, 'Bristol', south);
  roleOf = {};
  for (const name of ['Group administrator', 'Brand manager', 'Dealership manager', 'Sales', 'Read only']) {
    roleOf[name] = await roleId(server, name);
  }
});
afterAll(() => server.close());

const get = (url: string, as = token) => server.call('GET', url, { token: as });
const post = (url: string, body: unknown, as = token) => server.call('POST', url, { token: as, body });
let made = 0;

function newUser(role: string, scope: { brand_ids?: number[]; dealership_ids?: number[] } = {}) {
  made += 1;
  return {
    name: `Access Person ${made}`,
    email: `access.${made}@example.com`,
    password: 'a long enough password',
    role_id: roleOf[role],
    scope: { brand_ids: [], dealership_ids: [], ...scope },
  };
}

async function create(role: string, scope: { brand_ids?: number[]; dealership_ids?: number[] } = {}) {
  const res = await post('/api/users/create', newUser(role, scope));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const NOT_FOUND = "The user you are trying to locate clearly doesn't exist...";

describe(`A user's role and scope (${databaseKind})`, () => {
  it('are stored, shown, listed, and written to the activity log', async () => {
    const id = await create('Sales', { dealership_ids: [leeds] });
    const { data } = (await get(`/api/users/show/${id}`)).json();
    expect(data).toMatchObject({
      role_id: roleOf.Sales,
      role: { id: roleOf.Sales, name: 'Sales' },
      scope: { brand_ids: [], dealership_ids: [leeds] },
    });
    const row = (await get(`/api/users?search=${encodeURIComponent(data.name)}`)).json().users.data[0];
    expect(row.role).toEqual({ id: roleOf.Sales, name: 'Sales' });
    const [entry] = (await get('/api/activity?page=1&area=users')).json().data;
    expect(entry).toMatchObject({ action: 'created', detail: 'Role: Sales; scope: Dealerships: Leeds' });

    const updated = await post(`/api/users/update/${id}`, {
      ...newUser('Brand manager', { brand_ids: [north] }),
      name: data.name,
      email: data.email,
      password: '',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [change] = (await get('/api/activity?page=1&area=users')).json().data;
    expect(change.detail).toBe(
      'Role: Sales \u2192 Brand manager; Scope: Dealerships: Leeds \u2192 Brands: Northway',
    );
  });

  it('must name a role that exists and is not in the bin, and brands and dealerships that exist', async () => {
    const missing = await post('/api/users/create', { ...newUser('Sales'), role_id: 999999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ role_id: ['Choose a role from the list.'] });
    const spare = (await post('/api/roles/create', { name: 'Binned role', permissions: {} })).json().id;
    await post('/api/roles/delete', { roles: [spare], type: 'all' });
    const binned = await post('/api/users/create', { ...newUser('Sales'), role_id: spare });
    expect(binned.json().errors).toEqual({ role_id: ['Choose a role from the list.'] });
    const scope = await post(
      '/api/users/validation',
      newUser('Sales', { brand_ids: [999999], dealership_ids: [999998] }),
    );
    expect(scope.statusCode).toBe(422);
    expect(scope.json().errors).toEqual({
      'scope.brand_ids': ['Choose brands from the list.'],
      'scope.dealership_ids': ['Choose dealerships from the list.'],
    });
    const none = await post('/api/users/create', { ...newUser('Sales'), role_id: undefined });
    expect(none.json().errors).toEqual({ role_id: ['Choose a role.'] });
  });

  it('filters the list by role, brand and dealership', async () => {
    const atLeeds = await create('Sales', { dealership_ids: [leeds] });
    const atNorth = await create('Read only', { brand_ids: [north] });
    const atBristol = await create('Sales', { dealership_ids: [bristol] });
    const ids = async (query: string) =>
      (await get(`/api/users?perPage=-1&${query}`)).json().users.data.map((u: { id: number }) => u.id);
    const sales = await ids(`role_id=${roleOf.Sales}`);
    expect(sales).toEqual(expect.arrayContaining([atLeeds, atBristol]));
    expect(sales).not.toContain(atNorth);
    const northern = await ids(`brand_id=${north}`);
    expect(northern).toEqual(expect.arrayContaining([atLeeds, atNorth]));
    expect(northern).not.toContain(atBristol);
    const leedsUsers = await ids(`dealership_id=${leeds}&role_id=${roleOf.Sales}`);
    expect(leedsUsers).toContain(atLeeds);
    expect(leedsUsers).not.toContain(atNorth);
    expect(leedsUsers).not.toContain(atBristol);
    const total = (await get(`/api/users?dealership_id=${bristol}`)).json().users.total;
    expect(total).toBe((await ids(`dealership_id=${bristol}`)).length);
  });
});

describe(`Nobody gives more than they have (${databaseKind})`, () => {
  it('refuses a role beyond the giver’s own, and a scope beyond theirs', async () => {
    const manager = await signedInAs(server, 'Dealership manager', { brand_ids: [north] });
    const admin = await post(
      '/api/users/create',
      newUser('Group administrator', { dealership_ids: [leeds] }),
      manager.token,
    );
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toContain('your role, Dealership manager, cannot');
    const elsewhere = await post(
      '/api/users/create',
      newUser('Sales', { dealership_ids: [bristol] }),
      manager.token,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('You cannot give a scope beyond your own.');
    const whole = await post('/api/users/create', newUser('Sales'), manager.token);
    expect(whole.statusCode).toBe(403);
    // A brand includes its dealerships.
    const within = await post(
      '/api/users/create',
      newUser('Sales', { dealership_ids: [leeds] }),
      manager.token,
    );
    expect(within.statusCode, within.body).toBe(200);
    // Nor to themselves.
    const me = (await get(`/api/users/show/${manager.id}`)).json().data;
    const self = await post(
      `/api/users/update/${manager.id}`,
      {
        name: me.name,
        email: me.email,
        role_id: roleOf.Sales,
        scope: { brand_ids: [north, south], dealership_ids: [] },
      },
      manager.token,
    );
    expect(self.statusCode).toBe(403);
  });

  it('offers a scoped giver, among the roles, only those users/validation lets them give', async () => {
    const manager = await signedInAs(server, 'Dealership manager', { dealership_ids: [leeds] });
    const res = await get('/api/roles/list', manager.token);
    expect(res.statusCode, res.body).toBe(200);
    const roles: { id: number; name: string; assignable: boolean }[] = res.json().data;
    // Every role is listed (the users list filters by any), and only these may be given.
    expect(roles.map((role) => role.name)).toEqual(expect.arrayContaining(Object.keys(roleOf)));
    expect(roles.filter((role) => role.assignable).map((role) => role.name)).toEqual([
      'Dealership manager',
      'Sales',
    ]);
    for (const role of roles) {
      const given = await post(
        '/api/users/validation',
        { ...newUser('Sales', { dealership_ids: [leeds] }), role_id: role.id },
        manager.token,
      );
      expect(given.statusCode, `${role.name}: ${given.body}`).toBe(role.assignable ? 200 : 403);
    }
    // The whole group's administrator may give every role.
    const all = (await get('/api/roles/list')).json().data as { assignable: boolean }[];
    expect(all.every((role) => role.assignable)).toBe(true);
  });

  it('is refused to a role without users permissions', async () => {
    const sales = await signedInAs(server, 'Sales', { dealership_ids: [leeds] });
    const res = await get('/api/users', sales.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your role, Sales, cannot view users.');
    expect(
      (await post('/api/users/create', newUser('Sales', { dealership_ids: [leeds] }), sales.token))
        .statusCode,
    ).toBe(403);
  });
});

describe(`A scoped user sees and edits only users within their scope (${databaseKind})`, () => {
  it('lists, shows, edits and bins only those; others read as missing', async () => {
    const manager = await signedInAs(server, 'Dealership manager', { dealership_ids: [leeds] });
    const mine = await create('Sales', { dealership_ids: [leeds] });
    const theirs = await create('Sales', { dealership_ids: [bristol] });
    const brandWide = await create('Sales', { brand_ids: [north] });

    const listed = (await get('/api/users?perPage=-1', manager.token)).json().users;
    const ids = listed.data.map((u: { id: number }) => u.id);
    expect(ids).toContain(mine);
    expect(ids).toContain(manager.id);
    for (const other of [theirs, brandWide, server.adminId]) expect(ids).not.toContain(other);
    expect(listed.total).toBe(ids.length);

    for (const other of [theirs, brandWide, server.adminId]) {
      const shown = await get(`/api/users/show/${other}`, manager.token);
      expect(shown.statusCode).toBe(404);
      expect(shown.json().message).toBe(NOT_FOUND);
      const saved = await post(
        `/api/users/update/${other}`,
        newUser('Sales', { dealership_ids: [leeds] }),
        manager.token,
      );
      expect(saved.statusCode).toBe(404);
    }
    const binned = await post('/api/users/delete', { users: [mine, theirs], type: 'all' }, manager.token);
    expect(binned.statusCode).toBe(422);
    expect(binned.json().errors.users).toEqual(['Some of the selected users do not exist.']);
    expect((await post('/api/users/delete', { users: [mine], type: 'all' }, manager.token)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/users/show/${theirs}`)).json().data.deleted_at).toBeNull();
  });
});

describe(`A change of role or scope (${databaseKind})`, () => {
  it('ends the user’s sessions and applies at their next request', async () => {
    const who = await signedInAs(server, 'Brand manager', { brand_ids: [north] });
    const login = await server.call('POST', '/api/auth/login', {
      body: { email: who.email, password: 'staff password 1' },
    });
    const cookie = refreshCookie(login)!;
    expect((await get('/api/brands', who.token)).statusCode).toBe(200);
    const me = (await get(`/api/users/show/${who.id}`)).json().data;
    const res = await post(`/api/users/update/${who.id}`, {
      name: me.name,
      email: me.email,
      role_id: roleOf.Sales,
      scope: { brand_ids: [north], dealership_ids: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/brands', who.token)).statusCode).toBe(401);
    const refreshed = await server.call('POST', '/api/auth/refresh', { headers: { cookie } });
    expect(refreshed.statusCode).toBe(401);
    // An edit that leaves role and scope alone keeps them signed in.
    const again = await server.login(who.email, 'staff password 1');
    const renamed = await post(`/api/users/update/${who.id}`, { name: 'Renamed', email: me.email });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const me2 = await get('/api/auth/me', again);
    expect(me2.statusCode, me2.body).toBe(200);
    expect(me2.json().data.role.name).toBe('Sales');
  });
});

describe(`The last Group administrator (${databaseKind})`, () => {
  it('cannot be binned, demoted or narrowed', async () => {
    const other = await signedInAs(server, 'Group administrator');
    const binned = await post('/api/users/delete', { users: [server.adminId], type: 'all' }, other.token);
    expect(binned.statusCode, binned.body).toBe(200);
    // Now the other is the last one.
    const me = (await get(`/api/users/show/${other.id}`, other.token)).json().data;
    const self = await post('/api/users/delete', { users: [other.id], type: 'all' }, other.token);
    expect(self.statusCode).toBe(422);
    const demoted = await post(
      `/api/users/update/${other.id}`,
      { name: me.name, email: me.email, role_id: roleOf['Read only'] },
      other.token,
    );
    expect(demoted.statusCode).toBe(422);
    expect(demoted.json().errors.role_id).toEqual([
      'The last Group administrator cannot be removed or demoted.',
    ]);
    const narrowed = await post(
      `/api/users/update/${other.id}`,
      { name: me.name, email: me.email, scope: { brand_ids: [north], dealership_ids: [] } },
      other.token,
    );
    expect(narrowed.statusCode).toBe(422);
    expect((await get(`/api/users/show/${other.id}`, other.token)).json().data).toMatchObject({
      role_id: roleOf['Group administrator'],
      scope: { brand_ids: [], dealership_ids: [] },
    });
    expect((await post('/api/users/restore', { users: [server.adminId] }, other.token)).statusCode).toBe(200);
    token = await server.login(ADMIN.email, ADMIN.password);
  });

  it('stays when the last two are demoted at once', async () => {
    const second = await insertUser(server, {
      name: 'Second Admin',
      email: 'second.admin@example.com',
      role: 'Group administrator',
    });
    const admins = [server.adminId, second];
    const demote = async (id: number) => {
      const me = (await get(`/api/users/show/${id}`)).json().data;
      return post(`/api/users/update/${id}`, {
        name: me.name,
        email: me.email,
        role_id: roleOf['Read only'],
      });
    };
    // Any other Group administrators from earlier tests step down first.
    const others = (await get(`/api/users?perPage=-1&role_id=${roleOf['Group administrator']}`))
      .json()
      .users.data.map((u: { id: number }) => u.id)
      .filter((id: number) => !admins.includes(id));
    if (others.length)
      expect((await post('/api/users/delete', { users: others, type: 'all' })).statusCode).toBe(200);
    const answers = await Promise.all(admins.map(demote));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const left = (
      await get(`/api/users?perPage=-1&role_id=${roleOf['Group administrator']}`, await adminToken())
    ).json().users.data;
    expect(left).toHaveLength(1);
  });
});

/** A token for whichever of the two stayed administrator. */
async function adminToken(): Promise<string> {
  try {
    return await server
      .login(ADMIN.email, ADMIN.password)
      .then(async (t) =>
        (await get('/api/users', t)).statusCode === 200
          ? t
          : server.login('second.admin@example.com', 'a long enough password'),
      );
  } catch {
    return server.login('second.admin@example.com', 'a long enough password');
  }
}

describe(`The demo's staff (${databaseKind})`, () => {
  it('has one user of each role template with a scope, each signing in with the admin’s password', async () => {
    await seedDemoStaff(server.database.db, await hashPassword(ADMIN.password));
    const expected: [string, string, { brand_ids: number[]; dealership_ids: number[] }][] = [
      ['marketing@example.com', 'Marketing', { brand_ids: [], dealership_ids: [] }],
      ['brand.manager@example.com', 'Brand manager', { brand_ids: [north], dealership_ids: [] }],
      ['dealership.manager@example.com', 'Dealership manager', { brand_ids: [], dealership_ids: [leeds] }],
      ['sales@example.com', 'Sales', { brand_ids: [], dealership_ids: [leeds] }],
      ['read.only@example.com', 'Read only', { brand_ids: [north], dealership_ids: [] }],
    ];
    for (const [email, role, scope] of expected) {
      const me = (await get('/api/auth/me', await server.login(email, ADMIN.password))).json().data;
      expect(me.role.name, email).toBe(role);
      expect(me.scope, email).toEqual(scope);
    }
  });
});
