import type { FastifyInstance } from 'fastify';
import {
  responsesExport,
  responsesList,
  responsesLists,
  responsesResend,
  responsesShow,
  responsesSubmit,
  responsesTotals,
} from '@/api/contract/responses';
import type { Db } from '../db/open';
import { scopeParams } from '../domain/exportSources';
import { type ExportJobData, queueExport } from '../domain/exports';
import { deliveriesOf, resendFailedLeads } from '../domain/leads/deliveries';
import type { EnqueueWithin } from '../domain/mailQueue';
import { paginate } from '../domain/paginate';
import {
  ENQUIRY_TYPES,
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
import { exportQueued } from './settings';

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

  // Every read below is of the enquiries the user's scope reaches, decided in its SQL.
  registerCall(app, responsesList, async ({ query, raw, user }) => {
    const { scope } = user.access;
    const handle = query.handle ?? (await firstFormWithResponses(db, scope));
    const [rows, total, emailed] = await Promise.all([
      pageOfResponses(db, handle, query.page, scope),
      storedTotal(db, handle, scope),
      emailedTotal(db, handle, scope),
    ]);
    return {
      handle,
      responses: paginate(raw, rows, total, query.page),
      lists: responseLists(),
      total,
      full_total: total + emailed,
    };
  });

  registerCall(app, responsesShow, async ({ query, user }) => {
    // Out of the user's scope reads exactly as missing.
    const found = await findResponse(db, query.id, user.access.scope);
    if (!found) throw notFound('There is no responses available.');
    return { data: found, deliveries: await deliveriesOf(db, { responseId: found.id }) };
  });

  registerCall(app, responsesResend, async ({ body, user }) => {
    const found = await findResponse(db, body.id, user.access.scope);
    if (!found) throw notFound('There is no responses available.');
    const queued = await resendFailedLeads(db, opts.enqueueMail, found.id);
    if (queued === 0) throw new HttpError(409, 'This enquiry has no failed lead to send again.');
    return {
      message: queued === 1 ? 'The lead is being sent again.' : `${queued} leads are being sent again.`,
      deliveries: await deliveriesOf(db, { responseId: found.id }),
    };
  });

  // The forms' handles and titles only: no enquiry is read, so there is nothing to scope.
  registerCall(app, responsesLists, async () => ({ data: responseLists() }));

  registerCall(app, responsesTotals, async ({ user }) => ({
    data: await groupTotals(db, user.access.scope),
  }));

  registerCall(app, responsesExport, async ({ body, user }) => {
    const id = await queueExport(db, opts.enqueueExport, {
      kind: 'responses',
      name: ENQUIRY_TYPES[body.name].title,
      email: body.email,
      // The file holds only what the requester may see: their scope goes with the export.
      params: { handle: body.name, ...scopeParams(user.access.scope) },
      userId: user.id,
    });
    return { message: exportQueued(body.email), export_id: id };
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
