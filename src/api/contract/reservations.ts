import { z } from 'zod';
import { id, idParams, listQuery, messageResponse, paginator, timestamp } from './common';
import { defineCall } from './define';

/** A paid vehicle reservation (spec §3 Reservation). */
export const reservation = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  postal_code: z.string().nullable(),
  registration: z.string(),
  reserved_at: timestamp,
  /** True only once the whole amount is refunded; a partial refund leaves it false. */
  refunded: z.boolean(),
  /** When the refunded amount last grew; null while nothing is refunded. */
  refunded_at: timestamp.nullable(),
  /** In the currency's smallest unit: pence for gbp. */
  amount: z.number().int(),
  /** ISO 4217 code in lower case, as Stripe names it ('gbp', 'eur'). */
  currency: z.string(),
  /** Refunded so far, in the same unit; between 0 and `amount`. */
  amount_refunded: z.number().int(),
  /**
   * Refunds asked for from the console that Stripe has not reported yet, in the same unit: not in
   * `amount_refunded`, and no longer refundable. What is left to refund is
   * `amount - amount_refunded - amount_pending`.
   */
  amount_pending: z.number().int(),
  /** Card brand as Stripe names it ('visa'); null when the payment used no card. */
  brand: z.string().nullable(),
  exp_year: z.number().int().nullable(),
  last4: z
    .string()
    .regex(/^[0-9]{4}$/)
    .nullable(),
  /** The charge id at Stripe. */
  charge_id: z.string(),
  /** The brand of its vehicle's dealership; null: the group. */
  brand_id: z.number().int().nullable(),
  /** Its vehicle's dealership; null when the vehicle was not in stock at a known dealership. */
  dealership_id: z.number().int().nullable(),
});
export type Reservation = z.infer<typeof reservation>;

export const reservationsList = defineCall({
  method: 'GET',
  path: 'reservations',
  query: listQuery,
  response: z.object({ reservations: paginator(reservation) }),
  summary: 'Reservations, searched and paged, newest first',
});

export const reservationsShow = defineCall({
  method: 'GET',
  path: 'reservations/:id',
  params: idParams,
  response: z.object({
    data: reservation,
    /** Whether refunds can be sent from here: false where no Stripe secret key is set. */
    refunds_available: z.boolean(),
  }),
  summary: 'One reservation with its refund and card details, and whether refunds can be sent',
});

/** The reasons Stripe's Refunds API accepts. */
export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const reservationsRefund = defineCall({
  method: 'POST',
  path: 'reservations/refund',
  body: z.object({
    id,
    /** In the currency's smallest unit (pence); without it, everything left to refund. */
    amount: z
      .number({ error: 'The amount must be a number of pence.' })
      .int('The amount must be a whole number of pence.')
      .optional(),
    reason: z.enum(REFUND_REASONS, { error: 'Choose a reason Stripe accepts.' }).nullish(),
  }),
  response: z.object({ message: z.string(), data: reservation }),
  failures: { 502: messageResponse, 503: messageResponse },
  summary:
    'Refunds a paid reservation at Stripe (all that is left, or `amount` of it); the refund shows as pending until Stripe reports it',
});

/** Unix seconds, up to the end of year 9999: a later time is no date the database can hold. */
const unixSeconds = z.number().int().min(0).max(253_402_300_799);
/** Stripe's amounts: the smallest currency unit, at most eight digits. */
const stripeAmount = z.number().int().min(0).max(99_999_999);
/**
 * What Stripe says about the buyer and the card: kept, cut to `max` characters where it is longer
 * (a whole character is never split). A paid charge is stored whatever its buyer typed: refusing it
 * would only make Stripe send it again, for days, and lose the reservation.
 */
const text = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => (v && v.length > max ? Array.from(v).slice(0, max).join('') : v));

/**
 * The fields of Stripe's Charge object the console keeps. Stripe sends many more; they are ignored.
 * Everything about the buyer, the card and the vehicle may be missing: what is missing is stored
 * as 'N/A', never refused.
 */
export const stripeCharge = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('charge'),
  amount: stripeAmount,
  amount_refunded: stripeAmount.default(0),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'Expected a three-letter ISO 4217 currency code.')
    .transform((code) => code.toLowerCase()),
  created: unixSeconds,
  /** True once the whole amount is refunded. */
  refunded: z.boolean().default(false),
  billing_details: z
    .object({
      name: text(255),
      email: text(255),
      phone: text(50),
      address: z.object({ postal_code: text(20) }).nullish(),
    })
    .nullish(),
  /** Where Stripe sends the receipt: the buyer's address when the billing details have none. */
  receipt_email: text(255),
  payment_method_details: z
    .object({
      type: z.string().max(100).nullish(),
      card: z
        .object({
          brand: text(50),
          exp_month: z.number().int().min(1).max(12).nullish(),
          exp_year: z.number().int().min(0).max(9999).nullish(),
          last4: z
            .string()
            .regex(/^[0-9]{4}$/)
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
  /** What the website attached to the payment: the reserved vehicle's `registration`. */
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type StripeCharge = z.infer<typeof stripeCharge>;

/** The fields of Stripe's Refund object that `charge.refund.updated` events are read for. */
export const stripeRefund = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('refund'),
  amount: stripeAmount,
  /** The refunded charge's id (an expanded charge is read for its id). */
  charge: z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) })]),
  created: unixSeconds,
  /** pending, requires_action, succeeded, failed or canceled. */
  status: z.string().max(50).nullish(),
});
export type StripeRefund = z.infer<typeof stripeRefund>;

/**
 * One event as Stripe delivers it to a webhook endpoint. `data.object` is a Charge for
 * `charge.succeeded` and `charge.refunded`, a Refund for `charge.refund.updated`; events of any
 * other type are acknowledged and left alone, whatever they carry.
 */
export const stripeEvent = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('event').optional(),
  type: z.string().min(1).max(100),
  created: unixSeconds,
  api_version: z.string().max(50).nullish(),
  livemode: z.boolean().optional(),
  data: z.object({
    object: z.union([stripeCharge, stripeRefund, z.looseObject({})]),
  }),
});
export type StripeEvent = z.infer<typeof stripeEvent>;

/** The header Stripe signs every delivery in. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

export const paymentsWebhook = defineCall({
  method: 'POST',
  path: 'payments/webhook',
  auth: false,
  headers: z.looseObject({
    [STRIPE_SIGNATURE_HEADER]: z
      .string()
      .describe(
        'Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the signing secret> ' +
          '(several v1 while the secret is rolled; v0 is ignored). Older or newer than 300 s, or unmatched: 400.',
      ),
  }),
  body: stripeEvent,
  response: z.object({ received: z.literal(true), applied: z.boolean() }),
  summary:
    'Stripe webhook: charge.succeeded, charge.refunded and charge.refund.updated events, signed in the Stripe-Signature header; other events are acknowledged and ignored',
});

/** Every call of this area, under the name the console's `api.reservations` gives it. */
export const calls = {
  list: reservationsList,
  show: reservationsShow,
  refund: reservationsRefund,
  webhook: paymentsWebhook,
};
