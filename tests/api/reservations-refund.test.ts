import { reservationRefunds, reservations } from '@server/db/schema/reservations';
import { storeReservations } from '@server/domain/reservations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowSeconds, signedDelivery, stripeCharge, stripeEvent, stripeRefund } from '../stripe';
import { STRIPE_TEST_KEY, type StripeApi, startStripeApi } from '../stripeApi';
import { insertBrand, insertDealership } from './accessFixtures';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

const SECRET = 'whsec_refund_9a7c5e3b1d2f4a6c8e0b2d4f6a8c0e2b';

let server: TestServer;
let stripe: StripeApi;
let manager: string;
let otherManager: string;
let sales: string;
let dealership: number;
let brand: number;
let serial = 0;

beforeAll(async () => {
  stripe = await startStripeApi();
  server = await createTestServer({
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
    STRIPE_API_BASE: stripe.base,
  });
  brand = await insertBrand(server, 'Kia');
  dealership = await insertDealership(server, 'Kia Leeds', brand);
  const other = await insertDealership(server, 'Kia York', brand);
  manager = (await signedInAs(server, 'Dealership manager', { dealership_ids: [dealership] })).token;
  otherManager = (await signedInAs(server, 'Dealership manager', { dealership_ids: [other] })).token;
  sales = (await signedInAs(server, 'Sales', { dealership_ids: [dealership] })).token;
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});
beforeEach(() => {
  stripe.delayMs = 0;
  stripe.beforeAnswer = null;
});

/** A paid reservation of the dealership, and its charge at the stand-in Stripe. */
async function paidReservation(amount = 19900) {
  const chargeId = `ch_refund_${databaseKind}_${++serial}`;
  await storeReservations(server.database.db, [
    {
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
      registration: `YD24 KX${serial}`,
      reservedAt: new Date((nowSeconds() - 600) * 1000),
      amount,
      chargeId,
      brandId: brand,
      dealershipId: dealership,
    },
  ]);
  const [row] = await server.database.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.chargeId, chargeId));
  stripe.addCharge(chargeId, amount);
  return { id: row!.id, chargeId, amount };
}

const refund = (body: object, token = manager) =>
  server.call('POST', '/api/reservations/refund', { token, body });
const shown = async (id: number) =>
  (await server.call('GET', `/api/reservations/${id}`, { token: manager })).json().data;
