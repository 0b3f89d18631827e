import type { FastifyInstance } from 'fastify';
import {
  responsesExport,
  responsesList,
  responsesLists,
  responsesShow,
  responsesSubmit,
  responsesTotals,
} from '@/api/contract/responses';
import type { Db } from '../db/open';
import { type ExportJobData, queueExport } from '../domain/exports';
import type { EnqueueWithin } from '../domain/mailQueue';
import { paginate } from '../domain/paginate';
import {
  emailedTotal,
  findResponse,
  firstFormWithResponses,
  groupTotals,
  pageOfResponses,
  responseLists,
  storedTotal,
} from '../domain/responses';
import { createEnquiryDesk, TOO_MANY_ENQUIRIES } from '../domain/submissions';
import { HttpError, notFound, unprocessable } from '../http/errors';
import { registerCall } from '../http/route';
import { EXPORT_QUEUED } from './settings';

export const SUBMITTED = 'Thank you, your enquiry has been sent.';

export function responsesRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    enqueueExport: (data: ExportJobData, within: Db) => Promise<string>;
    enqueueMail: EnqueueWithin;
    submissionsPerMinute?: number;
  },
) {
  const { db } = opts;
  // Counted in the database: every API process, and the site's own form posts, share one allowance.
  const desk = createEnquiryDesk(
    { db, enqueueMail: opts.enqueueMail },
    { perMinute: opts.submissionsPerMinute },
  );

  registerCall(app, responsesList, async ({ query, raw }) => {
    const handle = query.handle ?? (await firstFormWithResponses(db));
    const [rows, total, emailed] = await Promise.all([
      pageOfResponses(db, handle, query.page),
      storedTotal(db, handle),
      emailedTotal(db, handle),
    ]);
    return {
      handle,
      responses: paginate(raw, rows, total, query.page),
      lists: responseLists(),
      total,
      full_total: total + emailed,
    };
  });

  registerCall(app, responsesShow, async ({ query }) => {
    const found = await findResponse(db, query.id);
    if (!found) throw notFound('There is no responses available.');
    return { data: found };
  });

  registerCall(app, responsesLists, async () => ({ data: responseLists() }));

  registerCall(app, responsesTotals, async () => ({ data: await groupTotals(db) }));

  registerCall(app, responsesExport, async ({ body, user }) => {
    const id = await queueExport(db, opts.enqueueExport, {
      kind: 'responses',
      email: body.email,
      params: { handle: body.name },
      userId: user.id,
    });
    return { message: EXPORT_QUEUED, export_id: id };
  });

  registerCall(app, responsesSubmit, async ({ body, raw }, reply) => {
    const result = await desk.submit(raw.ip, body.handle, body.fields);
    if (result.status === 'limited') {
      reply.header('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(429, TOO_MANY_ENQUIRIES);
    }
    if (result.status === 'missing') throw notFound('This form does not exist.');
    if (result.status === 'invalid') {
      throw unprocessable(result.errors);
    }
    return { message: SUBMITTED, id: result.id, thank_you: result.thankYou };
  });
}
