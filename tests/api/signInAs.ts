import { roles } from '@server/db/schema/roles';
import { users } from '@server/db/schema/users';
import { roleNamed } from '@server/domain/access/roleNamed';
import { hashPassword } from '@server/domain/auth/passwords';
import type { Permissions } from '@/shared/access';
import type { TestServer } from './harness';

let made = 0;

/**
 * A member of staff with a role (a seeded template by name) and a scope (none: the whole group),
 * added straight to the database and signed in through auth/login as anyone would be.
 */
export async function signInAs(
  server: TestServer,
  role: string,
  scope: { brand_ids?: number[]; dealership_ids?: number[] } = {},
): Promise<{ id: number; token: string }> {
  made += 1;
  const email = `${role.toLowerCase().replace(/\W+/g, '-')}-${made}@example.com`;
  const password = 'a long enough password';
  const [row] = await server.database.db
    .insert(users)
    .values({
      name: `${role} ${made}`,
      email,
      passwordHash: await hashPassword(password),
      roleId: roleNamed(role),
      scopeBrandIds: scope.brand_ids ?? [],
      scopeDealershipIds: scope.dealership_ids ?? [],
    })
    .returning({ id: users.id });
  return { id: row!.id, token: await server.login(email, password) };
}

/** A role of the test's own making (the templates cannot express every gap), by name. */
export async function addRole(server: TestServer, name: string, permissions: Permissions): Promise<void> {
  await server.database.db.insert(roles).values({ name, permissions });
}
