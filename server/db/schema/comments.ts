import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { pages } from './pages';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * A comment on a page, on one of its blocks (by the block's id, so it follows the block wherever
 * it moves) or on one field of a block; the revision the page was at when it was made; resolved
 * or open. Authors are kept by name too, so a comment outlives its author's account. A reply
 * belongs to the thread its first comment starts (`reply_to`), and is about what that one is about.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    /** The thread's first comment, for a reply; null for a comment that starts a thread. */
    replyTo: integer('reply_to').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    blockKey: uuid('block_key'),
    field: text('field'),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** The users the body mentions, as `[{id, name}]`. */
    mentions: jsonb('mentions')
      .$type<Array<{ id: number; name: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    revisionId: bigint('revision_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedByName: text('resolved_by_name'),
  },
  (t) => [index('comments_page_idx').on(t.pageId, t.id), index('comments_reply_to_idx').on(t.replyTo)],
);
