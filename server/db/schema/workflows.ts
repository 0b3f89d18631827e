import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { pages } from './pages';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * One stage of a workflow: who may move a page on from it (any of these roles or users, and with
 * `external`, a reviewer without an account through a share-preview link naming their e-mail).
 */
export interface WorkflowStageColumn {
  name: string;
  role_ids: number[];
  user_ids: number[];
  external?: boolean;
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
  /** A form's thank-you message (absent from approvals made before forms were reviewed). */
  thank_you?: { title: string; description: string } | null;
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
    /** When the stage it waits in is due, set as it enters the stage (null: the stage has none). */
    dueAt: at('due_at'),
    /**
     * The page's workflow and owning brand (`pageBrand`), kept in step with `pages` by triggers
     * (migration 0038): the approval queue walks a stage's waiting pages without reading `pages`.
     */
    workflowId: integer('workflow_id'),
    brandId: integer('brand_id'),
  },
  (t) => [
    // The waiting pages, longest waiting first.
    index('page_reviews_queue_idx').on(t.since, t.pageId).where(sql`${t.state} = 'in_review'`),
    // One stage's waiting pages, longest waiting first: the approval queue walks one range per
    // stage. The brand and due time are keys so that scope and overdue are checked in the index.
    index('page_reviews_stage_queue_idx')
      .on(t.workflowId, t.stage, t.since, t.pageId, t.brandId, t.dueAt)
      .where(sql`${t.state} = 'in_review'`),
  ],
);

/**
 * How long each stage took: one row each time a page leaves a stage (approved on, or sent back),
 * kept apart from the revisions (which retention prunes) for the dashboard's medians.
 */
export const reviewStageTimes = pgTable(
  'review_stage_times',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    enteredAt: at('entered_at').notNull(),
    leftAt: at('left_at').notNull().defaultNow(),
  },
  (t) => [index('review_stage_times_workflow_idx').on(t.workflowId, t.stage)],
);