/** The activity log's refund entries of a reservation, newest first, as the activity screen reads them. */
async function refundEntries(id: number): Promise<Array<{ detail: string; user: { name: string } | null }>> {
  const res = await server.call('GET', '/api/activity?page=1&area=reservations&action=refunded', {
    token: await server.login(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.filter((entry: { record: { id: number } | null }) => entry.record?.id === id);
}
const callsFor = (chargeId: string) => stripe.calls.filter((call) => call.form.charge === chargeId);

async function deliver(event: unknown) {
  const res = await server.call('POST', '/api/payments/webhook', signedDelivery(event, SECRET));
  expect(res.statusCode, res.body).toBe(200);
}

/** The events Stripe sends once it has made a refund: the charge, then the refund itself. */
function refundEvents(chargeId: string, amount: number, refunded: number, refundId: string) {
  const at = nowSeconds() + 1;
  const charge = stripeCharge({ id: chargeId, amount, amountRefunded: refunded, created: at - 600 });
  const made = stripeRefund({ charge: chargeId, amount: refunded, status: 'succeeded', id: refundId });
  return {
    chargeRefunded: stripeEvent('charge.refunded', charge, { created: at }),
    refundUpdated: stripeEvent('charge.refund.updated', made, { created: at }),
  };
}

describe(`refunding a reservation from the console (${databaseKind})`, () => {
  it('refunds what is left at Stripe with the secret key, and shows it pending', async () => {
    const r = await paidReservation();
    const res = await refund({ id: r.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The refund of £199.00 has been sent to Stripe.');
    expect(res.json().data).toMatchObject({
      id: r.id,
      amount_refunded: 0,
      amount_pending: 19900,
      refunded: false,
    });
    const [call] = callsFor(r.chargeId);
    expect(call!.authorization).toBe(`Bearer ${STRIPE_TEST_KEY}`);
    expect(call!.form).toMatchObject({
      charge: r.chargeId,
      amount: '19900',
      'metadata[reservation_id]': String(r.id),
    });
    expect(call!.form.reason).toBeUndefined();
    expect(call!.idempotencyKey).toMatch(new RegExp(`^reservation-${r.id}-refund-\\d+$`));
    expect(await shown(r.id)).toMatchObject({ amount_pending: 19900, amount_refunded: 0, refunded: false });
  });

  it('refunds part with a reason, in pence, and then no more than is left', async () => {
    const r = await paidReservation(20000);
    const res = await refund({ id: r.id, amount: 5000, reason: 'requested_by_customer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The refund of £50.00 has been sent to Stripe.');
    expect(callsFor(r.chargeId)[0]!.form).toMatchObject({ amount: '5000', reason: 'requested_by_customer' });

    const tooMuch = await refund({ id: r.id, amount: 15001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({
      amount: ['The amount to refund can be at most £150.00, what is left to refund.'],
    });
    const rest = await refund({ id: r.id });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ amount_pending: 20000 });
    const nothing = await refund({ id: r.id, amount: 1 });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.id).toEqual([
      'Nothing is left to refund: the rest of this reservation is already being refunded.',
    ]);
    expect(callsFor(r.chargeId)).toHaveLength(2);
    // Each refund sent is in the activity log, with its amount and reason; the refused ones are not.
    expect((await refundEntries(r.id)).map((entry) => entry.detail)).toEqual([
      '£150.00 sent to Stripe',
      '£50.00 sent to Stripe (requested by customer)',
    ]);
  });

  it('refuses an amount that is not a positive number of pence, or a reason Stripe does not take, with field errors', async () => {
    const r = await paidReservation();
    const cases: Array<[object, string]> = [
      [{ id: r.id, amount: 0 }, 'amount'],
      [{ id: r.id, amount: -100 }, 'amount'],
      [{ id: r.id, amount: 12.5 }, 'amount'],
      [{ id: r.id, amount: '100' }, 'amount'],
      [{ id: r.id, reason: 'changed_mind' }, 'reason'],
      [{ id: 'x' }, 'id'],
    ];
    for (const [body, field] of cases) {
      const res = await refund(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    // Past the database's ids: the id's own sentence, never an empty error list or a raw bound.
    for (const huge of [2147483648, 99999999999, 1e20]) {
      const res = await refund({ id: huge });
      expect(res.statusCode, String(huge)).toBe(422);
      expect(res.json().errors, String(huge)).toEqual({ id: ['Use a whole number from 1.'] });
    }
    expect(callsFor(r.chargeId)).toHaveLength(0);
    expect(await shown(r.id)).toMatchObject({ amount_pending: 0 });
  });

  it('refuses a reservation with nothing paid, or already refunded in full, with a clear message', async () => {
    const unpaid = await paidReservation(0);
    const res = await refund({ id: unpaid.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This reservation has no payment to refund.');

    const r = await paidReservation(10000);
    const events = refundEvents(r.chargeId, 10000, 10000, `re_full_${serial}`);
    await deliver(events.chargeRefunded);
    const again = await refund({ id: r.id, amount: 100 });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(
      'Nothing is left to refund: this reservation is already refunded in full.',
    );
    expect(callsFor(r.chargeId)).toHaveLength(0);
  });

  it('answers 403 naming what is missing to Sales, and 404 to a manager of another dealership', async () => {
    const r = await paidReservation();
    const refused = await refund({ id: r.id }, sales);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role, Sales, cannot refund reservations.');
    const hidden = await refund({ id: r.id }, otherManager);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("The reservation you are trying to view doesn't exist.");
    expect((await refund({ id: 999999 })).statusCode).toBe(404);
    expect(callsFor(r.chargeId)).toHaveLength(0);
    expect(await shown(r.id)).toMatchObject({ amount_pending: 0 });
  });

  it('sends Stripe the same refund once when it is asked for twice at once (a double click)', async () => {
    const r = await paidReservation();
    stripe.delayMs = 50;
    const answers = await Promise.all([refund({ id: r.id }), refund({ id: r.id }), refund({ id: r.id })]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.map((res) => res.json().message).sort()).toEqual([
      'The refund of £199.00 has been sent to Stripe.',
      'The refund of £199.00 was already sent to Stripe.',
      'The refund of £199.00 was already sent to Stripe.',
    ]);
    const keys = new Set(callsFor(r.chargeId).map((call) => call.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(stripe.refunds.filter((made) => made.charge === r.chargeId)).toHaveLength(1);
    expect(await shown(r.id)).toMatchObject({ amount_pending: 19900, amount_refunded: 0 });
    const rows = await server.database.db
      .select()
      .from(reservationRefunds)
      .where(eq(reservationRefunds.reservationId, r.id));
    expect(rows).toHaveLength(1);
    expect(await refundEntries(r.id)).toHaveLength(1);
  });

  it('refunds once when the same part is asked for twice at once, and each of two different parts', async () => {
    const r = await paidReservation(20000);
    stripe.delayMs = 30;
    const same = await Promise.all([
      refund({ id: r.id, amount: 3000, reason: 'duplicate' }),
      refund({ id: r.id, amount: 3000, reason: 'duplicate' }),
      refund({ id: r.id, amount: 4000 }),
    ]);
    for (const res of same) expect(res.statusCode, res.body).toBe(200);
    const made = stripe.refunds.filter((refunded) => refunded.charge === r.chargeId);
    expect(made.map((refunded) => refunded.amount).sort()).toEqual([3000, 4000]);
    expect(await shown(r.id)).toMatchObject({ amount_pending: 7000 });
  });

  it('marks a refund refunded when the webhook comes after the answer, counting it once', async () => {
    const r = await paidReservation(20000);
    const res = await refund({ id: r.id, amount: 5000 });
    expect(res.statusCode, res.body).toBe(200);
    const made = stripe.refunds.find((refunded) => refunded.charge === r.chargeId)!;
    const events = refundEvents(r.chargeId, 20000, 5000, made.id);
    await deliver(events.chargeRefunded);
    expect(await shown(r.id)).toMatchObject({ amount_refunded: 5000, amount_pending: 0, refunded: false });
    await deliver(events.refundUpdated);
    await deliver(events.chargeRefunded);
    const after = await shown(r.id);
    expect(after).toMatchObject({ amount_refunded: 5000, amount_pending: 0, refunded: false });
    expect(after.refunded_at).not.toBeNull();
    const [row] = await server.database.db
      .select()
      .from(reservationRefunds)
      .where(eq(reservationRefunds.reservationId, r.id));
    expect(row).toMatchObject({ status: 'refunded', refundId: made.id });
  });

  it('marks a refund refunded when the webhook comes before the answer, counting it once', async () => {
    const r = await paidReservation(20000);
    // Stripe makes the refund and its events reach the server before its answer does.
    let seenBeforeAnswer: unknown = null;
    stripe.beforeAnswer = async (made) => {
      const events = refundEvents(r.chargeId, 20000, 20000, made.id);
      await deliver(events.refundUpdated);
      await deliver(events.chargeRefunded);
      seenBeforeAnswer = await shown(r.id);
    };
    const res = await refund({ id: r.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(seenBeforeAnswer).toMatchObject({ amount_refunded: 20000, refunded: true });
    expect(res.json().data).toMatchObject({ amount_refunded: 20000, amount_pending: 0, refunded: true });
    expect(await shown(r.id)).toMatchObject({ amount_refunded: 20000, amount_pending: 0, refunded: true });
    const made = stripe.refunds.find((refunded) => refunded.charge === r.chargeId)!;
    const [row] = await server.database.db
      .select()
      .from(reservationRefunds)
      .where(eq(reservationRefunds.reservationId, r.id));
    expect(row).toMatchObject({ status: 'refunded', refundId: made.id });
  });

  it('keeps nothing as refunded when Stripe refuses, and says what Stripe said', async () => {
    const r = await paidReservation();
    stripe.failNext(402, {
      type: 'card_error',
      code: 'expired_card',
      message: 'The card this charge was made with has expired.',
    });
    const refused = await refund({ id: r.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Stripe refused the refund: The card this charge was made with has expired.',
    );
    expect(await shown(r.id)).toMatchObject({ amount_pending: 0, amount_refunded: 0 });

    stripe.failNext(500, { type: 'api_error', message: 'An unknown error occurred.' });
    const down = await refund({ id: r.id, amount: 100 });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('Stripe could not make the refund: An unknown error occurred.');
    expect(await shown(r.id)).toMatchObject({ amount_pending: 0, amount_refunded: 0 });

    // Asked again, it is a new request with a new key.
    const retried = await refund({ id: r.id });
    expect(retried.statusCode, retried.body).toBe(200);
    // Only the refund Stripe took is in the activity log.
    expect((await refundEntries(r.id)).map((entry) => entry.detail)).toEqual(['£199.00 sent to Stripe']);
    expect(new Set(callsFor(r.chargeId).map((call) => call.idempotencyKey)).size).toBe(3);
    expect(await shown(r.id)).toMatchObject({ amount_pending: 19900 });
  });
});
