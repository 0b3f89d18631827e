import type { FastifyInstance } from 'fastify';
import type { ReviewCalls } from '@/api/contract/pageReview';
import type { Db } from '../db/open';
import type { NoticeMail } from '../domain/notifications/notify';
import type { TreeKind } from '../domain/pages/lists';
import { approvePage, requestChanges, submitPage } from '../domain/pages/review';
import { registerCall } from '../http/route';

/**
 * Submit, Approve and Request changes for pages or forms (issue #28). Both trees move their
 * reviews through the same domain functions, so whatever follows a move of a review follows both.
 */
export function registerReviewCalls(
  app: FastifyInstance,
  opts: {
    db: Db;
    /** How review moves send their notices' e-mail. */
    mail: NoticeMail;
    kind: TreeKind;
    calls: ReviewCalls;
    /** Queues the jobs for these rows' scheduled times (the last approval publishes). */
    schedule: (ids: readonly number[]) => Promise<void>;
  },
) {
  const { db, mail, kind, calls, schedule } = opts;
  const noun = kind === 'page' ? 'page' : 'form';

  registerCall(app, calls.submit, async ({ body, user }) => {
    const review = await submitPage(db, mail, body.id, user, kind);
    return { message: `The ${noun} is waiting in ${review.stage}.`, review };
  });

  registerCall(app, calls.approve, async ({ body, user }) => {
    const review = await approvePage(db, mail, body.id, body.comment, user, kind, body.updated_at);
    // The last approval publishes: a later publish time gets its job.
    await schedule([body.id]);
    return {
      message:
        review.state === 'approved'
          ? 'Approved: the website shows this version.'
          : `Approved: the ${noun} is waiting in ${review.stage}.`,
      review,
    };
  });

  registerCall(app, calls.requestChanges, async ({ body, user }) => {
    const review = await requestChanges(db, mail, body.id, body.comment, user, kind);
    return { message: `The ${noun} is back with ${review.holder}.`, review };
  });
}
