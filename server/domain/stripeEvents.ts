import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type StripeCharge,
  type StripeEvent,
  type StripeRefund,
  stripeCharge,
  stripeRefund,
} from '@/api/contract/reservations';
import type { Db } from '../db/open';
import { paymentEvents, paymentRefunds, reservations } from '../db/schema/reservations';
import { GROUP_OWNED } from './access/scope';
import { lockCharge } from './chargeLock';
import { serverAreas } from './history/areas';
import { leadDealership, queueLeads, stockVehicle } from './leads/deliveries';
import { reservationLead } from './leads/fromReservation';
import type { EnqueueWithin } from './mailQueue';
import { settleRefundRequests } from './reservationRefunds';
import { countIn } from './reservations';
import { transaction } from './transaction';
import { ownersOfVehicles } from './vehicleOwners';
import { emitEvent } from './webhooks/outbox';

/** Events that carry a whole Charge. */
const CHARGE_EVENTS = new Set(['charge.succeeded', 'charge.refunded']);
/** Events that carry one Refund of a charge. */
const REFUND_EVENTS = new Set(['charge.refund.updated']);
/** Refund statuses under which no money goes back. */
const LAPSED_REFUND = new Set(['failed', 'canceled']);

export type ApplyResult = { applied: boolean } | { invalid: Record<string, string> };

/** What the charge's refunds add up to, from the newest charge event and the refund events after it. */
export interface ChargeRefundState {
  amount: number;
  /** The refunded amount the newest charge event carried, and that event's time. */
  chargeRefunded: number;
  chargeSeenAt: Date | null;
}
export interface RefundState {
  amount: number;
  active: boolean;
  refundCreatedAt: Date;
  seenAt: Date;
}

/**
 * The refunded amount of a charge. A charge event states the total at its time; a refund event
 * newer than it changes that total only if the refund's state differs from what the charge event
 * saw: a refund made after it and active adds its amount, one made before it and since lapsed
 * (failed, canceled) takes it away. Whatever order Stripe delivers them in, the answer is the same.
 */
export function refundedAmount(charge: ChargeRefundState, refunds: RefundState[]): number {
  const asOf = charge.chargeSeenAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  let total = charge.chargeRefunded;
  for (const refund of refunds) {
    if (refund.seenAt.getTime() <= asOf) continue;
    const countedByCharge = refund.refundCreatedAt.getTime() <= asOf;
    if (countedByCharge && !refund.active) total -= refund.amount;
    else if (!countedByCharge && refund.active) total += refund.amount;
  }
  return Math.min(Math.max(total, 0), charge.amount);
}

const clean = (value: string | null | undefined) => value?.trim() || null;
const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** Zod issues as the field errors of a 400, under their path in the event. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = ['data', 'object', ...issue.path.map(String)].join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Works the charge's refunded amount out again and stores it; nothing when it is not stored yet. */
async function settleRefunds(tx: Db, chargeId: string, eventAt: Date): Promise<void> {
  const [row] = await tx
    .select({
      id: reservations.id,
      amount: reservations.amount,
      amountRefunded: reservations.amountRefunded,
      chargeRefunded: reservations.chargeRefunded,
      chargeSeenAt: reservations.chargeSeenAt,
      refundedAt: reservations.refundedAt,
    })
    .from(reservations)
    .where(eq(reservations.chargeId, chargeId));
  if (!row) return;
  const refunds = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.chargeId, chargeId));
  const total = refundedAmount(row, refunds);
  let refundedAt = row.refundedAt;
  if (total === 0) refundedAt = null;
  else if (total > row.amountRefunded && (!refundedAt || refundedAt < eventAt)) refundedAt = eventAt;
  if (total === row.amountRefunded && refundedAt === row.refundedAt) return;
  await tx
    .update(reservations)
    .set({ amountRefunded: total, refundedAt, updatedAt: new Date() })
    .where(eq(reservations.id, row.id));
  if (total > row.amountRefunded) {
    await emitEvent(tx, {
      type: 'reservation.refunded',
      owner: serverAreas.reservations.owner!(sql`${row.id}::int`),
      ids: [row.id],
      data: { amount: row.amount, amount_refunded: total },
    });
  }
}

