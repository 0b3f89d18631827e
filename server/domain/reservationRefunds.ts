import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { RefundReason, Reservation } from '@/api/contract/reservations';
import type { Scope } from '@/shared/access';
import { formatMoney } from '@/shared/format';
import type { Db } from '../db/open';
import { reservationRefunds, reservations } from '../db/schema/reservations';
import { HttpError, invalid, notFound } from '../http/errors';
import { inScope } from './access/scope';
import { lockCharge } from './chargeLock';
import { recordChange } from './history/record';
import { toReservation } from './reservations';
import type { StripeRefunds } from './stripeClient';
import { transaction } from './transaction';

export const RESERVATION_MISSING = "The reservation you are trying to view doesn't exist.";

/**
 * How long the same refund asked again (same reservation, amount and reason) is taken for the same
 * request: a double click, a retried request, two tabs sending it at once. It is sent to Stripe
 * under the first one's idempotency key, so the money goes back once.
 */
export const SAME_REQUEST_WINDOW_SECONDS = 60;

/** The statuses of a console refund that still hold back part of what can be refunded. */
const OPEN = ['requested', 'pending'] as const;
/** Refund statuses under which no money goes back (Stripe's). */
const LAPSED = new Set(['failed', 'canceled']);

/** Stripe's idempotency key for one refund request: the reservation and the request's own row. */
export const refundIdempotencyKey = (reservationId: number, requestId: number) =>
  `reservation-${reservationId}-refund-${requestId}`;

export interface RefundRequest {
  id: number;
  amount?: number | undefined;
  reason?: RefundReason | null | undefined;
  scope: Scope;
  userId: number | null;
}

type Request = typeof reservationRefunds.$inferSelect;

/**
 * Brings the console's refunds of a charge in line with what Stripe's events have said, then what
 * they hold back. A refund Stripe made is `refunded` once an event reports it: its own refund
 * event (`failed` when that says it failed or was canceled), or a charge event at or after the
 * time it was made, whose refunded amount counts it. Run under the charge's lock, after every
 * event and every answer from Stripe, so whichever comes first, the other finds it in place;
 * `amount_refunded` comes from the events alone, so nothing is counted twice.
 */
export async function settleRefundRequests(tx: Db, chargeId: string): Promise<void> {
  await tx.execute(sql`
    update reservation_refunds r set status = s.next, updated_at = now()
    from (
      select r.id, case
          when p.id is not null then case when p.active then 'refunded' else 'failed' end
          when res.charge_seen_at >= r.refund_created_at then 'refunded'
          else 'pending' end as next
      from reservation_refunds r
        join reservations res on res.charge_id = r.charge_id
        left join payment_refunds p on p.id = r.refund_id
      where r.charge_id = ${chargeId} and r.refund_id is not null and r.status in ('pending', 'refunded')
    ) s
    where r.id = s.id and r.status <> s.next`);
  await tx.execute(sql`
    update reservations set amount_pending = coalesce((
        select sum(r.amount) from reservation_refunds r
        where r.charge_id = reservations.charge_id and r.status in ('requested', 'pending')
      ), 0)::int
    where charge_id = ${chargeId}`);
}

/** The reservation, in scope, as it now stands. */
async function current(db: Db, id: number): Promise<Reservation> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  if (!row) throw notFound(RESERVATION_MISSING);
  return toReservation(row);
}

/**
 * Checks the request against the reservation as it stands and records it, under the charge's
 * lock: or finds the same request made a moment ago, which is then sent again under its key.
 */
async function recordRequest(
  db: Db,
  request: RefundRequest,
): Promise<{ reservation: Reservation; row: Request; repeated: boolean }> {
  const [found] = await db
    .select({ chargeId: reservations.chargeId })
    .from(reservations)
    .where(
      and(
        eq(reservations.id, request.id),
        inScope(request.scope, { brand: reservations.brandId, dealership: reservations.dealershipId }),
      ),
    );
  if (!found) throw notFound(RESERVATION_MISSING);
  return transaction(db, async (tx) => {
    await lockCharge(tx, found.chargeId);
    const reservation = await current(tx, request.id);
    const left = reservation.amount - reservation.amount_refunded - reservation.amount_pending;
    // Everything left, unless the request names an amount. Asked again at once, when nothing is
    // left, it is the request that just took it.
    const amount = request.amount ?? left;
    const reason = request.reason ?? null;
    const sameAmount =
      request.amount === undefined && left <= 0 ? undefined : eq(reservationRefunds.amount, amount);
    const [same] = await tx
      .select()
      .from(reservationRefunds)
      .where(
        and(
          eq(reservationRefunds.reservationId, request.id),
          sameAmount,
          reason === null ? isNull(reservationRefunds.reason) : eq(reservationRefunds.reason, reason),
          ne(reservationRefunds.status, 'failed'),
          gt(
            reservationRefunds.createdAt,
            sql`now() - make_interval(secs => ${SAME_REQUEST_WINDOW_SECONDS})`,
          ),
        ),
      )
      .orderBy(desc(reservationRefunds.createdAt))
      .limit(1);
    if (same) return { reservation, row: same, repeated: true };

    const money = (minor: number) => formatMoney(minor, reservation.currency);
    if (reservation.amount <= 0) {
      throw invalid({ id: 'This reservation has no payment to refund.' });
    }
    if (left <= 0) {
      throw invalid({
        id:
          reservation.amount_pending > 0
            ? 'Nothing is left to refund: the rest of this reservation is already being refunded.'
            : 'Nothing is left to refund: this reservation is already refunded in full.',
      });
    }
    if (amount <= 0) throw invalid({ amount: 'The amount to refund must be more than nothing.' });
    if (amount > left) {
      throw invalid({
        amount: `The amount to refund can be at most ${money(left)}, what is left to refund.`,
      });
    }
    const [row] = await tx
      .insert(reservationRefunds)
      .values({
        reservationId: request.id,
        chargeId: found.chargeId,
        amount,
        reason,
        requestedBy: request.userId,
      })
      .returning();
    await settleRefundRequests(tx, found.chargeId);
    return { reservation, row: row!, repeated: false };
  });
}

