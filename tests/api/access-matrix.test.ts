import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@/api/contract/all';
import { type CallDef, fillPath } from '@/api/contract/define';
import { pending } from '@/api/contract/pending';
import { permissionOf } from '@/api/contract/permissions';
import { allows, refusal, roleTemplates } from '@/shared/access';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

/**
 * Every role template × every call that needs a permission: the server refuses with 403 and the
 * refusal's words exactly when the role lacks the permission, and never refuses a call the role
 * has (whatever else the empty input makes it answer). Generated from the seeded templates and
 * the contract's permission table, so a new call or a changed template is covered without an edit.
 */
let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await createTestServer();
  for (const role of roleTemplates) tokens.set(role.name, (await signedInAs(server, role.name)).token);
});
afterAll(() => server.close());

const guarded = allCalls.filter((call) => !pending.includes(call) && typeof permissionOf(call) === 'object');
const label = (call: CallDef) => `${call.method} ${call.path}`;

/** The call with an input that names record 1 and carries nothing else: no write can land. */
const request = (call: CallDef, token: string) =>
  server.call(call.method, `/api/${fillPath(call.path, { id: 1, handle: 'none', slug: 'none' })}`, {
    token,
    ...(call.method === 'POST' ? { body: {} } : {}),
  });

describe(`Every role template × every guarded call (${databaseKind})`, () => {
  it('covers calls in every area a role can be given', () => {
    const areas = new Set(guarded.map((call) => (permissionOf(call) as { area: string }).area));
    expect(areas.size).toBeGreaterThanOrEqual(10);
  });

  for (const role of roleTemplates) {
    it(`${role.name}: refused exactly what the role lacks`, async () => {
      const mismatches: string[] = [];
      for (const call of guarded) {
        const permission = permissionOf(call) as Exclude<ReturnType<typeof permissionOf>, string>;
        const res = await request(call, tokens.get(role.name)!);
        const expected = refusal(
          { role: { id: 0, name: role.name, permissions: {} } },
          permission.action,
          permission.area,
        );
        const refused = res.statusCode === 403 && res.json().message === expected;
        if (allows(role.permissions, permission.action, permission.area) === refused) {
          mismatches.push(`${label(call)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe(`The OpenAPI document and permissions (${databaseKind})`, () => {
  it('names each guarded call’s permission and documents its 403', async () => {
    const document = (
      await server.call('GET', '/api/docs', { token: tokens.get('Group administrator') })
    ).json() as {
      paths: Record<
        string,
        Record<string, { description?: string; 'x-permission'?: string; responses: object }>
      >;
    };
    const wrong: string[] = [];
    for (const call of guarded) {
      const permission = permissionOf(call) as Exclude<ReturnType<typeof permissionOf>, string>;
      const path = `/api/${call.path.replace(/:([a-zA-Z_]+)/g, '{$1}')}`;
      const operation = document.paths[path]?.[call.method.toLowerCase()];
      const name = `${permission.area}.${permission.action}`;
      if (
        operation?.['x-permission'] !== name ||
        !operation.description?.includes(name) ||
        !('403' in operation.responses)
      ) {
        wrong.push(label(call));
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe(`The seeded roles (${databaseKind})`, () => {
  it('are the templates of the permission rule, matrix for matrix', async () => {
    const { roles } = await import('@server/db/schema/roles');
    const rows = await server.database.db
      .select({ name: roles.name, permissions: roles.permissions })
      .from(roles)
      .orderBy(roles.id);
    expect(rows).toEqual(roleTemplates.map((t) => ({ name: t.name, permissions: t.permissions })));
  });
});
