import { and, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  permissionCatalogueData,
  type RoleValues,
  rolesCreate,
  rolesDelete,
  rolesList,
  rolesOptions,
  rolesPermissions,
  rolesRestore,
  rolesShow,
  rolesUpdate,
  rolesValidation,
} from '@/api/contract/roles';
import { missingRecord } from '@/shared/missing';
import type { Db } from '../db/open';
import { users } from '../db/schema/users';
import { requireAnAdministrator } from '../domain/access/administrators';
import { requireWithinOwn } from '../domain/access/beyond';
import type { AuthUser } from '../domain/auth/guard';
import { liveSessions } from '../domain/auth/live';
import { recordRevision } from '../domain/history/record';
import { createRecord, type RecordMessages, saveVersioned, uniqueField } from '../domain/records';
import { findRole, findRoleRow, lockRoles, roleNameTaken, roleOptions, rolesListing } from '../domain/roles';
import { transaction } from '../domain/transaction';
import { registerBin, registerList } from '../http/area';
import { invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

const NAME_IN_USE = 'A role with this name already exists.';
const messages: RecordMessages = {
  notFound: missingRecord('role'),
  conflict: 'Someone else changed this role since you opened it. Reload to see their changes.',
  // Two people saving the same name at once: the unique index decides.
  refused: uniqueField('roles_name_unique', 'name', NAME_IN_USE),
};

/** What a role row stores from the form. */
const columns = (body: RoleValues) => ({ name: body.name, permissions: body.permissions });

export function rolesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  /** Rules the schema cannot know: a unique name, and no permission beyond the caller's own. */
  async function checkRules(body: RoleValues, user: AuthUser, id?: number, q: Db = db) {
    if (await roleNameTaken(q, body.name, id)) throw invalid({ name: NAME_IN_USE });
    requireWithinOwn(user, body.permissions, 'give a role');
  }

  registerList(app, rolesList, { db, key: 'roles', source: rolesListing });
  registerBin(app, {
    db,
    source: rolesListing,
    singular: 'role',
    calls: { remove: rolesDelete, restore: rolesRestore },
    rules: (_user, type) => ({
      before: async (tx, ids) => {
        // A role in the bin gives nobody anything: no active user may hold one. One deleted
        // forever must be held by nobody, binned users included. Counted under the roles' lock,
        // so a user given one of them at the same moment is counted or refused the role.
        await lockRoles(tx, ids);
        const [held] = await tx
          .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
          .from(users)
          .where(
            and(
              sql`${users.roleId} = any(${sql.param(ids)}::int[])`,
              type === 'trashed' ? undefined : isNull(users.deletedAt),
            ),
          );
        const n = held?.n ?? 0;
        if (n > 0) {
          throw invalid({
            roles: `${n} ${n === 1 ? 'user holds' : 'users hold'} this role: give ${n === 1 ? 'them' : 'each of them'} another role first.`,
          });
        }
      },
      after: (tx) =>
        requireAnAdministrator(tx, 'roles', 'The role of the last Group administrator cannot be removed.'),
    }),
  });

  registerCall(app, rolesPermissions, async () => ({ data: permissionCatalogueData() }));

  registerCall(app, rolesOptions, async ({ user }) => ({
    data: await roleOptions(db, user.access.role.permissions),
  }));

  registerCall(app, rolesShow, async ({ params }) => {
    const role = await findRole(db, params.id);
    if (!role) throw notFound(messages.notFound);
    return { data: role };
  });

  registerCall(app, rolesValidation, async ({ body, user }) => {
    if (body.id !== undefined && !(await findRoleRow(db, body.id))) throw notFound(messages.notFound);
    await checkRules(body, user, body.id);
    return { valid: true as const };
  });

  registerCall(app, rolesCreate, async ({ body, user }) => {
    await checkRules(body, user);
    const id = await transaction(db, async (tx) => {
      const { id } = await createRecord(tx, rolesListing.lifecycle, columns(body), messages);
      await recordRevision(tx, 'roles', 'created', id);
      return id;
    });
    return { id, message: 'You have added a new role.' };
  });

  registerCall(app, rolesUpdate, async ({ params, body, user }) => {
    const id = await transaction(db, async (tx) => {
      const { id } = await saveVersioned(tx, rolesListing.lifecycle, {
        id: params.id,
        loadedAt: body.updated_at,
        find: (id) => findRoleRow(tx, id),
        check: () => checkRules(body, user, params.id, tx),
        values: () => columns(body),
        messages,
        inTransaction: true,
      });
      await requireAnAdministrator(
        tx,
        'permissions',
        'The role of the last Group administrator cannot lose a permission.',
      );
      await recordRevision(tx, 'roles', 'updated', id);
      return id;
    });
    // Its holders have the new permissions at their next request.
    liveSessions(db).forgetAll();
    return { id, message: 'You have updated a role.' };
  });
}
