import { and, asc, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { User } from '@/api/contract/users';
import { isGroupWide, type Scope } from '@/shared/access';
import { MAX_SERIAL_ID } from '../db/errors';
import type { Db } from '../db/open';
import { dealerships } from '../db/schema/dealerships';
import { roles } from '../db/schema/roles';
import { userSearchText, users } from '../db/schema/users';
import { isoTime, isoTimeOrNull } from './isoTime';
import type { LifecycleTable } from './lifecycle';
import type { ListExtras, ListNarrowing, ListSource } from './listing';
import { type ImageRow, imagesJson, recordImageOf } from './media/recordImages';

export const usersLifecycle: LifecycleTable = {
  table: users,
  id: users.id,
  deletedAt: users.deletedAt,
  updatedAt: users.updatedAt,
  key: 'users',
  noun: 'users',
  activity: { area: 'users', name: users.name },
  mediaUses: 'users',
};

export type UserRow = typeof users.$inferSelect;

/** What the API shows of a user: everything but the password hash, with their role's name. */
export type PublicUserRow = Omit<UserRow, 'passwordHash'> & { roleName: string; avatar: ImageRow[] | null };

export function toUser(row: PublicUserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    meta: {
      telephone: row.meta.telephone ?? null,
      job_title: row.meta.job_title ?? null,
      avatar: recordImageOf(row.meta.avatar_id, row.avatar),
    },
    role_id: row.roleId,
    role: { id: row.roleId, name: row.roleName },
    scope: { brand_ids: row.scopeBrandIds, dealership_ids: row.scopeDealershipIds },
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    deleted_at: isoTimeOrNull(row.deletedAt),
  };
}

const { passwordHash: _hash, ...publicColumns } = getTableColumns(users);

/** A user's avatar item, read with the user. */
export const userAvatarJson = imagesJson(sql`jsonb_build_array(${users.meta}->'avatar_id')`);

function selectUsers(db: Db, extra?: ListExtras) {
  return db
    .select({ ...publicColumns, roleName: roles.name, avatar: userAvatarJson, ...extra })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .$dynamic();
}

/** The users list: both tabs newest first, searched by name or e-mail; hashes stay in the database. */
export const usersListing: ListSource<PublicUserRow, User> = {
  name: 'users',
  lifecycle: usersLifecycle,
  searchText: userSearchText(users),
  select: selectUsers,
  toItem: toUser,
};

/**
 * The users whose scope lies within a scoped caller's (`brands`, `dealerships`: their scope as
 * SQL arrays): scoped themselves, to brands among theirs, and to dealerships among theirs or of
 * their brands. A group-wide user's scope is within no scoped caller's.
 */
function scopedWithin(brands: SQL, dealerships_: SQL): SQL {
  return sql`(cardinality(${users.scopeBrandIds}) + cardinality(${users.scopeDealershipIds}) > 0
    and ${users.scopeBrandIds} <@ ${brands}
    and ${users.scopeDealershipIds} <@ (${dealerships_} || array(select ${dealerships.id} from ${dealerships} where ${dealerships.brandId} = any(${brands}))))`;
}

/** The same condition for one statement with the caller's scope as values, or none for a group-wide caller. */
export function usersWithin(scope: Scope): SQL | undefined {
  if (isGroupWide(scope)) return undefined;
  return scopedWithin(
    sql`${sql.param(scope.brand_ids)}::int[]`,
    sql`${sql.param(scope.dealership_ids)}::int[]`,
  );
}

/** The users list's filters, as the query gives them. */
export interface UserFilters {
  role_id?: number;
  brand_id?: number;
  dealership_id?: number;
}

/**
 * What narrows one call of the users list: the caller's scope (none when group-wide, so the
 * plain statement serves them) and the query's filters, each a placeholder, so each combination
 * is one prepared statement. A brand filter keeps users scoped to the brand or to one of its
 * dealerships; a dealership filter keeps users scoped to it or to its brand.
 */
export function usersNarrowing(scope: Scope, filters: UserFilters): ListNarrowing | undefined {
  const parts: { key: string; where: SQL; values: Record<string, unknown> }[] = [];
  if (!isGroupWide(scope)) {
    parts.push({
      key: 's',
      where: scopedWithin(
        sql`${sql.placeholder('scope_brands')}::int[]`,
        sql`${sql.placeholder('scope_dealerships')}::int[]`,
      ),
      values: { scope_brands: scope.brand_ids, scope_dealerships: scope.dealership_ids },
    });
  }
  if (filters.role_id !== undefined) {
    parts.push({
      key: 'r',
      where: sql`${users.roleId} = ${sql.placeholder('role_id')}::int`,
      values: { role_id: filters.role_id },
    });
  }
  if (filters.brand_id !== undefined) {
    const brand = sql`${sql.placeholder('brand_id')}::int`;
    parts.push({
      key: 'b',
      where: sql`(${brand} = any(${users.scopeBrandIds}) or ${users.scopeDealershipIds} && array(select ${dealerships.id} from ${dealerships} where ${dealerships.brandId} = ${brand}))`,
      values: { brand_id: filters.brand_id },
    });
  }
  if (filters.dealership_id !== undefined) {
    const dealership = sql`${sql.placeholder('dealership_id')}::int`;
    parts.push({
      key: 'd',
      where: sql`(${dealership} = any(${users.scopeDealershipIds}) or (select ${dealerships.brandId} from ${dealerships} where ${dealerships.id} = ${dealership}) = any(${users.scopeBrandIds}))`,
      values: { dealership_id: filters.dealership_id },
    });
  }
  if (parts.length === 0) return undefined;
  return {
    key: parts.map((p) => p.key).join(''),
    where: and(...parts.map((p) => p.where)) as SQL,
    values: Object.assign({}, ...parts.map((p) => p.values)),
  };
}

export async function findUser(db: Db, id: number): Promise<UserRow | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The user as the show call answers, when the caller's scope reaches them; else null. */
export async function findUserWithin(db: Db, id: number, scope: Scope): Promise<PublicUserRow | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await selectUsers(db).where(and(eq(users.id, id), usersWithin(scope)));
  return row ?? null;
}

/** Of these ids, those the caller's scope does not reach (missing ones included). */
export async function usersOutside(db: Db, ids: number[], scope: Scope): Promise<number[]> {
  if (isGroupWide(scope)) return [];
  const valid = ids.filter((id) => id <= MAX_SERIAL_ID);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.id} = any(${sql.param(valid)}::int[])`, usersWithin(scope)));
  const inside = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !inside.has(id));
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

/** Whether another user (active or binned) already has this e-mail. */
export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
