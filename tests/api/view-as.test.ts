import { users } from '@server/db/schema/users';
import { hashPassword } from '@server/domain/auth/passwords';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleTemplates } from '@/shared/access';
import { roleNamed } from '../../server/domain/access/roleNamed';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let sales: string;
/** The seeded templates' ids, 1..6 in `roleTemplates` order. */
const SALES_ID = roleTemplates.findIndex((r) => r.name === 'Sales') + 1;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  await server.database.db.insert(users).values({
    name: 'Sam Sales',
    email: 'sam@example.com',
    passwordHash: await hashPassword('sam password 12'),
    roleId: roleNamed('Sales'),
    scopeDealershipIds: [3],
  });
  sales = await server.login('sam@example.com', 'sam password 12');
});
afterAll(() => server.close());

const as = (token: string, view: string) => ({ token, headers: { 'x-view-as': view } });

describe(`X-View-As (${databaseKind})`, () => {
  it('answers auth/me with the viewed role, reduced to viewing, and the viewed scope', async () => {
    const res = await server.call('GET', '/api/auth/me', as(admin, `${SALES_ID};b=2;d=3,4`));
    expect(res.statusCode, res.body).toBe(200);
    const { role, scope, email } = res.json().data;
    expect(email).toBe('admin@example.com');
    expect(role).toEqual({
      id: SALES_ID,
      name: 'Sales',
      permissions: { dashboard: ['view'], responses: ['view'], reservations: ['view'] },
    });
    expect(scope).toEqual({ brand_ids: [2], dealership_ids: [3, 4] });
  });

  it('refuses what the viewed role may not see, and every write, with the 403 of that role', async () => {
    expect((await server.call('GET', '/api/responses', as(admin, String(SALES_ID)))).statusCode).toBe(200);
    const users = await server.call('GET', '/api/users', as(admin, String(SALES_ID)));
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toBe('Your role, Sales, cannot view users.');
    const exported = await server.call('POST', '/api/responses/export', {
      ...as(admin, String(SALES_ID)),
      body: {},
    });
    expect(exported.statusCode).toBe(403);
    expect(exported.json().message).toBe('Your role, Sales, cannot export enquiries.');
    const adminView = await server.call('POST', '/api/brands/create', {
      ...as(admin, '1'),
      body: { name: 'Viewed', slug: 'viewed' },
    });
    expect(adminView.statusCode).toBe(403);
    expect(adminView.json().message).toBe('Your role, Group administrator, cannot create brands.');
  });

  it('leaves the administrator’s own access alone without the header', async () => {
    const res = await server.call('GET', '/api/auth/me', { token: admin });
    expect(res.json().data.role.name).toBe('Group administrator');
    expect(res.json().data.role.permissions.users).toContain('create');
  });

  it('answers 403 to anyone else who sends it, even to view as their own role', async () => {
    const res = await server.call('GET', '/api/auth/me', as(sales, String(SALES_ID)));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your role, Sales, cannot view the console as another role.');
    const widened = await server.call('GET', '/api/users', as(sales, '1'));
    expect(widened.statusCode).toBe(403);
  });

  it('answers 422 to a header that names no role, or a role that does not exist', async () => {
    for (const value of ['', 'sales', '5;x=1', '5;b=1,,2', '5;b=1;b=2', '0']) {
      const res = await server.call('GET', '/api/auth/me', as(admin, value));
      expect(res.statusCode, value).toBe(422);
      expect(res.json().errors['X-View-As']).toEqual(['Choose a role and a scope to view as.']);
    }
    const missing = await server.call('GET', '/api/auth/me', as(admin, '999'));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['X-View-As']).toEqual(['The role to view as does not exist.']);
  });
});
