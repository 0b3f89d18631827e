import { eq, inArray, sql } from 'drizzle-orm';
import type { Review, WaitingPage } from '@/api/contract/workflows';
import type { Access, Scope } from '@/shared/access';
import type { Db } from '../../db/open';
import { pages } from '../../db/schema/pages';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { pageReviews, type WorkflowStageColumn, workflows } from '../../db/schema/workflows';
import { invalid } from '../../http/errors';
import { forbidden } from '../access/require';
import { recordRevision } from '../history/record';
import { findPage, type PageRow } from './read';
import { pageScopeSql } from './scope';
import { rowsOf, treeTransaction } from './transaction';

/** The words for where a page stands outside its workflow's stages. */
export const DRAFT = 'Draft';
export const APPROVED = 'Approved';

type ReviewRow = typeof pageReviews.$inferSelect;
type WorkflowRow = typeof workflows.$inferSelect;

/** Who a reviewer is, as a stage asks: their id and their role. */
export interface Reviewer {
  id: number;
  access: Access;
}

const stageOf = (workflow: WorkflowRow, review: ReviewRow | null): string => {
  if (!review || review.state === 'draft') return DRAFT;
  if (review.state === 'approved') return APPROVED;
  return workflow.stages[review.stage ?? 0]?.name ?? DRAFT;
};

/** Whether this user may move a page on from this stage: one of its roles or users. */
const holds = (stage: WorkflowStageColumn | undefined, who: Reviewer) =>
  stage !== undefined && (stage.user_ids.includes(who.id) || stage.role_ids.includes(who.access.role.id));

/**
 * The one review gate of the tree's writes. A page under a workflow reaches the website only as
 * approved: a change that puts one of these pages on it (the toggle, a save or an import that
 * publishes or schedules, a duplicate that publishes its children, putting back a published page)
 * is refused unless the page stands approved as it is now (`publish`); one that only brings a
 * published page into sight (a move) needs an approved version to show (`reveal`). Called in the
 * change's transaction, after the write, so the refusal undoes it.
 */
export async function requireReviewed(
  tx: Db,
  ids: readonly number[],
  mode: 'publish' | 'reveal',
): Promise<void> {
  if (ids.length === 0) return;
  const waiting = rowsOf<{
    name: string;
    workflow: string;
    stages: WorkflowStageColumn[];
    state: ReviewRow['state'] | null;
    stage: number | null;
    has_approved: boolean;
  }>(
    await tx.execute(sql`
      select p.name, w.name as workflow, w.stages, r.state, r.stage, (r.approved is not null) as has_approved
      from pages p
      join workflows w on w.id = p.workflow_id
      left join page_reviews r on r.page_id = p.id
      where p.id = any(${`{${ids.join(',')}}`}::int[]) and p.published and p.deleted_at is null
      order by p.id`),
  );
  const refused = waiting.find((row) =>
    mode === 'publish' ? row.state !== 'approved' : row.has_approved !== true,
  );
  if (!refused) return;
  const stage = refused.state === 'in_review' ? (refused.stages[refused.stage ?? 0]?.name ?? DRAFT) : DRAFT;
  throw forbidden(
    refused.state === 'in_review'
      ? `\u201c${refused.name}\u201d is waiting in ${stage} (${refused.workflow}): it goes on the website once it is approved.`
      : `\u201c${refused.name}\u201d is in ${stage} (${refused.workflow}): submit it for review; it goes on the website once it is approved.`,
  );
}

/**
 * A save of a page that stands approved: if what the website would show changed, the page is a
 * draft again (the website keeps its approved version until the next approval). A draft saved
 * back to exactly its approved version (a revision put back) stands approved again.
 */
export async function markEdited(tx: Db, id: number): Promise<void> {
  await tx.execute(sql`
    with now_as as (
      select r.page_id, r.state,
        (r.approved is not null and (p.name, p.meta, p.items, p.configurables) is not distinct from
          (r.approved->>'name', r.approved->'meta', r.approved->'items', r.approved->'configurables')) as same
      from page_reviews r join pages p on p.id = r.page_id
      where r.page_id = ${id} and r.state <> 'in_review'
    )
    update page_reviews r
    set state = case when n.same then 'approved' else 'draft' end, since = now(), comment = null
    from now_as n
    where r.page_id = n.page_id and (n.state = 'approved') <> n.same`);
}

