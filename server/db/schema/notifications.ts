import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * A notice to one user: a page reached their review stage, came back to them or was approved, or
 * a comment mentioned them. Written in the transaction of the change it tells of; `path` is the
 * console address of the record, `record` the record itself (`pages:12`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'review_waiting' | 'changes_requested' | 'approved' | 'mention'>().notNull(),
    text: text('text').notNull(),
    record: text('record').notNull(),
    path: text('path').notNull(),
    /** Who made the change (null: nobody signed in, or since removed). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    // The bell's list, newest first, and its unread count.
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // The read notices, oldest first: what retention forgets.
    index('notifications_read_idx').on(t.createdAt).where(sql`${t.readAt} is not null`),
  ],
);
