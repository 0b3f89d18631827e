import { eq, like, sql, sum } from 'drizzle-orm';
import type { PaymentEvent, Reservation } from '@/api/contract/reservations';
import { providerCharge } from '@/api/contract/reservations';
import type { Db } from '../db/open';
import { paymentEvents, reservationDailyTotals, reservations } from '../db/schema';
import { likePattern, selectPage, selectPageByIndex } from './paginate';

type ReservationRow = typeof reservations.$inferSelect;

/**
 * Newest first, in the order of the `reservations_reserved_idx` index (descending, nulls last):
 * a plain `desc` means nulls first, which that index cannot serve, and every page would sort the
 * whole table.
 */
const NEWEST_FIRST = [
  sql`${reservations.reservedAt} desc nulls last`,
  sql`${reservations.id} desc nulls last`,
];
type NewReservation = typeof reservations.$inferInsert;

/** The day a reservation counts towards, in the calendar the dashboard reads (UTC). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Adds reservations to their days' totals; run in the transaction that stored them. */
async function countIn(db: Db, stored: Array<{ reservedAt: Date; amount: number }>): Promise<void> {
  const perDay = new Map<string, { total: number; amount: number }>();
  for (const row of stored) {
    const day = perDay.get(dayOf(row.reservedAt)) ?? { total: 0, amount: 0 };
    day.total += 1;
    day.amount += row.amount;
    perDay.set(dayOf(row.reservedAt), day);
  }
  if (perDay.size === 0) return;
  await db
    .insert(reservationDailyTotals)
    .values([...perDay].map(([day, figures]) => ({ day, ...figures })))
    .onConflictDoUpdate({
      target: reservationDailyTotals.day,
      set: {
        total: sql`${reservationDailyTotals.total} + excluded.total`,
        amount: sql`${reservationDailyTotals.amount} + excluded.amount`,
      },
    });
}

/**
 * Stores reservations and counts them in their days, in one transaction: totals never drift.
 * Every reservation is stored through here (or `applyPaymentEvent`, which counts the same way).
 */
export async function storeReservations(db: Db, rows: NewReservation[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    const stored = await tx
      .insert(reservations)
      .values(rows)
      .returning({ reservedAt: reservations.reservedAt, amount: reservations.amount });
    await countIn(tx as unknown as Db, stored);
  });
}

/** Every reservation, from the daily totals. */
export async function reservationTotal(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sum(reservationDailyTotals.total).mapWith(Number) })
    .from(reservationDailyTotals);
  return row?.total ?? 0;
}

export function toReservation(row: ReservationRow): Reservation {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    postal_code: row.postalCode,
    registration: row.registration,
    reserved_at: row.reservedAt.toISOString(),
    refunded: row.refundedAt !== null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    amount: row.amount,
    brand: row.brand,
    exp_year: row.expYear,
    last4: row.last4,
    charge_id: row.chargeId,
  };
}

export async function listReservations(db: Db, opts: { search: string; page: number }) {
  if (!opts.search) {
    // Without a search the total comes from the daily totals, not a count of every row.
    const [rows, total] = await Promise.all([
      selectPageByIndex(db, reservations, reservations.id, undefined, NEWEST_FIRST, opts.page),
      reservationTotal(db),
    ]);
    return { rows: rows.map(toReservation), total };
  }
  // ILIKE as PostgreSQL runs it on a UTF-8 database (both sides lower-cased, then LIKE), with the
  // row's side lower-cased once, when it was stored.
  const where = like(reservations.searchText, sql`lower(${likePattern(opts.search)})`);
  const { rows, total } = await selectPage(db, reservations, where, NEWEST_FIRST, opts.page);
  return { rows: rows.map(toReservation), total };
}

export async function findReservation(db: Db, id: number): Promise<Reservation | null> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row ? toReservation(row) : null;
}

/** The events that change reservations; others are acknowledged and left alone. */
const CHARGE_EVENTS = new Set(['charge.succeeded', 'charge.refunded']);

export type ApplyResult = { applied: boolean } | { invalid: string };

/**
 * Applies one verified event exactly once: its id is recorded in the same transaction as its
 * change, so a replay (or two deliveries racing) finds the id taken and changes nothing. Both
 * events carry the whole charge, so a refund that arrives before its charge still records both.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<ApplyResult> {
  if (!CHARGE_EVENTS.has(event.type)) return { applied: false };
  const parsed = providerCharge.safeParse(event.data.object);
  if (!parsed.success) return { invalid: 'The charge in the event is not complete.' };
  const charge = parsed.data;
  const refunded = event.type === 'charge.refunded' || charge.refunded;
  const billing = charge.billing_details;
  const card = charge.payment_method_details.card;
  const eventTime = new Date(event.created * 1000);

  const reservedAt = new Date(charge.created * 1000);
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { applied: false };
    const stored = await tx
      .insert(reservations)
      .values({
        name: billing.name?.trim() || 'N/A',
        email: billing.email?.trim() || '',
        phone: billing.phone?.trim() || null,
        postalCode: billing.address?.postal_code?.trim() || null,
        registration: charge.metadata.registration.trim().toUpperCase(),
        reservedAt,
        refundedAt: refunded ? eventTime : null,
        amount: charge.amount,
        brand: card.brand,
        expYear: card.exp_year,
        last4: card.last4,
        chargeId: charge.id,
      })
      .onConflictDoUpdate({
        target: reservations.chargeId,
        // A refund keeps the first time it was seen; a late 'succeeded' never undoes a refund.
        set: {
          refundedAt: refunded
            ? sql`coalesce(${reservations.refundedAt}, ${eventTime.toISOString()}::timestamptz)`
            : sql`${reservations.refundedAt}`,
          updatedAt: new Date(),
        },
      })
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    if (stored[0]?.inserted) await countIn(tx as unknown as Db, [{ reservedAt, amount: charge.amount }]);
    return { applied: true };
  });
}
