import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { workflows } from '../../db/schema/workflows';
import { invalid } from '../../http/errors';
import { findPage, type PageRow } from './read';
import {
  DRAFT,
  LINK_STALE_REVISION,
  LINK_STALE_STAGE,
  type LinkReviewer,
  latestRevision,
  reviewRowOf,
} from './review';

/** Where a reviewer's link stands: good for this stage of this page, or refused, and why. */
export type LinkStanding =
  | { ok: true; page: PageRow; stage: string; workflow: string }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Whether a reviewer's link may still act (issue #28): its page waits, at the revision the link
 * was made for, in the stage it was made for, and that stage takes approval without an account.
 * The same checks run again under the review's lock when the reviewer acts.
 */
export async function linkStanding(
  db: Db,
  claim: Omit<LinkReviewer, 'viaLink'> & { pageId: number },
): Promise<LinkStanding> {
  const row = await findPage(db, 'page', claim.pageId);
  if (!row)
    return { ok: false, status: 404, message: 'The page this link showed has been deleted.' } as const;
  const [workflow] =
    row.workflowId === null ? [] : await db.select().from(workflows).where(eq(workflows.id, row.workflowId));
  const review = await reviewRowOf(db, row.id, false);
  if (!workflow || review?.state !== 'in_review' || review.stage !== claim.stage) {
    return { ok: false, status: 409, message: LINK_STALE_STAGE } as const;
  }
  if ((await latestRevision(db, 'page', row.id)) !== claim.revision) {
    return { ok: false, status: 409, message: LINK_STALE_REVISION } as const;
  }
  const stage = workflow.stages[review.stage];
  if (stage?.external !== true) {
    return {
      ok: false,
      status: 409,
      message: `${stage?.name ?? DRAFT} is approved by signed-in reviewers only.`,
    } as const;
  }
  return { ok: true, page: row, stage: stage.name, workflow: workflow.name } as const;
}

/** What a reviewer's link is made for: the stage a page waits in now, at its newest revision. */
export async function linkTarget(
  db: Db,
  row: PageRow,
): Promise<{ stage: number; stageName: string; revision: number }> {
  const [workflow] =
    row.workflowId === null ? [] : await db.select().from(workflows).where(eq(workflows.id, row.workflowId));
  const review = await reviewRowOf(db, row.id, false);
  const stage = review?.state === 'in_review' ? workflow?.stages[review.stage ?? 0] : undefined;
  if (!workflow || !stage || review?.stage == null) {
    throw invalid({ reviewer_email: 'This page is not waiting in a stage: submit it for review first.' });
  }
  if (stage.external !== true) {
    throw invalid({
      reviewer_email: `${stage.name} is approved by signed-in reviewers only: allow reviewers without an account in the workflow.`,
    });
  }
  const revision = await latestRevision(db, 'page', row.id);
  return { stage: review.stage, stageName: stage.name, revision: revision ?? 0 };
}
