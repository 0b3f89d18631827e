import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Access } from '@/shared/access';
import { mayViewAs, parseViewAs, readOnlyPermissions, VIEW_AS_HEADER } from '@/shared/viewAs';
import type { Db } from '../../db/open';
import { roles } from '../../db/schema/roles';
import { invalid } from '../../http/errors';
import { forbidden } from '../access/require';

const header = VIEW_AS_HEADER.toLowerCase();

/**
 * The access a request acts with when it carries the "View as" header: the chosen role, reduced to
 * viewing, and the chosen scope. Null without the header. Only a user who may view as others
 * (`mayViewAs`) may send it: anyone else gets 403, so the header can never widen what they hold.
 */
export async function viewedAccess(db: Db, request: FastifyRequest, own: Access): Promise<Access | null> {
  const value = request.headers[header];
  if (value === undefined) return null;
  if (!mayViewAs(own)) {
    throw forbidden(`Your role, ${own.role.name}, cannot view the console as another role.`);
  }
  const view = typeof value === 'string' ? parseViewAs(value) : null;
  if (!view) throw invalid({ [VIEW_AS_HEADER]: 'Choose a role and a scope to view as.' });
  const [role] = await db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.id, view.roleId), isNull(roles.deletedAt)));
  if (!role) throw invalid({ [VIEW_AS_HEADER]: 'The role to view as does not exist.' });
  return { role: { ...role, permissions: readOnlyPermissions(role.permissions) }, scope: view.scope };
}