/** What the caller is told when Stripe refuses or cannot be reached; nothing is kept as refunded. */
function stripeFailure(error: unknown): HttpError {
  if (error instanceof Stripe.errors.StripeError) {
    const refused = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    if (refused && error.statusCode !== 401 && error.statusCode !== 403 && error.statusCode !== 429) {
      const field = error.param === 'amount' || error.param === 'reason' ? error.param : 'id';
      return invalid({ [field]: `Stripe refused the refund: ${error.message}` });
    }
    return new HttpError(502, `Stripe could not make the refund: ${error.message}`);
  }
  return new HttpError(502, 'Stripe could not be reached, so nothing was refunded. Try again in a moment.');
}

/**
 * Refunds a reservation at Stripe (issue #25's `reservations.refund`): everything left, or part
 * of it. The request is recorded first, holding back its amount, then sent under an idempotency
 * key derived from the reservation and the request, so the same request sent twice (a double
 * click, `Promise.all`) refunds once. Stripe's answer makes it pending; a Stripe event marks it
 * refunded (`settleRefundRequests`). When Stripe refuses, the request is kept as failed with
 * Stripe's words and nothing is held back.
 */
export async function refundReservation(
  db: Db,
  stripe: StripeRefunds,
  request: RefundRequest,
): Promise<{ reservation: Reservation; amount: number; repeated: boolean }> {
  const { reservation, row, repeated } = await recordRequest(db, request);
  if (row.refundId) return { reservation: await current(db, request.id), amount: row.amount, repeated };

  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        charge: row.chargeId,
        amount: row.amount,
        ...(row.reason ? { reason: row.reason as RefundReason } : {}),
        metadata: { reservation_id: String(reservation.id), request_id: String(row.id) },
      },
      { idempotencyKey: refundIdempotencyKey(reservation.id, row.id) },
    );
  } catch (error) {
    const failure = stripeFailure(error);
    await transaction(db, async (tx) => {
      await lockCharge(tx, row.chargeId);
      await tx
        .update(reservationRefunds)
        .set({ status: 'failed', failure: failure.message, updatedAt: new Date() })
        .where(and(eq(reservationRefunds.id, row.id), inArray(reservationRefunds.status, [...OPEN])));
      await settleRefundRequests(tx, row.chargeId);
    });
    throw failure;
  }

  const stored = await transaction(db, async (tx) => {
    await lockCharge(tx, row.chargeId);
    const lapsed = LAPSED.has(refund.status ?? '');
    await tx
      .update(reservationRefunds)
      .set({
        refundId: refund.id,
        refundCreatedAt: new Date(refund.created * 1000),
        status: lapsed ? 'failed' : 'pending',
        failure: lapsed ? (refund.failure_reason ?? 'Stripe could not make the refund.') : null,
        updatedAt: new Date(),
      })
      .where(and(eq(reservationRefunds.id, row.id), eq(reservationRefunds.status, 'requested')));
    await settleRefundRequests(tx, row.chargeId);
    const now = await current(tx, request.id);
    // The activity log hears of each refund once, when Stripe has taken it, with its amount and why.
    if (!repeated && !lapsed) {
      const why = row.reason ? ` (${row.reason.replaceAll('_', ' ')})` : '';
      await recordChange(tx, {
        area: 'reservations',
        action: 'refunded',
        record: { id: now.id, name: now.name },
        detail: `${formatMoney(row.amount, now.currency)} sent to Stripe${why}`,
      });
    }
    return now;
  });
  return { reservation: stored, amount: row.amount, repeated };
}
