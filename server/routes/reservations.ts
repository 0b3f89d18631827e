import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  paymentsWebhook,
  reservationsList,
  reservationsRefund,
  reservationsShow,
  STRIPE_SIGNATURE_HEADER,
} from '@/api/contract/reservations';
import { formatMoney } from '@/shared/format';
import type { Db } from '../db/open';
import type { EnqueueWithin } from '../domain/mailQueue';
import { paginate } from '../domain/paginate';
import { verifyStripeSignature } from '../domain/payments';
import { refundReservation } from '../domain/reservationRefunds';
import { findReservation, listReservations } from '../domain/reservations';
import type { StripeRefunds } from '../domain/stripeClient';
import { applyStripeEvent } from '../domain/stripeEvents';
import { dottedErrors, HttpError, notFound } from '../http/errors';
import { registerCall } from '../http/route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived: the bytes Stripe signed. */
    rawBody?: Buffer;
  }
}

/** What Stripe is told when an event it signed cannot be read: a 400, as its own libraries answer. */
function unreadableEvent(errors: Record<string, string[]>): HttpError {
  const [field, [message] = []] = Object.entries(errors)[0] ?? [];
  return new HttpError(
    400,
    field ? `The event is not valid: ${field}: ${message}` : 'The event is not valid.',
    errors,
  );
}

export function reservationsRoutes(
  app: FastifyInstance,
  opts: { db: Db; webhookSecret: string | null; stripe: StripeRefunds | null; enqueueMail?: EnqueueWithin },
) {
  const { db } = opts;

  // Only the reservations the user's scope reaches, decided in the SQL; out of scope reads as missing.
  registerCall(app, reservationsList, async ({ query, raw, user }) => {
    const { rows, total } = await listReservations(db, query, user.access.scope);
    return { reservations: paginate(raw, rows, total, query.page) };
  });

  registerCall(app, reservationsShow, async ({ params, user }) => {
    const reservation = await findReservation(db, params.id, user.access.scope);
    if (!reservation) throw notFound("The reservation you are trying to view doesn't exist.");
    return { data: reservation, refunds_available: opts.stripe !== null };
  });

  // The reservation is looked for within the user's scope, in the SQL: out of scope reads as missing.
  registerCall(app, reservationsRefund, async ({ body, user }) => {
    if (!opts.stripe) {
      throw new HttpError(
        503,
        'Refunds cannot be made here: no Stripe secret key (STRIPE_SECRET_KEY) is set.',
      );
    }
    const { reservation, amount, repeated } = await refundReservation(db, opts.stripe, {
      id: body.id,
      amount: body.amount,
      reason: body.reason,
      scope: user.access.scope,
      userId: user.id,
    });
    return {
      message: repeated
        ? `The refund of ${formatMoney(amount, reservation.currency)} was already sent to Stripe.`
        : `The refund of ${formatMoney(amount, reservation.currency)} has been sent to Stripe.`,
      data: reservation,
    };
  });

  // Its own scope: only here is the raw body kept, and only here is a signature checked. The body
  // is kept and read as JSON whatever its content type says: the signature is over its bytes, so a
  // delivery labelled otherwise is checked, not refused as unsigned.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
      request.rawBody = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
      }
    });
    // Before the body is validated: an unsigned request learns nothing about what would pass.
    scope.addHook('preValidation', async (request: FastifyRequest) => {
      if (!opts.webhookSecret) throw new HttpError(404, 'Not found.');
      const header = request.headers[STRIPE_SIGNATURE_HEADER];
      const check = verifyStripeSignature(
        opts.webhookSecret,
        request.rawBody ?? Buffer.alloc(0),
        Array.isArray(header) ? header[0] : header,
      );
      if (!check.ok) throw new HttpError(400, check.reason);
    });
    // A signed event that does not read as one is a 400 with its fields, never a 422 or a 500.
    scope.setErrorHandler((error: FastifyError) => {
      if (!hasZodFastifySchemaValidationErrors(error)) throw error;
      throw unreadableEvent(
        dottedErrors(
          error.validation.map((v) => ({
            path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.'),
            message: v.message ?? 'The value is not valid.',
          })),
        ),
      );
    });
    registerCall(scope, paymentsWebhook, async ({ body }) => {
      const result = await applyStripeEvent(db, body, opts.enqueueMail);
      if ('invalid' in result) {
        throw unreadableEvent(Object.fromEntries(Object.entries(result.invalid).map(([k, v]) => [k, [v]])));
      }
      return { received: true as const, applied: result.applied };
    });
  });
}
