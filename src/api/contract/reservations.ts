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

/** Every call of this area, under the name the console's `api.reservations` gives it. */
export const calls = {
  list: reservationsList,
  show: reservationsShow,
};
