import { eq, inArray, sql } from 'drizzle-orm';
import type { Review } from '@/api/contract/workflows';
import type { Access } from '@/shared/access';
import type { Db } from '../../db/open';
import { pages } from '../../db/schema/pages';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import {
  pageReviews,
  reviewStageTimes,
  type WorkflowStageColumn,
  workflows,
} from '../../db/schema/workflows';
import { HttpError, invalid } from '../../http/errors';
import { forbidden } from '../access/require';
import { recordRevision } from '../history/record';
import { isoTime, isoTimeOrNull } from '../isoTime';
import type { NoticeMail } from '../notifications/notify';
import { notifyReviewMove } from '../notifications/review';
import { readTogether } from '../transaction';
import type { TreeKind } from './lists';
import { findPage, type PageRow } from './read';
import { rowsOf, treeTransaction } from './transaction';

/** The words for where a page stands outside its workflow's stages. */
export const DRAFT = 'Draft';
export const APPROVED = 'Approved';

type ReviewRow = typeof pageReviews.$inferSelect;
type WorkflowRow = typeof workflows.$inferSelect;

/** A signed-in reviewer, as a stage asks: their id and their role. */
export interface ConsoleReviewer {
  id: number;
  access: Access;
}

/**
 * A reviewer without a console account, named by e-mail, acting through a signed share-preview
 * link made for one stage of one revision: the link is good only while the page still waits in
 * that stage at that revision.
 */
export interface LinkReviewer {
  viaLink: true;
  email: string;
  stage: number;
  revision: number;
}

/** Who moves a review on. */
export type Reviewer = ConsoleReviewer | LinkReviewer;

const byLink = (who: Reviewer): who is LinkReviewer => 'viaLink' in who && who.viaLink === true;
const scopeOfReviewer = (who: Reviewer) => (byLink(who) ? undefined : who.access.scope);

/**
 * What a reviewer approves, as the website shows it: a page's name, meta, blocks and page-wide
 * fields, and a form's thank-you message too (of the page table's row `p`).
 */
export const approvedSnapshot = sql.raw(
  `jsonb_build_object('name', p.name, 'meta', p.meta, 'items', p.items, 'configurables', p.configurables, 'thank_you', p.thank_you)`,
);

const noun = (kind: TreeKind) => (kind === 'page' ? 'page' : 'form');
const areaOf = (kind: TreeKind) => (kind === 'page' ? 'pages' : 'forms');

const stageOf = (workflow: WorkflowRow, review: ReviewRow | null): string => {
  if (!review || review.state === 'draft') return DRAFT;
  if (review.state === 'approved') return APPROVED;
  return workflow.stages[review.stage ?? 0]?.name ?? DRAFT;
};

/**
 * Whether this reviewer may move a page on from this stage: one of its roles or users, or anyone
 * holding a link for it when the stage takes approval by reviewers without an account.
 */
const holds = (stage: WorkflowStageColumn | undefined, who: Reviewer) =>
  stage !== undefined &&
  (byLink(who)
    ? stage.external === true
    : stage.user_ids.includes(who.id) || stage.role_ids.includes(who.access.role.id));

async function workflowOf(tx: Db, row: PageRow): Promise<WorkflowRow> {
  const [workflow] =
    row.workflowId === null ? [] : await tx.select().from(workflows).where(eq(workflows.id, row.workflowId));
  if (!workflow) {
    throw invalid({ id: `This ${noun(row.kind)} is not under a review workflow: it publishes as it is.` });
  }
  return workflow;
}

/** The newest revision of a page or form: what a reviewer's link was made for. */
export async function latestRevision(tx: Db, kind: TreeKind, id: number): Promise<number | null> {
  const [row] = rowsOf<{ id: number | string }>(
    await tx.execute(
      sql`select id from revisions where area = ${areaOf(kind)} and record = ${String(id)} order by id desc limit 1`,
    ),
  );
  return row ? Number(row.id) : null;
}

