import type { FastifyInstance } from 'fastify';
import {
  responseHandles,
  responsesExport,
  responsesList,
  responsesLists,
  responsesShow,
  responsesSubmit,
  responsesTotals,
} from '@/api/contract/responses';
import type { Db } from '../db/open';
import type { ResponseAnswer } from '../db/schema';
import { ENQUIRY_FORMS, submissionSchema } from '../domain/enquiry-forms';
import { type ExportJobData, queueExport } from '../domain/exports';
import { paginate } from '../domain/paginate';
import {
  emailedTotal,
  findResponse,
  groupTotals,
  pageOfResponses,
  responseLists,
  storedTotal,
  storeResponse,
} from '../domain/responses';
import { HttpError, notFound } from '../http/errors';
import { createRateLimiter } from '../http/rate-limit';
import { registerCall } from '../http/route';
import { EXPORT_QUEUED } from './settings';

export const SUBMITTED = 'Thank you, your enquiry has been sent.';

export function responsesRoutes(
  app: FastifyInstance,
  opts: { db: Db; enqueueExport: (data: ExportJobData) => Promise<string>; submissionsPerMinute?: number },
) {
  const { db } = opts;
  const limiter = createRateLimiter({ max: opts.submissionsPerMinute ?? 10, windowMs: 60_000 });

  registerCall(app, responsesList, async ({ query, raw }) => {
    const handle = query.handle ?? responseHandles[0];
    const [rows, total, emailed] = await Promise.all([
      pageOfResponses(db, handle, query.page),
      storedTotal(db, handle),
      emailedTotal(db, handle),
    ]);
    return {
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

  registerCall(app, responsesSubmit, async ({ body, raw }) => {
    if (!limiter.take(`${raw.ip}|${body.handle}`)) {
      throw new HttpError(429, 'Too many enquiries from this address. Please try again in a minute.');
    }
    const form = ENQUIRY_FORMS[body.handle];
    const parsed = submissionSchema(form).safeParse(body.fields);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const keys =
          issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.') || '_'];
        for (const key of keys) {
          const list = errors[`fields.${key}`] ?? [];
          list.push(issue.message);
          errors[`fields.${key}`] = list;
        }
      }
      throw new HttpError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
    }
    const values = parsed.data as Record<string, string | null>;
    const data: Record<string, ResponseAnswer> = {};
    for (const field of form.fields)
      data[field.name] = { label: field.label, result: values[field.name] ?? null };
    const id = await storeResponse(db, body.handle, data);
    return { message: SUBMITTED, id };
  });
}