async function workflowOf(tx: Db, row: PageRow): Promise<WorkflowRow> {
  const [workflow] =
    row.workflowId === null ? [] : await tx.select().from(workflows).where(eq(workflows.id, row.workflowId));
  if (!workflow) throw invalid({ id: 'This page is not under a review workflow: it publishes as it is.' });
  return workflow;
}

async function reviewRowOf(tx: Db, id: number, lock: boolean): Promise<ReviewRow | null> {
  const query = tx.select().from(pageReviews).where(eq(pageReviews.pageId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The names of a stage's roles and users, as 'Compliance, Jo Bloggs'. */
async function holderNames(tx: Db, stage: WorkflowStageColumn | undefined): Promise<string> {
  if (!stage) return '';
  const [roleRows, userRows] = await Promise.all([
    stage.role_ids.length
      ? tx.select({ name: roles.name }).from(roles).where(inArray(roles.id, stage.role_ids))
      : [],
    stage.user_ids.length
      ? tx.select({ name: users.name }).from(users).where(inArray(users.id, stage.user_ids))
      : [],
  ]);
  return [...roleRows, ...userRows].map((r) => r.name).join(', ');
}

/** Where a page stands in its review, as the builder shows it; null for a page under no workflow. */
export async function reviewOf(db: Db, row: PageRow, who: Reviewer): Promise<Review | null> {
  if (row.workflowId === null) return null;
  const [workflow] = await db.select().from(workflows).where(eq(workflows.id, row.workflowId));
  if (!workflow) return null;
  const review = await reviewRowOf(db, row.id, false);
  const state = review?.state ?? 'draft';
  const stage = state === 'in_review' ? workflow.stages[review?.stage ?? 0] : undefined;
  let holder = '';
  if (state === 'in_review') holder = await holderNames(db, stage);
  else if (state === 'draft') {
    const [submitter] = review?.submittedBy
      ? await db.select({ name: users.name }).from(users).where(eq(users.id, review.submittedBy))
      : [];
    holder = submitter?.name ?? 'The editors';
  }
  const since = review?.since ?? row.updatedAt;
  return {
    workflow_id: workflow.id,
    workflow_name: workflow.name,
    state,
    stage: stageOf(workflow, review),
    stage_index: state === 'in_review' ? (review?.stage ?? 0) : null,
    holder,
    since: since.toISOString(),
    due_at:
      stage?.due_hours != null ? new Date(since.getTime() + stage.due_hours * 3_600_000).toISOString() : null,
    approved_revision_id: review?.approvedRevisionId ?? null,
    comment: review?.comment ?? null,
    can_review: state === 'in_review' && holds(stage, who),
  };
}

const NOT_WAITING = 'This page is not waiting for a review.';

async function reviewed(
  db: Db,
  id: number,
  who: Reviewer,
  work: (tx: Db, page: PageRow, workflow: WorkflowRow, review: ReviewRow | null) => Promise<void>,
): Promise<Review> {
  const page = await treeTransaction(db, async (tx) => {
    const row = await findPage(tx, 'page', id, who.access.scope);
    if (!row) throw invalid({ id: 'Choose a page that exists.' });
    const workflow = await workflowOf(tx, row);
    await tx.insert(pageReviews).values({ pageId: id }).onConflictDoNothing();
    const review = await reviewRowOf(tx, id, true);
    await work(tx, row, workflow, review);
    return (await findPage(tx, 'page', id))!;
  });
  return (await reviewOf(db, page, who))!;
}

/** Sends a draft to the workflow's first stage. */
export function submitPage(db: Db, id: number, who: Reviewer): Promise<Review> {
  return reviewed(db, id, who, async (tx, _page, workflow, review) => {
    if (review?.state === 'in_review') {
      throw invalid({ id: `This page is already waiting in ${stageOf(workflow, review)}.` });
    }
    if (review?.state === 'approved') {
      throw invalid({ id: 'This page stands approved as it is: change it to submit it again.' });
    }
    await tx
      .update(pageReviews)
      .set({ state: 'in_review', stage: 0, since: new Date(), submittedBy: who.id, comment: null })
      .where(eq(pageReviews.pageId, id));
    await recordRevision(tx, 'pages', 'submitted', id, workflow.stages[0]?.name ?? null);
  });
}

function requireHolder(workflow: WorkflowRow, review: ReviewRow | null, who: Reviewer): WorkflowStageColumn {
  if (review?.state !== 'in_review') throw invalid({ id: NOT_WAITING });
  const stage = workflow.stages[review.stage ?? 0];
  if (!holds(stage, who)) {
    throw forbidden(`You are not a reviewer of ${stage?.name ?? DRAFT}, where this page is waiting.`);
  }
  return stage!;
}

/** Moves a page on from its stage; after the last, its content as it is now goes on the website. */
export function approvePage(db: Db, id: number, comment: string | undefined, who: Reviewer): Promise<Review> {
  return reviewed(db, id, who, async (tx, _page, workflow, review) => {
    const stage = requireHolder(workflow, review, who);
    const next = (review!.stage ?? 0) + 1;
    const note = comment?.trim() || null;
    if (next < workflow.stages.length) {
      await tx
        .update(pageReviews)
        .set({ stage: next, since: new Date(), comment: note })
        .where(eq(pageReviews.pageId, id));
      await recordRevision(tx, 'pages', 'approved', id, note ? `${stage.name}: ${note}` : stage.name);
      return;
    }
    // Approved at the last stage: the page goes live as it is now (a later publish time still waits).
    await tx
      .update(pages)
      .set({
        published: true,
        publishedAt: sql`coalesce(${pages.publishedAt}, now())`,
        unpublishAt: sql`case when ${pages.unpublishAt} <= now() then null else ${pages.unpublishAt} end`,
        updatedAt: new Date(),
      })
      .where(eq(pages.id, id));
    const revision = await recordRevision(
      tx,
      'pages',
      'approved',
      id,
      note ? `${stage.name}: ${note}` : stage.name,
    );
    await tx.execute(sql`
      update page_reviews r set state = 'approved', stage = null, since = now(), comment = ${note},
        approved = jsonb_build_object('name', p.name, 'meta', p.meta, 'items', p.items, 'configurables', p.configurables),
        approved_revision_id = ${revision}, approved_at = now()
      from pages p where r.page_id = ${id} and p.id = r.page_id`);
  });
}

/** Sends a page back to whoever submitted it, with what should change. */
export function requestChanges(db: Db, id: number, comment: string, who: Reviewer): Promise<Review> {
  return reviewed(db, id, who, async (tx, _page, workflow, review) => {
    const stage = requireHolder(workflow, review, who);
    await tx
      .update(pageReviews)
      .set({ state: 'draft', stage: null, since: new Date(), comment })
      .where(eq(pageReviews.pageId, id));
    await recordRevision(tx, 'pages', 'changes_requested', id, `${stage.name}: ${comment}`);
  });
}

/** Pages waiting in a stage that the user reaches: overdue first, then the longest waiting. */
export async function waitingPages(db: Db, scope: Scope, limit = 50): Promise<WaitingPage[]> {
  const rows = rowsOf<{
    id: number;
    name: string;
    workflow_name: string;
    stage: string | null;
    since: Date | string;
    due_at: Date | string | null;
  }>(
    await db.execute(sql`
      select p.id, p.name, w.name as workflow_name, w.stages->r.stage->>'name' as stage, r.since,
        r.since + make_interval(hours => (w.stages->r.stage->>'due_hours')::int) as due_at
      from page_reviews r
      join pages p on p.id = r.page_id and p.deleted_at is null
      join workflows w on w.id = p.workflow_id
      where r.state = 'in_review' and ${pageScopeSql(scope, sql`p`)}
      order by (r.since + make_interval(hours => (w.stages->r.stage->>'due_hours')::int)) < now() desc nulls last,
        r.since, p.id
      limit ${limit}`),
  );
  const now = Date.now();
  const iso = (at: Date | string) => new Date(at).toISOString();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    workflow_name: row.workflow_name,
    stage: row.stage ?? DRAFT,
    since: iso(row.since),
    due_at: row.due_at === null ? null : iso(row.due_at),
    overdue: row.due_at !== null && new Date(row.due_at).getTime() < now,
  }));
}
