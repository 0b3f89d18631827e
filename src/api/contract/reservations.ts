import { z } from 'zod';
import { idParams, listQuery, paginator, timestamp } from './common';
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
  refunded: z.boolean(),
  refunded_at: timestamp.nullable(),
  /** In pence. */
  amount: z.number().int(),
  /** Card brand, as the card payment provider names it. */
  brand: z.string(),
  exp_year: z.number().int(),
  last4: z.string().regex(/^[0-9]{4}$/),
  /** The charge id at the card payment provider. */
  charge_id: z.string(),
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
  response: z.object({ data: reservation }),
  summary: 'One reservation with its refund and card details',
});

/** A charge as the card payment provider sends it inside its events. */
export const providerCharge = z.object({
  id: z.string().min(1).max(255),
  /** In pence. */
  amount: z.number().int().min(0).max(100_000_000),
  /** Unix seconds. */
  created: z.number().int().positive(),
  refunded: z.boolean().default(false),
  billing_details: z.object({
    name: z.string().max(255).nullish(),
    email: z.string().max(255).nullish(),
    phone: z.string().max(50).nullish(),
    address: z.object({ postal_code: z.string().max(20).nullish() }).nullish(),
  }),
  payment_method_details: z.object({
    card: z.object({
      brand: z.string().min(1).max(50),
      exp_year: z.number().int().min(2000).max(2200),
      last4: z.string().regex(/^[0-9]{4}$/),
    }),
  }),
  /** What the website attached to the payment: the reserved vehicle. */
  metadata: z.object({ registration: z.string().min(1).max(20) }),
});

/** One signed event from the card payment provider (the shape of Stripe's events). */
export const paymentEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  /** Unix seconds. */
  created: z.number().int().positive(),
  data: z.object({ object: z.unknown() }),
});
export type PaymentEvent = z.infer<typeof paymentEvent>;

export const paymentsWebhook = defineCall({
  method: 'POST',
  path: 'payments/webhook',
  auth: false,
  body: paymentEvent,
  response: z.object({ received: z.literal(true), applied: z.boolean() }),
  summary:
    'Charge succeeded and charge refunded events from the card payment provider, signed in the Payment-Signature header',
});

/** Every call of this area, under the name the console's `api.reservations` gives it. */
export const calls = {
  list: reservationsList,
  show: reservationsShow,
  webhook: paymentsWebhook,
};
