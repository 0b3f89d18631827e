import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { roleNamed } from '../../domain/access/roleNamed';
import { deletedAt, stamps } from './columns';
import { roles } from './roles';

export interface UserMeta {
  telephone?: string | null;
  job_title?: string | null;
  /** The avatar: a library item's id. */
  avatar_id?: number | null;
}

/** What the users list searches: name and e-mail in one trigram-indexed text. */
export const userSearchText = (t: { name: PgColumn; email: PgColumn }) =>
  sql`(${t.name} || ' ' || ${t.email})`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    meta: jsonb('meta').$type<UserMeta>().notNull().default({}),
    /** The user's one role; every user has one (the first admin is a Group administrator). */
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id)
      // An account made without naming a role (a script, a test's fixture) can only read.
      .$defaultFn(() => roleNamed('Read only')),
    /** Where they may act: both empty is the whole group; a brand includes its dealerships. */
    scopeBrandIds: integer('scope_brand_ids').array().notNull().default(sql`'{}'::integer[]`),
    scopeDealershipIds: integer('scope_dealership_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...stamps,
    deletedAt,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // Lists page active or binned users newest first.
    index('users_list_idx').on(t.deletedAt, t.id),
    index('users_role_idx').on(t.roleId),
    // Substring search (ILIKE '%...%'), as for brands and dealerships.
    index('users_search_idx')
      .using('gin', sql`${userSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** A signed-in session: one family of rotating refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: stamps.createdAt,
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the token: the token itself is never stored. */
    hash: text('hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Failed sign-ins per key (`email:...` or `ip:...`) within a window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
