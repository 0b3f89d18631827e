import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { User } from '@/api/contract/users';
import { MAX_SERIAL_ID } from '../db/errors';
import type { Db } from '../db/open';
import { userSearchText, users } from '../db/schema/users';
import type { LifecycleTable } from './lifecycle';
import type { ListSource } from './listing';

export const usersLifecycle: LifecycleTable = {
  table: users,
  id: users.id,
  deletedAt: users.deletedAt,
  updatedAt: users.updatedAt,
  key: 'users',
  noun: 'users',
  activity: { area: 'users', name: users.name },
};

export type UserRow = typeof users.$inferSelect;

/** What the API shows of a user: everything but the password hash. */
export type PublicUserRow = Omit<UserRow, 'passwordHash'>;

export function toUser(row: PublicUserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    meta: {
      telephone: row.meta.telephone ?? null,
      job_title: row.meta.job_title ?? null,
      avatar: row.meta.avatar ?? null,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

const { passwordHash: _hash, ...publicColumns } = getTableColumns(users);

/** The users list: both tabs newest first, searched by name or e-mail; hashes stay in the database. */
export const usersListing: ListSource<PublicUserRow, User> = {
  name: 'users',
  lifecycle: usersLifecycle,
  searchText: userSearchText(users),
  select: (db, extra) =>
    db
      .select({ ...publicColumns, ...extra })
      .from(users)
      .$dynamic(),
  toItem: toUser,
};

export async function findUser(db: Db, id: number): Promise<UserRow | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
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