export async function reviewRowOf(tx: Db, id: number, lock: boolean): Promise<ReviewRow | null> {
  const query = tx.select().from(pageReviews).where(eq(pageReviews.pageId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The names of a stage's roles and users, as 'Compliance, Jo Bloggs'. */
async function holderNames(tx: Db, stage: WorkflowStageColumn | undefined): Promise<string> {
  if (!stage) return '';
  const [roleRows, userRows] = await readTogether(tx, [
    () =>
      stage.role_ids.length
        ? tx.select({ name: roles.name }).from(roles).where(inArray(roles.id, stage.role_ids))
        : [],
    () =>
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
    since: isoTime(since),
    due_at: state === 'in_review' ? isoTimeOrNull(review?.dueAt) : null,
    approved_revision_id: review?.approvedRevisionId ?? null,
    comment: review?.comment ?? null,
    can_review: state === 'in_review' && holds(stage, who),
  };
}

const notWaiting = (kind: TreeKind) => `This ${noun(kind)} is not waiting for a review.`;

/** When a stage entered now is due; null for a stage without a due time. */
const dueFrom = (stage: WorkflowStageColumn | undefined, since: Date): Date | null =>
  stage?.due_hours != null ? new Date(since.getTime() + stage.due_hours * 3_600_000) : null;

/**
 * What follows every review move, in its transaction: the time the stage it left took (for the
 * dashboard's medians), and the notices of whoever it now waits for or comes back to.
 */
async function afterMove(
  tx: Db,
  mail: NoticeMail,
  kind: TreeKind,
  page: PageRow,
  workflow: WorkflowRow,
  before: ReviewRow | null,
): Promise<void> {
  const after = (await reviewRowOf(tx, page.id, false))!;
  const left =
    before?.state === 'in_review' && (after.state !== 'in_review' || after.stage !== before.stage)
      ? workflow.stages[before.stage ?? 0]
      : undefined;
  if (left && before) {
    await tx.insert(reviewStageTimes).values({
      pageId: page.id,
      workflowId: workflow.id,
      stage: left.name,
      enteredAt: before.since,
    });
  }
  await notifyReviewMove(tx, mail, {
    record: { kind, id: page.id, name: page.name },
    workflow,
    before,
    after,
  });
}

/**
 * Every move of a review, for pages and forms alike, goes through here: the page's review row is
 * locked for the transaction, so two moves at once are taken one after the other.
 */
async function reviewed(
  db: Db,
  mail: NoticeMail,
  kind: TreeKind,
  id: number,
  who: Reviewer,
  work: (tx: Db, page: PageRow, workflow: WorkflowRow, review: ReviewRow | null) => Promise<void>,
): Promise<Review> {
  const page = await treeTransaction(db, async (tx) => {
    const row = await findPage(tx, kind, id, scopeOfReviewer(who));
    if (!row) throw invalid({ id: `Choose a ${noun(kind)} that exists.` });
    const workflow = await workflowOf(tx, row);
    await tx.insert(pageReviews).values({ pageId: id }).onConflictDoNothing();
    const review = await reviewRowOf(tx, id, true);
    await work(tx, row, workflow, review);
    await afterMove(tx, mail, kind, row, workflow, review);
    return (await findPage(tx, kind, id))!;
  });
  return (await reviewOf(db, page, who))!;
}

/** Sends a draft to the workflow's first stage (a signed-in editor only). */
export function submitPage(
  db: Db,
  mail: NoticeMail,
  id: number,
  who: ConsoleReviewer,
  kind: TreeKind = 'page',
): Promise<Review> {
  return reviewed(db, mail, kind, id, who, async (tx, _page, workflow, review) => {
    if (review?.state === 'in_review') {
      throw invalid({ id: `This ${noun(kind)} is already waiting in ${stageOf(workflow, review)}.` });
    }
    if (review?.state === 'approved') {
      throw invalid({ id: `This ${noun(kind)} stands approved as it is: change it to submit it again.` });
    }
    const since = new Date();
    await tx
      .update(pageReviews)
      .set({
        state: 'in_review',
        stage: 0,
        since,
        dueAt: dueFrom(workflow.stages[0], since),
        submittedBy: who.id,
        comment: null,
      })
      .where(eq(pageReviews.pageId, id));
    await recordRevision(tx, areaOf(kind), 'submitted', id, workflow.stages[0]?.name ?? null);
  });
}

/** What a reviewer's link says when the page has moved on since it was made. */
export const LINK_STALE_STAGE = 'This link was made for another stage of the review: ask for a new link.';
export const LINK_STALE_REVISION =
  'This link was made for an earlier version of the page: it has changed since. Ask for a new link.';

async function requireHolder(
  tx: Db,
  kind: TreeKind,
  id: number,
  workflow: WorkflowRow,
  review: ReviewRow | null,
  who: Reviewer,
): Promise<WorkflowStageColumn> {
  if (review?.state !== 'in_review') {
    if (byLink(who)) throw new HttpError(409, LINK_STALE_STAGE);
    throw invalid({ id: notWaiting(kind) });
  }
  const at = review.stage ?? 0;
  const stage = workflow.stages[at];
  if (byLink(who)) {
    if (who.stage !== at) throw new HttpError(409, LINK_STALE_STAGE);
    if ((await latestRevision(tx, kind, id)) !== who.revision) throw new HttpError(409, LINK_STALE_REVISION);
  }
  if (!holds(stage, who)) {
    throw forbidden(
      byLink(who)
        ? `${stage?.name ?? DRAFT} is approved by signed-in reviewers only.`
        : `You are not a reviewer of ${stage?.name ?? DRAFT}, where this ${noun(kind)} is waiting.`,
    );
  }
  return stage!;
}

/** What an approval of a version the reviewer did not see says. */
export const approveStale = (kind: TreeKind) =>
  `This ${noun(kind)} was saved again since you opened it: reload it to see what you would approve.`;

/**
 * The version a signed-in reviewer saw (the `updated_at` their screen loaded) is the one stored: a
 * save made while the page waits may not go through on an approval given to what came before. The
 * row is locked to the end of the approval, so no save lands between this check and the approval.
 */
async function requireSeen(tx: Db, kind: TreeKind, id: number, seen: string): Promise<void> {
  const [row] = rowsOf<{ same: boolean }>(
    await tx.execute(
      sql`select date_trunc('milliseconds', updated_at) = ${seen}::timestamptz as same from pages where id = ${id} for update`,
    ),
  );
  if (!row?.same) throw new HttpError(409, approveStale(kind));
}

/**
 * Moves a page on from its stage; after the last, its content as it is now goes on the website.
 * `seen`: the version the reviewer approves, when they say (the console always does).
 */
export function approvePage(
  db: Db,
  mail: NoticeMail,
  id: number,
  comment: string | undefined,
  who: Reviewer,
  kind: TreeKind = 'page',
  seen?: string,
): Promise<Review> {
  return reviewed(db, mail, kind, id, who, async (tx, _page, workflow, review) => {
    const stage = await requireHolder(tx, kind, id, workflow, review, who);
    if (seen !== undefined) await requireSeen(tx, kind, id, seen);
    const next = (review!.stage ?? 0) + 1;
    const note = comment?.trim() || null;
    if (next < workflow.stages.length) {
      const since = new Date();
      await tx
        .update(pageReviews)
        .set({ stage: next, since, dueAt: dueFrom(workflow.stages[next], since), comment: note })
        .where(eq(pageReviews.pageId, id));
      await recordRevision(tx, areaOf(kind), 'approved', id, note ? `${stage.name}: ${note}` : stage.name);
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
      areaOf(kind),
      'approved',
      id,
      note ? `${stage.name}: ${note}` : stage.name,
    );
    await tx.execute(sql`
      update page_reviews r set state = 'approved', stage = null, since = now(), due_at = null, comment = ${note},
        approved = ${approvedSnapshot},
        approved_revision_id = ${revision}, approved_at = now()
      from pages p where r.page_id = ${id} and p.id = r.page_id`);
  });
}

/** Sends a page back to whoever submitted it, with what should change. */
export function requestChanges(
  db: Db,
  mail: NoticeMail,
  id: number,
  comment: string,
  who: Reviewer,
  kind: TreeKind = 'page',
): Promise<Review> {
  return reviewed(db, mail, kind, id, who, async (tx, _page, workflow, review) => {
    const stage = await requireHolder(tx, kind, id, workflow, review, who);
    await tx
      .update(pageReviews)
      .set({ state: 'draft', stage: null, since: new Date(), dueAt: null, comment })
      .where(eq(pageReviews.pageId, id));
    await recordRevision(tx, areaOf(kind), 'changes_requested', id, `${stage.name}: ${comment}`);
  });
}