async function applyCharge(
  tx: Db,
  charge: StripeCharge,
  eventAt: Date,
  enqueueMail?: EnqueueWithin,
): Promise<void> {
  const billing = charge.billing_details;
  const card = charge.payment_method_details?.card;
  const reservedAt = fromUnix(charge.created);
  const chargeRefunded = charge.refunded ? charge.amount : Math.min(charge.amount_refunded, charge.amount);
  const registration = clean(charge.metadata?.registration)?.toUpperCase() ?? 'N/A';
  // Where it belongs: its vehicle's dealership, set when it is first stored and never moved.
  const owner = (await ownersOfVehicles(tx, [registration])).get(registration) ?? GROUP_OWNED;
  // The customer as the charge names them: stored with the reservation and sent in its lead.
  const contact = {
    name: clean(billing?.name) ?? 'N/A',
    email: clean(billing?.email) ?? clean(charge.receipt_email) ?? 'N/A',
    phone: clean(billing?.phone),
    postalCode: clean(billing?.address?.postal_code),
  };
  const stored = await tx
    .insert(reservations)
    .values({
      ...contact,
      registration,
      reservedAt,
      amount: charge.amount,
      currency: charge.currency,
      chargeRefunded,
      chargeSeenAt: eventAt,
      brand: clean(card?.brand),
      expYear: card?.exp_year ?? null,
      last4: card?.last4 ?? null,
      chargeId: charge.id,
      ...owner,
    })
    .onConflictDoUpdate({
      target: reservations.chargeId,
      set: {
        chargeRefunded: sql`excluded.charge_refunded`,
        chargeSeenAt: sql`excluded.charge_seen_at`,
        updatedAt: new Date(),
      },
      // Only a newer view of the charge replaces the one kept. In the same second, the one with
      // more refunded is the later: a refund lapses days after it is made, never within a second.
      where: sql`${reservations.chargeSeenAt} is null
        or excluded.charge_seen_at > ${reservations.chargeSeenAt}
        or (excluded.charge_seen_at = ${reservations.chargeSeenAt}
          and excluded.charge_refunded > ${reservations.chargeRefunded})`,
    })
    // xmax is 0 on a row this statement inserted, set on one it updated.
    .returning({ id: reservations.id, inserted: sql<boolean>`(xmax = 0)` });
  const row = stored[0];
  if (!row?.inserted) return;
  await emitEvent(tx, {
    type: 'reservation.paid',
    owner: { brand: owner.brandId, dealership: owner.dealershipId },
    ids: [row.id],
    data: { amount: charge.amount, currency: charge.currency, registration },
  });
  await countIn(tx, [{ reservedAt, amount: charge.amount, currency: charge.currency }]);
  // A new paid reservation goes to its dealership's CRM as a lead, queued with it.
  const crm = enqueueMail ? await leadDealership(tx, owner.dealershipId) : null;
  if (!crm || !enqueueMail) return;
  const lead = reservationLead({
    id: row.id,
    ...contact,
    registration,
    reservedAt,
    amount: charge.amount,
    currency: charge.currency,
    chargeId: charge.id,
    dealership: crm,
    stock: await stockVehicle(tx, registration),
  });
  await queueLeads(tx, enqueueMail, { reservationId: row.id }, crm, lead);
}

async function applyRefund(tx: Db, refund: StripeRefund, chargeId: string, eventAt: Date): Promise<void> {
  await tx
    .insert(paymentRefunds)
    .values({
      id: refund.id,
      chargeId,
      amount: refund.amount,
      active: !LAPSED_REFUND.has(refund.status ?? ''),
      refundCreatedAt: fromUnix(refund.created),
      seenAt: eventAt,
    })
    .onConflictDoUpdate({
      target: paymentRefunds.id,
      set: {
        amount: sql`excluded.amount`,
        active: sql`excluded.active`,
        seenAt: sql`excluded.seen_at`,
      },
      where: sql`excluded.seen_at >= ${paymentRefunds.seenAt}`,
    });
}

/**
 * Applies one verified Stripe event exactly once: its id is recorded in the same transaction as
 * its change, so a retry (or two deliveries racing) finds the id taken and changes nothing.
 * Events of other types are acknowledged and left alone. A charge first stored sends its lead to
 * its dealership's CRM through `enqueueMail`.
 */
export async function applyStripeEvent(
  db: Db,
  event: StripeEvent,
  enqueueMail?: EnqueueWithin,
): Promise<ApplyResult> {
  let work: { chargeId: string; apply: (tx: Db, eventAt: Date) => Promise<void> };
  if (CHARGE_EVENTS.has(event.type)) {
    const parsed = stripeCharge.safeParse(event.data.object);
    if (!parsed.success) return { invalid: fieldErrors(parsed.error) };
    const charge = parsed.data;
    work = { chargeId: charge.id, apply: (tx, at) => applyCharge(tx, charge, at, enqueueMail) };
  } else if (REFUND_EVENTS.has(event.type)) {
    const parsed = stripeRefund.safeParse(event.data.object);
    if (!parsed.success) return { invalid: fieldErrors(parsed.error) };
    const refund = parsed.data;
    const chargeId = typeof refund.charge === 'string' ? refund.charge : refund.charge.id;
    work = { chargeId, apply: (tx, at) => applyRefund(tx, refund, chargeId, at) };
  } else {
    return { applied: false };
  }

  const eventAt = fromUnix(event.created);
  return transaction(db, async (tx) => {
    await lockCharge(tx, work.chargeId);
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { applied: false };
    await work.apply(tx, eventAt);
    await settleRefunds(tx, work.chargeId, eventAt);
    await settleRefundRequests(tx, work.chargeId);
    return { applied: true };
  });
}
