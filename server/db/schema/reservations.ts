import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  type PgColumn,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns';

/**
 * What the reservations list searches: name, e-mail and registration, lower-cased as ILIKE compares
 * them. Stored beside the row, so a search's recheck of each candidate row is a plain LIKE.
 */
const reservationSearchText = (t: { name: PgColumn; email: PgColumn; registration: PgColumn }) =>
  sql`lower(${t.name} || ' ' || ${t.email} || ' ' || ${t.registration})`;

/**
 * The registration as a search compares it: lower-cased and without its spaces, so 'GH69AAS' finds
 * 'GH69 AAS' and 'gh 69aas' alike.
 */
const registrationSearchKey = (t: { registration: PgColumn }) =>
  sql`lower(replace(${t.registration}, ' ', ''))`;

/** A paid vehicle reservation, made and refunded at the card payment provider (spec §3 Reservation). */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    postalCode: text('postal_code'),
    registration: text('registration').notNull(),
    reservedAt: timestamp('reserved_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** When the refunded amount last grew; null while nothing is refunded. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** In the currency's smallest unit (pence for gbp). */
    amount: integer('amount').notNull(),
    /** ISO 4217, lower case, as Stripe names it. */
    currency: text('currency').notNull().default('gbp'),
    /** What is refunded so far, in the same unit: below `amount` a partial refund, equal a full one. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /**
     * The refunded amount the latest charge event carried, and that event's time: refund events
     * newer than it adjust it (see `payment_refunds`), older ones are already counted in it.
     */
    chargeRefunded: integer('charge_refunded').notNull().default(0),
    chargeSeenAt: timestamp('charge_seen_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /**
     * Refunds asked for from the console that Stripe's events have not reported yet (see
     * `reservation_refunds`), in the same unit: not in `amount_refunded`, but no longer refundable.
     */
    amountPending: integer('amount_pending').notNull().default(0),
    /** Card brand, expiry year and last four digits; null when the charge was paid without a card. */
    brand: text('brand'),
    expYear: integer('exp_year'),
    last4: text('last4'),
    chargeId: text('charge_id').notNull(),
    /** Where the reservation belongs (issue #25): its vehicle's dealership and that dealership's brand. */
    brandId: integer('brand_id'),
    dealershipId: integer('dealership_id'),
    ...stamps,
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => reservationSearchText(reservations)),
    registrationKey: text('registration_key')
      .notNull()
      .generatedAlwaysAs((): SQL => registrationSearchKey(reservations)),
  },
  (t) => [
    uniqueIndex('reservations_charge_unique').on(t.chargeId),
    // Newest first is the list's only order.
    index('reservations_reserved_idx').on(t.reservedAt.desc(), t.id.desc()),
    index('reservations_brand_idx').on(t.brandId, t.reservedAt.desc(), t.id.desc()),
    index('reservations_dealership_idx').on(t.dealershipId, t.reservedAt.desc(), t.id.desc()),
    index('reservations_search_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('reservations_registration_key_idx')
      .using('gin', sql`${t.registrationKey} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Reservations per day (UTC) and what they paid, kept with every stored reservation so the list's
 * total and the dashboard read a row a day, never every reservation.
 */
export const reservationDailyTotals = pgTable('reservation_daily_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  total: integer('total').notNull().default(0),
  /** In pence. */
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
});

/** Every payment provider event already applied: a replayed event id changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: stamps.createdAt,
});

/**
 * Each refund of a charge as its latest refund event described it. A refund event may arrive
 * before, after or between the charge's own events; the charge's refunded amount is worked out
 * from the newest charge event and the refunds updated after it.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id').notNull(),
    amount: integer('amount').notNull(),
    /** Pending or succeeded: the money is (being) returned. Failed or canceled: it is not. */
    active: boolean('active').notNull(),
    /** When the refund was made at Stripe. */
    refundCreatedAt: timestamp('refund_created_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }).notNull(),
    /** The time of the event that last described it. */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [index('payment_refunds_charge_idx').on(t.chargeId)],
);

/**
 * Refunds a member of staff asked for (`reservations/refund`), one row per request. `requested`
 * while Stripe is being asked; `pending` once Stripe made the refund, until one of its events
 * reports it (a `charge.refund.updated` of the refund, or a charge event at or after it):
 * then `refunded`, or `failed` when the refund failed or Stripe refused it. Stripe's idempotency key
 * is derived from the reservation and the row, so a repeated request refunds once.
 */
export const reservationRefunds = pgTable(
  'reservation_refunds',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id').notNull(),
    chargeId: text('charge_id').notNull(),
    /** In the charge currency's smallest unit. */
    amount: integer('amount').notNull(),
    /** Stripe's reason: requested_by_customer, duplicate or fraudulent; null when none was given. */
    reason: text('reason'),
    status: text('status').notNull().default('requested'),
    /** The refund's id at Stripe (re_...) and when Stripe made it, once it answered. */
    refundId: text('refund_id'),
    refundCreatedAt: timestamp('refund_created_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** Stripe's words when it refused the refund. */
    failure: text('failure'),
    requestedBy: integer('requested_by'),
    ...stamps,
  },
  (t) => [
    index('reservation_refunds_charge_idx').on(t.chargeId),
    index('reservation_refunds_reservation_idx').on(t.reservationId, t.createdAt.desc()),
    uniqueIndex('reservation_refunds_refund_unique').on(t.refundId),
  ],
);
