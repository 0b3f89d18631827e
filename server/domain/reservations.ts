import { and, count, eq, like, or, sql, sum } from 'drizzle-orm';
import type { Reservation } from '@/api/contract/reservations';
import { type Scope, wholeGroup } from '@/shared/access';
import type { Db } from '../db/open';
import { reservationDailyTotals, reservations } from '../db/schema/reservations';
import { GROUP_OWNED, inScope } from './access/scope';
import { isoTime, isoTimeOrNull } from './isoTime';
import { likePattern, selectPage, selectPageByIndex } from './paginate';
import { ownersOfVehicles } from './vehicleOwners';

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
export const VALUE_CURRENCY = 'gbp';

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
 * Each belongs to its vehicle's dealership (`ownersOfVehicles`) unless the row names its owner.
 */
export async function storeReservations(db: Db, rows: NewReservation[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    const owners = await ownersOfVehicles(
      tx as unknown as Db,
      rows.map((row) => row.registration),
    );
    const owned = rows.map((row) =>
      row.brandId !== undefined || row.dealershipId !== undefined
        ? row
        : { ...row, ...(owners.get(row.registration.toUpperCase()) ?? GROUP_OWNED) },
    );
    const stored = await tx.insert(reservations).values(owned).returning({
      reservedAt: reservations.reservedAt,
      amount: reservations.amount,
      currency: reservations.currency,
    });
    await countIn(tx as unknown as Db, stored);
  });
}

/** The condition that keeps a user's reads of reservations within their scope (none when group-wide). */
const reservationsIn = (scope: Scope) =>
  inScope(scope, { brand: reservations.brandId, dealership: reservations.dealershipId });

/**
 * Every reservation the scope reaches: group-wide from the daily totals, scoped a count of the
 * scope's rows (in the (brand_id|dealership_id, reserved_at, id) indexes).
 */
export async function reservationTotal(db: Db, scope: Scope = wholeGroup): Promise<number> {
  const where = reservationsIn(scope);
  if (where) {
    const [counted] = await db.select({ n: count() }).from(reservations).where(where);
    return counted?.n ?? 0;
  }
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
    reserved_at: isoTime(row.reservedAt),
    refunded: row.amount > 0 && row.amountRefunded >= row.amount,
    refunded_at: isoTimeOrNull(row.refundedAt),
    amount: row.amount,
    currency: row.currency,
    amount_refunded: row.amountRefunded,
    amount_pending: row.amountPending,
    brand: row.brand,
    exp_year: row.expYear,
    last4: row.last4,
    charge_id: row.chargeId,
    brand_id: row.brandId,
    dealership_id: row.dealershipId,
  };
}

/** A page of the reservations the scope reaches, newest first, searched or not, with their total. */
export async function listReservations(
  db: Db,
  opts: { search: string; page: number },
  scope: Scope = wholeGroup,
) {
  const scoped = reservationsIn(scope);
  if (!opts.search) {
    // Without a search the total comes from the daily totals (group-wide), not a count of every row.
    const [rows, total] = await Promise.all([
      selectPageByIndex(db, reservations, reservations.id, scoped, NEWEST_FIRST, opts.page),
      reservationTotal(db, scope),
    ]);
    return { rows: rows.map(toReservation), total };
  }
  // ILIKE as PostgreSQL runs it on a UTF-8 database (both sides lower-cased, then LIKE), with the
  // row's side lower-cased once, when it was stored. A search that could be part of a registration
  // (it has a digit, as every registration does) also matches registrations without their spaces
  // ('GH69AAS' finds 'GH69 AAS') through their own trigram index; a name or e-mail search reads
  // one index only. The scope bounds both.
  const compact = opts.search.replace(/\s+/g, '');
  const where = and(
    or(
      like(reservations.searchText, sql`lower(${likePattern(opts.search)})`),
      /\d/.test(compact)
        ? like(reservations.registrationKey, sql`lower(${likePattern(compact)})`)
        : undefined,
    ),
    scoped,
  );
  const { rows, total } = await selectPage(db, reservations, where, NEWEST_FIRST, opts.page);
  return { rows: rows.map(toReservation), total };
}

/** One reservation, if it exists and the scope reaches it: out of scope reads as missing. */
export async function findReservation(
  db: Db,
  id: number,
  scope: Scope = wholeGroup,
): Promise<Reservation | null> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, id), reservationsIn(scope)));
  return row ? toReservation(row) : null;
}
