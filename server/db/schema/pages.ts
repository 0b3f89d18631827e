import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { deletedAt, stamps } from './columns';

export interface PageMetaColumn {
  title: string;
  description: string;
}

/** A form's e-mails (spec §3 Form); null on pages. */
export interface FormEmailsColumn {
  subject: string;
  email_title: string;
  email_body: string;
  send_email: 0 | 1;
  email_lists: string[];
  email_type: 'dealerships' | 'emails';
}

export interface ThankYouColumn {
  title: string;
  description: string;
}

/**
 * Page templates (spec §3 Template): the blocks a child page starts with and the locks it is
 * given. Templates have no bin: the spec gives them no delete.
 */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    locked: boolean('locked').notNull().default(false),
    /** Pages made from this template start locked. */
    lockPages: boolean('lock_pages').notNull().default(false),
    isAllowedChildren: boolean('is_allowed_children').notNull().default(false),
    ...stamps,
  },
  (t) => [
    // The child template selector names templates: two of one name could not be told apart.
    uniqueIndex('templates_name_unique').on(sql`lower(${t.name})`),
  ],
);

/**
 * Pages and forms share one tree table: a form is a page with a handle (kept in `slug`), e-mails
 * and a thank-you message. `kind` keeps the two trees apart; a parent is always of the same kind.
 */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'page' | 'form'>().notNull().default('page'),
    name: text('name').notNull(),
    /** Pages: the full path ('/' for the homepage, else parent's slug + '/' + own part). Forms: the handle. */
    slug: text('slug').notNull(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): PgColumn => pages.id),
    /** Dense, 1-based position among the parent's children. */
    sortOrder: integer('sort_order').notNull(),
    meta: jsonb('meta').$type<PageMetaColumn>().notNull().default({ title: '', description: '' }),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** When a published page or form comes down by itself; null: it stays up. */
    unpublishAt: timestamp('unpublish_at', { withTimezone: true, mode: 'date', precision: 3 }),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    configurables: jsonb('configurables').$type<Record<string, unknown>>().notNull().default({}),
    locked: boolean('locked').notNull().default(false),
    childTemplateId: integer('child_template_id').references(() => templates.id, { onDelete: 'set null' }),
    sortBy: text('sort_by').$type<'sort_order' | 'published_at'>().notNull().default('sort_order'),
    sortByMode: text('sort_by_mode').$type<'asc' | 'desc'>().notNull().default('asc'),
    isAllowedChildren: boolean('is_allowed_children').notNull().default(false),
    isTreeRecursive: boolean('is_tree_recursive').notNull().default(false),
    emails: jsonb('emails').$type<FormEmailsColumn>(),
    thankYou: jsonb('thank_you').$type<ThankYouColumn>(),
    /** The review workflow that governs the page (the most specific one); null: it publishes freely. */
    workflowId: integer('workflow_id'),
    ...stamps,
    /** Set by a delete: the page stays restorable (Undo) for a short while, then is removed. */
    deletedAt,
  },
  (t) => [
    check('pages_kind_check', sql`${t.kind} in ('page', 'form')`),
    check('pages_sort_by_check', sql`${t.sortBy} in ('sort_order', 'published_at')`),
    check('pages_sort_by_mode_check', sql`${t.sortByMode} in ('asc', 'desc')`),
    check('pages_not_own_parent', sql`${t.parentId} is distinct from ${t.id}`),
    // Live pages are unique by slug within their kind; a deleted one waiting for Undo holds none.
    uniqueIndex('pages_slug_unique').on(t.kind, t.slug).where(sql`${t.deletedAt} is null`),
    // One parent's children in order, and whether a page has children at all.
    index('pages_parent_order_idx').on(t.parentId, t.sortOrder).where(sql`${t.deletedAt} is null`),
    index('pages_top_order_idx')
      .on(t.kind, t.sortOrder)
      .where(sql`${t.parentId} is null and ${t.deletedAt} is null`),
    index('pages_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('pages_brand_idx').on(t.brandId),
    index('pages_workflow_idx').on(t.workflowId).where(sql`${t.workflowId} is not null`),
    // What goes live or comes down next: the schedule, the start-up catch-up and the site's cache time.
    index('pages_publish_at_idx').on(t.publishedAt).where(sql`${t.published} and ${t.deletedAt} is null`),
    index('pages_unpublish_at_idx')
      .on(t.unpublishAt)
      .where(sql`${t.unpublishAt} is not null and ${t.deletedAt} is null`),
  ],
);

/**
 * Scheduled changes that took effect: one row per page, change and time, written by whichever
 * process got there first, so a change scheduled once takes effect once.
 */
export const scheduledChanges = pgTable(
  'scheduled_changes',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    change: text('change').$type<'publish' | 'unpublish'>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.change, t.at] }),
    check('scheduled_changes_change_check', sql`${t.change} in ('publish', 'unpublish')`),
  ],
);

/**
 * What the page search looks through, one row per page, kept up to date by a trigger on the
 * page's name and slug. Apart from the pages so that renumbering siblings (which rewrites many
 * rows' sort_order) never touches the trigram index.
 */
export const pageSearch = pgTable(
  'page_search',
  {
    pageId: integer('page_id')
      .primaryKey()
      .references(() => pages.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
  },
  (t) => [
    index('page_search_text_idx').using('gin', sql`${t.text} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);
