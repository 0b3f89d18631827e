import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentsWebhook, reservationsList, reservationsShow } from '@/api/contract/reservations';
import type { Db } from '../db/open';
import { paginate } from '../domain/paginate';
import { verifySignature } from '../domain/payments';
import { applyPaymentEvent, findReservation, listReservations } from '../domain/reservations';
import { HttpError, invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

export const SIGNATURE_HEADER = 'payment-signature';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived: what the payment provider signed. */
    rawBody?: string;
  }
}

export function reservationsRoutes(app: FastifyInstance, opts: { db: Db; webhookSecret: string | null }) {
  const { db } = opts;

  registerCall(app, reservationsList, async ({ query, raw }) => {
    const { rows, total } = await listReservations(db, query);
    return { reservations: paginate(raw, rows, total, query.page) };
  });

  registerCall(app, reservationsShow, async ({ params }) => {
    const reservation = await findReservation(db, params.id);
    if (!reservation) throw notFound("The reservation you are trying to view doesn't exist.");
    return { data: reservation };
  });

  // Its own scope: only here is the raw JSON kept, and only here is a signature checked.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
      }
    });
    // Before the body is validated: an unsigned request learns nothing about what would pass.
    scope.addHook('preValidation', async (request: FastifyRequest) => {
      if (!opts.webhookSecret) throw new HttpError(404, 'Not found.');
      const header = request.headers[SIGNATURE_HEADER];
      const check = verifySignature(
        opts.webhookSecret,
        request.rawBody ?? '',
        Array.isArray(header) ? header[0] : header,
      );
      if (!check.ok) throw new HttpError(400, check.reason);
    });
    registerCall(scope, paymentsWebhook, async ({ body }) => {
      const result = await applyPaymentEvent(db, body);
      if ('invalid' in result) throw invalid({ 'data.object': result.invalid });
      return { received: true as const, applied: result.applied };
    });
  });
}
