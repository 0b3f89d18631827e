import { users } from '@server/db/schema/users';
import { roleNamed } from '@server/domain/access/roleNamed';
import { hashPassword } from '@server/domain/auth/passwords';
import type { TestServer } from './harness';

const PASSWORD = 'scoped user password';
let made = 0;

/**
 * Adds a user with a seeded role and a scope (both lists empty: the whole group) straight into the
 * database, then signs them in through auth/login: the token a console of that user would hold.
 */
export async function signInWithRole(
  server: TestServer,
  role: string,
  scope: { brandIds?: number[]; dealershipIds?: number[] } = {},
): Promise<string> {
  made += 1;
  const email = `${role.toLowerCase().replace(/[^a-z]+/g, '.')}.${made}@example.com`;
  await server.database.db.insert(users).values({
    name: `${role} ${made}`,
    email,
    passwordHash: await hashPassword(PASSWORD),
    roleId: roleNamed(role),
    scopeBrandIds: scope.brandIds ?? [],
    scopeDealershipIds: scope.dealershipIds ?? [],
  });
  return server.login(email, PASSWORD);
}
