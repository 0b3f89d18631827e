import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 })
  .notNull()
  .defaultNow();

/**
 * One saved state of a page, form, template, brand, dealership or the settings: who saved it,
 * when, what kind of change, and the row as it was stored. `record` is the row's id as text, or
 * the settings key. A record's blocks are kept once each in `revision_blocks`; `blocks` lists
 * them in order and the stored row's `items` is left out.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    area: text('area').notNull(),
    record: text('record').notNull(),
    action: text('action').notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    createdAt,
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The md5 of each block (as a uuid: 16 bytes), in order; null for records without blocks. */
    blocks: uuid('blocks').array(),
  },
  (t) => [index('revisions_record_idx').on(t.area, t.record, t.id.desc())],
);

/** The blocks of a record's revisions, each distinct block once: a save that edits one block adds one. */
export const revisionBlocks = pgTable(
  'revision_blocks',
  {
    area: text('area').notNull(),
    record: text('record').notNull(),
    hash: uuid('hash').notNull(),
    body: jsonb('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.area, t.record, t.hash] })],
);

/** Every change by anyone, written in the transaction of the change itself. */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt,
    userId: integer('user_id'),
    userName: text('user_name'),
    area: text('area').notNull(),
    action: text('action').notNull(),
    recordId: integer('record_id'),
    recordName: text('record_name'),
    /** Cleared when the revision is pruned or its record deleted forever; the entry's text stays. */
    revisionId: bigint('revision_id', { mode: 'number' }).references(() => revisions.id, {
      onDelete: 'set null',
    }),
    detail: text('detail'),
    /**
     * Where the record belonged when the change was made (its brand, and its dealership where it is
     * a dealership's); both null for the group's own records and for changes of no one record. A
     * scoped user's log shows the entries in their scope. No foreign keys: the entry outlives them.
     */
    brandId: integer('brand_id'),
    dealershipId: integer('dealership_id'),
  },
  (t) => [
    index('activity_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('activity_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('activity_area_idx').on(t.area, t.createdAt.desc(), t.id.desc()),
    index('activity_action_idx').on(t.action, t.createdAt.desc(), t.id.desc()),
    // A scoped user's log: their brands' entries and their dealerships', newest first.
    index('activity_brand_idx').on(t.brandId, t.createdAt.desc(), t.id.desc()),
    index('activity_dealership_idx').on(t.dealershipId, t.createdAt.desc(), t.id.desc()),
    index('activity_revision_idx').on(t.revisionId).where(sql`${t.revisionId} is not null`),
  ],
);
