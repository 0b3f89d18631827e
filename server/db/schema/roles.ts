import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Permissions } from '@/shared/access';
import { deletedAt, stamps } from './columns';

/** A role: a name and its matrix of permissions, area by action (`src/shared/access.ts`). */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<Permissions>().notNull().default({}),
    ...stamps,
    deletedAt,
  },
  (t) => [
    // Two roles of one name would read the same on every screen, binned or not.
    uniqueIndex('roles_name_unique').on(sql`lower(${t.name})`),
    index('roles_list_idx').on(t.deletedAt, t.id),
  ],
);
