import { desc, eq, ilike, sql } from 'drizzle-orm';
import type { PaymentEvent, Reservation } from '@/api/contract/reservations';
import { providerCharge } from '@/api/contract/reservations';
import type { Db } from '../db/open';
import { paymentEvents, reservationSearchText, reservations } from '../db/schema';
import { likePattern, selectPage } from './paginate';

type ReservationRow = typeof reservations.$inferSelect;

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
  const where = opts.search
    ? ilike(reservationSearchText(reservations), likePattern(opts.search))
    : undefined;
  const { rows, total } = await selectPage(
    db,
    reservations,
    where,
    [desc(reservations.reservedAt), desc(reservations.id)],
    opts.page,
  );
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

  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { applied: false };
    await tx
      .insert(reservations)
      .values({
        name: billing.name?.trim() || 'N/A',
        email: billing.email?.trim() || '',
        phone: billing.phone?.trim() || null,
        postalCode: billing.address?.postal_code?.trim() || null,
        registration: charge.metadata.registration.trim().toUpperCase(),
        reservedAt: new Date(charge.created * 1000),
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
      });
    return { applied: true };
  });
}
