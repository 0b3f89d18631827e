import { and, asc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@/api/contract/roles';
import { type Permissions, withinPermissions } from '@/shared/access';
import { MAX_SERIAL_ID } from '../db/errors';
import type { Db } from '../db/open';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { isoTime, isoTimeOrNull } from './isoTime';
import type { LifecycleTable } from './lifecycle';
import type { ListExtras, ListSource } from './listing';

export const rolesLifecycle: LifecycleTable = {
  table: roles,
  id: roles.id,
  deletedAt: roles.deletedAt,
  updatedAt: roles.updatedAt,
  key: 'roles',
  noun: 'roles',
  activity: { area: 'roles', name: roles.name },
};

export type RoleRow = typeof roles.$inferSelect;

/** How many users hold the role, active or in the bin (a role deleted forever must have none). */
// Spelled out in full: drizzle leaves the columns of a one-table select unqualified, and `id`
// would then name the user's.
const usersCount =
  sql<number>`(select count(*) from "users" u where u."role_id" = "roles"."id")::int`.mapWith(Number);

/** What the roles list searches: the name. */
export const roleSearchText = sql`${roles.name}`;

function selectRoles(db: Db, extra?: ListExtras) {
  return db
    .select({ ...getTableColumns(roles), usersCount, ...extra })
    .from(roles)
    .$dynamic();
}

export function toRole(row: RoleRow & { usersCount: number }): Role {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    users_count: row.usersCount,
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    deleted_at: isoTimeOrNull(row.deletedAt),
  };
}

/** The roles list: both tabs newest first, searched by name, each with how many users hold it. */
export const rolesListing: ListSource<RoleRow & { usersCount: number }, Role> = {
  name: 'roles',
  lifecycle: rolesLifecycle,
  searchText: roleSearchText,
  select: selectRoles,
  toItem: toRole,
};

export async function findRole(db: Db, id: number): Promise<Role | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await selectRoles(db).where(eq(roles.id, id));
  return row ? toRole(row) : null;
}

/** The stored row, for the version check before an update. */
export async function findRoleRow(db: Db, id: number): Promise<RoleRow | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

/** A stored role row (a revision's) as the show call answers it, with how many hold it now. */
export async function roleFromRow(db: Db, row: RoleRow): Promise<Role> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(users)
    .where(eq(users.roleId, row.id));
  return toRole({ ...row, usersCount: counted?.n ?? 0 });
}

/** Whether another role (active or binned) already has this name, in any case. */
export async function roleNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(sql`lower(${roles.name})`, name.trim().toLowerCase()),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Every active role as a select option, by name, marked `assignable` when its permissions all lie
 * within `held` (the caller's): the rule `users/validation` refuses the others by.
 */
export async function roleOptions(db: Db, held: Permissions) {
  const rows = await db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(isNull(roles.deletedAt))
    .orderBy(asc(roles.name), asc(roles.id));
  return rows.map(({ id, name, permissions }) => ({
    id,
    name,
    assignable: withinPermissions(held, permissions),
  }));
}

/**
 * The active role of this id with its permissions, or null (missing or in the bin). The row is
 * share-locked until the transaction ends, so a user given it is stored before the role can go to
 * the bin; a bin or delete that got there first is waited for, and the role then reads as gone.
 */
export async function activeRole(db: Db, id: number): Promise<RoleRow | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), isNull(roles.deletedAt)))
    .for('share');
  return row ?? null;
}

/**
 * Locks these roles until the transaction ends, in id order, before a bin call counts who holds
 * them: a user given one meanwhile is then either counted, or waits and finds it gone.
 */
export async function lockRoles(tx: Db, ids: number[]): Promise<void> {
  const valid = ids.filter((id) => id <= MAX_SERIAL_ID);
  if (valid.length === 0) return;
  await tx
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.id} = any(${sql.param(valid)}::int[])`)
    .orderBy(asc(roles.id))
    .for('update');
}

/**
 * How many of these users hold a role in the bin. Their roles are share-locked until the
 * transaction ends, as a grant's is, so a role cannot go to the bin while they are restored.
 */
export async function holdersOfBinnedRoles(tx: Db, userIds: number[]): Promise<number> {
  const valid = userIds.filter((id) => id <= MAX_SERIAL_ID);
  if (valid.length === 0) return 0;
  const held = await tx
    .select({ binned: sql<boolean>`${roles.deletedAt} is not null` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`${users.id} = any(${sql.param(valid)}::int[])`)
    .orderBy(asc(roles.id))
    .for('share', { of: roles });
  return held.filter((row) => row.binned).length;
}
