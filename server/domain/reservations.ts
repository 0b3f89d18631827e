import { eq, like, sql, sum } from 'drizzle-orm';
import type { Reservation } from '@/api/contract/reservations';
import type { Db } from '../db/open';
import { reservationDailyTotals, reservations } from '../db/schema/reservations';
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

/** The currency the dashboard's reservation value is counted in. */
const VALUE_CURRENCY = 'gbp';

/**
 * Adds reservations to their days' totals; run in the transaction that stored them. Every
 * reservation counts; only those paid in pounds add to the value, which is a sum in pence.
 */
export async function countIn(
  db: Db,
  stored: Array<{ reservedAt: Date; amount: number; currency: string }>,
): Promise<void> {
  const perDay = new Map<string, { total: number; amount: number }>();
  for (const row of stored) {
    const day = perDay.get(dayOf(row.reservedAt)) ?? { total: 0, amount: 0 };
    day.total += 1;
    if (row.currency === VALUE_CURRENCY) day.amount += row.amount;
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
 * Every reservation is stored through here (or `applyStripeEvent`, which counts the same way).
 */
export async function storeReservations(db: Db, rows: NewReservation[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    const stored = await tx.insert(reservations).values(rows).returning({
      reservedAt: reservations.reservedAt,
      amount: reservations.amount,
      currency: reservations.currency,
    });
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
    refunded: row.amount > 0 && row.amountRefunded >= row.amount,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    amount: row.amount,
    currency: row.currency,
    amount_refunded: row.amountRefunded,
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
