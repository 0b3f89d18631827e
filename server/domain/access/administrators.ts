import { and, isNull, sql } from 'drizzle-orm';
import { GROUP_ADMINISTRATOR, roleTemplates } from '@/shared/access';
import type { Db } from '../../db/open';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { invalid } from '../../http/errors';

/** Every cell of the matrix: what a Group administrator's role holds, whatever it is named. */
const everything = roleTemplates.find((t) => t.name === GROUP_ADMINISTRATOR)?.permissions ?? {};

/** One lock for every change that could leave the group without an administrator. */
const ADMINISTRATORS_LOCK = 25_001;

export const LAST_ADMINISTRATOR = 'The last Group administrator cannot be removed or demoted.';

/**
 * Whether the group still has a Group administrator: an active, group-wide user whose active role
 * holds every permission. Call it in the transaction of a change, after the change: it first
 * takes a lock that every such change takes, so of two changes made at once (each demoting one of
 * the last two administrators) the second counts after the first has committed, and is refused.
 */
export async function requireAnAdministrator(tx: Db, field: string, message = LAST_ADMINISTRATOR) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK})`);
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, sql`${roles.id} = ${users.roleId}`)
    .where(
      and(
        isNull(users.deletedAt),
        isNull(roles.deletedAt),
        sql`cardinality(${users.scopeBrandIds}) = 0 and cardinality(${users.scopeDealershipIds}) = 0`,
        sql`${roles.permissions} @> ${JSON.stringify(everything)}::jsonb`,
      ),
    )
    .limit(1);
  if (!found) throw invalid({ [field]: message });
}
