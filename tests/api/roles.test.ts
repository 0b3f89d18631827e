import { roles } from '@server/db/schema/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaAccess, roleTemplates } from '@/shared/access';
import { createTestServer, databaseKind, insertUser, roleId, signedInAs, type TestServer } from './harness';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const get = (url: string, as = token) => server.call('GET', url, { token: as });
const post = (url: string, body: unknown, as = token) => server.call('POST', url, { token: as, body });
let made = 0;

async function createRole(
  permissions: Record<string, string[]> = { pages: ['view'] },
  name = `Role ${++made}`,
) {
  const res = await post('/api/roles/create', { name, permissions });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe(`GET /api/roles (${databaseKind})`, () => {
  it('lists the six templates with how many users hold each, and searches by name', async () => {
    const res = await get('/api/roles?perPage=-1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['roles', 'trashed']);
    const names = body.roles.data.map((r: { name: string }) => r.name);
    for (const t of roleTemplates) expect(names).toContain(t.name);
    const admin = body.roles.data.find((r: { name: string }) => r.name === 'Group administrator');
    expect(admin).toMatchObject({ users_count: 1, deleted_at: null });
    expect(admin.permissions.reservations).toEqual(['view', 'export', 'refund']);

    const found = (await get('/api/roles?search=manager'))
      .json()
      .roles.data.map((r: { name: string }) => r.name);
    expect(found.sort()).toEqual(['Brand manager', 'Dealership manager']);
  });

  it('answers the catalogue of areas and actions with labels', async () => {
    const res = await get('/api/roles/permissions');
    expect(res.statusCode).toBe(200);
    const pages = res.json().data.find((a: { area: string }) => a.area === 'pages');
    expect(pages.label).toBe('Pages');
    expect(pages.actions.map((a: { action: string }) => a.action)).toEqual(areaAccess.pages.actions);
    expect(pages.actions[0]).toEqual({ action: 'view', label: 'View' });
  });

  it('is refused to a role without roles.view, and reading a missing role is 404', async () => {
    const sales = await signedInAs(server, 'Sales');
    const refused = await get('/api/roles', sales.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role, Sales, cannot view roles.');
    expect((await get('/api/roles/show/999999')).statusCode).toBe(404);
  });
});

describe(`POST /api/roles/create and update (${databaseKind})`, () => {
  it('creates a role with its matrix normalised; show and the activity log have it', async () => {
    const id = await createRole({ reservations: ['refund', 'view', 'view'], pages: [] }, 'Refunds desk');
    const { data } = (await get(`/api/roles/show/${id}`)).json();
    expect(data).toMatchObject({
      id,
      name: 'Refunds desk',
      permissions: { reservations: ['view', 'refund'] },
    });
    expect(data.users_count).toBe(0);
    const log = (await get('/api/activity?page=1&area=roles')).json();
    expect(log.data[0]).toMatchObject({ action: 'created', record: { id, name: 'Refunds desk' } });
    const history = (await get(`/api/roles/history?id=${id}`)).json();
    expect(history.data.map((r: { action: string }) => r.action)).toEqual(['created']);
  });

  it('refuses an unknown area or action with field errors, and a name already taken', async () => {
    const bad = await post('/api/roles/create', {
      name: 'Odd',
      permissions: { garage: ['view'], pages: ['refund', 'view'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['permissions.garage', 'permissions.pages']);
    const taken = await post('/api/roles/create', { name: 'sales', permissions: {} });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['A role with this name already exists.'] });
    const validated = await post('/api/roles/validation', { name: 'SALES', permissions: {} });
    expect(validated.statusCode).toBe(422);
  });

  it('refuses to give a role more than the giver has, naming what is missing', async () => {
    // A role that may manage roles but not refund reservations.
    await createRole({ roles: ['view', 'create', 'update'], reservations: ['view'] }, 'Role keeper');
    const keeper = await signedInAs(server, 'Role keeper');
    const beyond = await post(
      '/api/roles/create',
      { name: 'Refunder', permissions: { reservations: ['view', 'refund'] } },
      keeper.token,
    );
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toContain('refund reservations');
    const within = await post(
      '/api/roles/create',
      { name: 'Viewer', permissions: { reservations: ['view'] } },
      keeper.token,
    );
    expect(within.statusCode, within.body).toBe(200);
    // Nor can they edit one that has more, even without adding anything.
    const admin = await roleId(server, 'Group administrator');
    const shown = (await get(`/api/roles/show/${admin}`)).json().data;
    const edit = await post(
      `/api/roles/update/${admin}`,
      { name: shown.name, permissions: shown.permissions },
      keeper.token,
    );
    expect(edit.statusCode).toBe(403);
  });

  it('answers 409 to a stale save, and applies a change at the holders’ next request', async () => {
    const id = await createRole({ brands: ['view'] }, 'Brand viewer');
    const holder = await signedInAs(server, 'Brand viewer');
    expect((await get('/api/brands', holder.token)).statusCode).toBe(200);
    const loaded = (await get(`/api/roles/show/${id}`)).json().data;
    const saved = await post(`/api/roles/update/${id}`, {
      name: 'Brand viewer',
      permissions: { pages: ['view'] },
      updated_at: loaded.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('You have updated a role.');
    const refused = await get('/api/brands', holder.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role, Brand viewer, cannot view brands.');
    const stale = await post(`/api/roles/update/${id}`, {
      name: 'Brand viewer',
      permissions: {},
      updated_at: loaded.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    const history = (await get(`/api/roles/history?id=${id}`)).json();
    expect(history.data.map((r: { action: string }) => r.action)).toEqual(['updated', 'created']);
  });
});

describe(`The last Group administrator's role (${databaseKind})`, () => {
  it('cannot lose a permission, be binned or be deleted', async () => {
    const admin = await roleId(server, 'Group administrator');
    const shown = (await get(`/api/roles/show/${admin}`)).json().data;
    const fewer = await post(`/api/roles/update/${admin}`, {
      name: shown.name,
      permissions: { ...shown.permissions, settings: ['view'] },
    });
    expect(fewer.statusCode).toBe(422);
    expect(fewer.json().errors.permissions).toEqual([
      'The role of the last Group administrator cannot lose a permission.',
    ]);
    const renamed = await post(`/api/roles/update/${admin}`, {
      name: 'Owners',
      permissions: shown.permissions,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const binned = await post('/api/roles/delete', { roles: [admin], type: 'all' });
    expect(binned.statusCode).toBe(422);
    // Its holder is active: no role held by anyone active goes to the bin.
    expect(binned.json().errors.roles).toEqual(['1 user holds this role: give them another role first.']);
    const [row] = await server.database.db.select().from(roles).where(eq(roles.id, admin));
    expect(row!.deletedAt).toBeNull();
    expect(row!.permissions.settings).toEqual(['view', 'update', 'export']);
  });
});

describe(`POST /api/roles/delete and restore (${databaseKind})`, () => {
  it('bins, restores and deletes forever a role nobody holds; refuses one still held', async () => {
    const free = await createRole({ pages: ['view'] }, 'Spare');
    const held = await createRole({ pages: ['view'] }, 'Held');
    const holder = await insertUser(server, { name: 'Holder', email: 'holder@example.com', role: 'Held' });

    // A binned role would give its active holders nothing they could see: it is refused while held.
    const refused = await post('/api/roles/delete', { roles: [free, held], type: 'all' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.roles).toEqual(['1 user holds this role: give them another role first.']);
    expect((await get('/api/roles?search=')).json().trashed.total).toBe(0);
    // Once its holder is in the bin it can follow them there, but not be deleted forever.
    expect((await post('/api/users/delete', { users: [holder], type: 'all' })).statusCode).toBe(200);
    expect((await post('/api/roles/delete', { roles: [free, held], type: 'all' })).json().message).toBe(
      'Moved 2 role(s) to the bin.',
    );
    const bin = (await get('/api/roles?search=')).json().trashed.data.map((r: { name: string }) => r.name);
    expect(bin).toEqual(expect.arrayContaining(['Spare', 'Held']));
    const forever = await post('/api/roles/delete', { roles: [held], type: 'trashed' });
    expect(forever.statusCode).toBe(422);
    expect(forever.json().errors.roles).toEqual(['1 user holds this role: give them another role first.']);
    expect((await post('/api/roles/restore', { roles: [held] })).json().message).toBe('Restored 1 role(s).');
    const gone = await post('/api/roles/delete', { roles: [free], type: 'trashed' });
    expect(gone.json().message).toBe('Deleted 1 role(s) forever.');
    expect((await get(`/api/roles/show/${free}`)).statusCode).toBe(404);
    const actions = (await get('/api/activity?page=1&area=roles'))
      .json()
      .data.map((e: { action: string; record: { name: string } }) => `${e.action} ${e.record.name}`);
    expect(actions.slice(0, 4)).toEqual([
      'deleted_forever Spare',
      'restored Held',
      'deleted Held',
      'deleted Spare',
    ]);
  });

  it('is refused to a role without roles.delete', async () => {
    const viewer = await createRole({ roles: ['view'] }, 'Role viewer');
    const who = await signedInAs(server, 'Role viewer');
    const res = await post('/api/roles/delete', { roles: [viewer], type: 'all' }, who.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your role, Role viewer, cannot delete roles.');
  });
});
