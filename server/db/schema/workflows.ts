import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { pages } from './pages';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** One stage of a workflow: who may move a page on from it (any of these roles or users). */
export interface WorkflowStageColumn {
  name: string;
  role_ids: number[];
  user_ids: number[];
  /** How long a page may wait in it; null: no due time. */
  due_hours: number | null;
}

/** What a workflow governs: subtrees of the page tree (by their roots), brands' pages, forms. */
export interface WorkflowAppliesColumn {
  page_ids: number[];
  brand_ids: number[];
  forms: boolean;
}

/**
 * A review workflow: the ordered stages a page passes before it goes on the website. The most
 * specific one governs a page (the deepest subtree root above it, else its brand's); the page's
 * `workflow_id` keeps the answer.
 */
export const workflows = pgTable('workflows', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  appliesTo: jsonb('applies_to')
    .$type<WorkflowAppliesColumn>()
    .notNull()
    .default({ page_ids: [], brand_ids: [], forms: false }),
  stages: jsonb('stages').$type<WorkflowStageColumn[]>().notNull().default([]),
  ...stamps,
});

/** The site-facing part of a page as a reviewer approved it: what the website serves. */
export interface ApprovedContentColumn {
  name: string;
  meta: Record<string, unknown>;
  items: unknown[];
  configurables: Record<string, unknown>;
}

/**
 * Where a page stands in its review: `draft` (being edited, or sent back), `in_review` at `stage`
 * (0-based) since `since`, or `approved`. `approved` holds the last approved content, which the
 * website serves while later edits are in review.
 */
export const pageReviews = pgTable(
  'page_reviews',
  {
    pageId: integer('page_id')
      .primaryKey()
      .references(() => pages.id, { onDelete: 'cascade' }),
    state: text('state').$type<'draft' | 'in_review' | 'approved'>().notNull().default('draft'),
    stage: integer('stage'),
    since: at('since').notNull().defaultNow(),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last reviewer's note (a request for changes says what to change). */
    comment: text('comment'),
    approved: jsonb('approved').$type<ApprovedContentColumn>(),
    approvedRevisionId: bigint('approved_revision_id', { mode: 'number' }),
    approvedAt: at('approved_at'),
  },
  (t) => [index('page_reviews_waiting_idx').on(t.since).where(sql`${t.state} = 'in_review'`)],
);
