import type { FastifyInstance } from 'fastify';
import {
  usersCreate,
  usersDelete,
  usersList,
  usersRestore,
  usersShow,
  usersUpdate,
  usersValidation,
} from '@/api/contract/users';
import type { Scope } from '@/shared/access';
import { missingRecord } from '@/shared/missing';
import type { Db } from '../db/open';
import { requireAnAdministrator } from '../domain/access/administrators';
import { checkGrant, describeHeld, describeScope } from '../domain/access/grant';
import { requirePermission } from '../domain/access/require';
import { afterCredentialChange, confirmCurrentPassword, credentialChange } from '../domain/auth/credentials';
import type { AuthUser } from '../domain/auth/guard';
import { hashPassword } from '../domain/auth/passwords';
import { revokeUserSessions } from '../domain/auth/sessions';
import { recordChange } from '../domain/history/record';
import type { Mailer } from '../domain/mail';
import { checkRecordMedia, saveRecordMedia } from '../domain/media/recordImages';
import { createRecord, type RecordMessages, saveVersioned, uniqueField } from '../domain/records';
import { holdersOfBinnedRoles } from '../domain/roles';
import { transaction } from '../domain/transaction';
import {
  emailTaken,
  findUser,
  findUserWithin,
  toUser,
  type UserFilters,
  type UserRow,
  usersListing,
  usersNarrowing,
  usersOutside,
} from '../domain/users';
import { registerBin, registerList } from '../http/area';
import { invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

const EMAIL_IN_USE = 'That e-mail address is already in use.';
const ON_BINNED_ROLE = 'Some of the selected users hold a role in the bin: restore the role first.';
const messages: RecordMessages = {
  notFound: missingRecord('user'),
  conflict: 'Someone else changed this user since you opened it. Reload to see their changes.',
  // Two people saving the same e-mail at once: the unique index decides.
  refused: uniqueField('users_email_unique', 'email', EMAIL_IN_USE),
};

/** What a user row stores from the form, besides the password. */
function meta(body: { telephone: string | null; job_title: string | null; avatar: number | null }) {
  return { telephone: body.telephone, job_title: body.job_title, avatar_id: body.avatar };
}

const scopeOf = (row: UserRow): Scope => ({
  brand_ids: row.scopeBrandIds,
  dealership_ids: row.scopeDealershipIds,
});

const sameScope = (a: Scope, b: Scope) =>
  a.brand_ids.join() === b.brand_ids.join() && a.dealership_ids.join() === b.dealership_ids.join();

export function usersRoutes(app: FastifyInstance, opts: { db: Db; mailer: Mailer }) {
  const { db, mailer } = opts;

  /** Rules the schema cannot know: a unique e-mail (the avatar is checked as it is saved). */
  async function checkRules(fields: { email: string }, id?: number, q: Db = db) {
    if (await emailTaken(q, fields.email, id)) throw invalid({ email: EMAIL_IN_USE });
  }

  /** A user the caller's scope reaches, or 404 as for a missing one. */
  async function reachable(q: Db, id: number, user: AuthUser): Promise<void> {
    if (!(await findUserWithin(q, id, user.access.scope))) throw notFound(messages.notFound);
  }

  /** Ids out of the caller's scope read as missing, in the same words a missing id gets. */
  const withinScope = (user: AuthUser) => async (tx: Db, ids: number[]) => {
    if ((await usersOutside(tx, ids, user.access.scope)).length > 0) {
      throw invalid({ users: 'Some of the selected users do not exist.' });
    }
  };

  registerList(app, usersList, {
    db,
    key: 'users',
    source: usersListing,
    narrow: (query, user) => usersNarrowing(user.access.scope, query as UserFilters),
  });
  registerBin(app, {
    db,
    source: usersListing,
    singular: 'user',
    calls: { remove: usersDelete, restore: usersRestore },
    guardDelete: (ids, user) => {
      if (ids.includes(user.id)) throw invalid({ users: 'You cannot delete your own account.' });
    },
    rules: (user, type) => ({
      before:
        type === 'restore'
          ? async (tx, ids) => {
              await withinScope(user)(tx, ids);
              // Back among the active users, each must hold a role that gives them something.
              if ((await holdersOfBinnedRoles(tx, ids)) > 0) throw invalid({ users: ON_BINNED_ROLE });
            }
          : withinScope(user),
      after: type === 'all' ? (tx) => requireAnAdministrator(tx, 'users') : undefined,
    }),
    // A binned user is signed out everywhere; restoring them later does not bring the sessions back.
    deleted: (ids) => revokeUserSessions(db, ids),
  });

  registerCall(app, usersShow, async ({ params, user }) => {
    if (params.id !== user.id) requirePermission(user, 'view', 'users');
    const row = await findUserWithin(db, params.id, user.access.scope);
    if (!row) throw notFound(messages.notFound);
    return { data: toUser(row) };
  });

  registerCall(app, usersValidation, async ({ body, user }) => {
    let current: UserRow | null = null;
    if (body.id !== undefined && body.id !== user.id) requirePermission(user, 'update', 'users');
    if (body.id !== undefined) {
      await reachable(db, body.id, user);
      current = await findUser(db, body.id);
    }
    await checkRules(body, body.id);
    await checkRecordMedia(db, 'users', body.id, { avatar: body.avatar }, user.access.scope);
    const roleId = body.role_id ?? current?.roleId;
    const scope = body.scope ?? (current ? scopeOf(current) : { brand_ids: [], dealership_ids: [] });
    if (roleId !== undefined)
      await checkGrant(db, user, roleId, scope, current ? scopeOf(current) : undefined);
    return { valid: true as const };
  });

  registerCall(app, usersCreate, async ({ body, user }) => {
    await checkRules(body);
    await checkGrant(db, user, body.role_id, body.scope);
    const passwordHash = await hashPassword(body.password);
    const id = await transaction(db, async (tx) => {
      // Read again in the transaction that stores the user: the role is held until it commits.
      const grant = await checkGrant(tx, user, body.role_id, body.scope);
      const values = {
        name: body.name,
        email: body.email,
        passwordHash,
        meta: meta(body),
        roleId: grant.role.id,
        scopeBrandIds: grant.scope.brand_ids,
        scopeDealershipIds: grant.scope.dealership_ids,
      };
      const { id } = await createRecord(tx, usersListing.lifecycle, values, messages);
      await saveRecordMedia(tx, 'users', id, { avatar: body.avatar }, user.access.scope);
      await recordChange(tx, {
        area: 'users',
        action: 'created',
        record: { id, name: body.name },
        detail: `Role: ${grant.role.name}; scope: ${describeScope(grant)}`,
      });
      return id;
    });
    return { id, message: 'You have added a new user.' };
  });

  registerCall(app, usersUpdate, async ({ params, body, user, raw }) => {
    if (params.id !== user.id) requirePermission(user, 'update', 'users');
    let change: ReturnType<typeof credentialChange> | undefined;
    let before: UserRow | undefined;
    let accessChanged = false;
    const id = await transaction(db, async (tx) => {
      await reachable(tx, params.id, user);
      let detail: string | null = null;
      let grant: Awaited<ReturnType<typeof checkGrant>> | undefined;
      const { id } = await saveVersioned(tx, usersListing.lifecycle, {
        id: params.id,
        loadedAt: body.updated_at,
        find: (id) => findUser(tx, id),
        check: async (current) => {
          await checkRules(body, params.id, tx);
          const held = scopeOf(current);
          grant = await checkGrant(tx, user, body.role_id ?? current.roleId, body.scope ?? held, held);
          const roleChanged = grant.role.id !== current.roleId;
          const scopeChanged = !sameScope(grant.scope, scopeOf(current));
          accessChanged = roleChanged || scopeChanged;
          if (accessChanged) {
            const held = await describeHeld(tx, current.roleId, scopeOf(current));
            detail = [
              roleChanged ? `Role: ${held.role} \u2192 ${grant.role.name}` : null,
              scopeChanged ? `Scope: ${held.scope} \u2192 ${describeScope(grant)}` : null,
            ]
              .filter(Boolean)
              .join('; ');
          }
          change = credentialChange(current, body);
          await confirmCurrentPassword(tx, {
            self: user.id === current.id,
            current,
            change,
            currentPassword: body.current_password,
          });
          before = current;
        },
        values: async () => ({
          name: body.name,
          email: body.email,
          ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
          meta: meta(body),
          ...(grant
            ? {
                roleId: grant.role.id,
                scopeBrandIds: grant.scope.brand_ids,
                scopeDealershipIds: grant.scope.dealership_ids,
              }
            : {}),
        }),
        messages,
        inTransaction: true,
      });
      await saveRecordMedia(tx, 'users', id, { avatar: body.avatar }, user.access.scope);
      if (accessChanged) await requireAnAdministrator(tx, 'role_id');
      await recordChange(tx, { area: 'users', action: 'updated', record: { id, name: body.name }, detail });
      return id;
    });
    // Once the change has committed: a new role or scope ends their sessions (yours but this one,
    // when it is your own) and applies at the next request.
    if (accessChanged) await revokeUserSessions(db, [id], user.id === id ? user.sessionId : undefined);
    if (change && before) {
      await afterCredentialChange(db, mailer, {
        before,
        newEmail: body.email,
        change,
        by: user,
        log: (error) => raw.log.error({ err: error }, 'could not send the sign-in change notice'),
      });
    }
    return { id, message: 'You have updated a user.' };
  });
}
