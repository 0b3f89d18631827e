import { reservations } from '@server/db/schema/reservations';
import { demoReservations } from '@server/db/seed/reservations';
import { storeReservations } from '@server/domain/reservations';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds, signedDelivery, stripeCharge, stripeEvent, stripeRefund } from '../stripe';
import { createTestServer, databaseKind, type TestServer } from './harness';

const SECRET = 'whsec_test_4f1c2b9e7a0d3c5e8f1a2b4c6d8e0f1a';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer({ STRIPE_WEBHOOK_SECRET: SECRET });
  token = await server.login();
  await storeReservations(server.database.db, demoReservations(60, 0, Date.UTC(2026, 5, 1)));
});
afterAll(() => server.close());

const get = (url: string) => server.call('GET', url, { token });

describe('reservations list', () => {
  it('pages the reservations newest first, 25 at a time', async () => {
    const res = await get('/api/reservations');
    expect(res.statusCode).toBe(200);
    const page = res.json().reservations;
    expect(page.total).toBe(60);
    expect(page.data).toHaveLength(25);
    const times = page.data.map((r: { reserved_at: string }) => Date.parse(r.reserved_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.next_page_url).toContain('page=2');

    const third = (await get('/api/reservations?page=3')).json().reservations;
    expect(third.data).toHaveLength(10);
    expect(third.from).toBe(51);
    expect(third.next_page_url).toBeNull();
  });

  it('searches by name, e-mail or registration', async () => {
    const [sample] = await server.database.db.select().from(reservations).limit(1);
    const byReg = (
      await get(`/api/reservations?search=${encodeURIComponent(sample!.registration.toLowerCase())}`)
    ).json().reservations;
    expect(byReg.data.map((r: { id: number }) => r.id)).toContain(sample!.id);
    expect(byReg.data.every((r: { registration: string }) => r.registration === sample!.registration)).toBe(
      true,
    );

    const byEmail = (await get(`/api/reservations?search=${encodeURIComponent(sample!.email)}`)).json()
      .reservations;
    expect(byEmail.data.map((r: { email: string }) => r.email)).toEqual([sample!.email]);

    // The registration is found however its spaces are typed.
    const spaced = sample!.registration;
    expect(spaced).toContain(' ');
    for (const typed of [spaced.replace(/ /g, ''), ` ${spaced.replace(/ /g, '').toLowerCase()}`]) {
      const found = (await get(`/api/reservations?search=${encodeURIComponent(typed)}`)).json().reservations;
      expect(found.data.map((r: { id: number }) => r.id)).toContain(sample!.id);
    }

    const none = (await get('/api/reservations?search=%25_nothing_%25')).json().reservations;
    expect(none.total).toBe(0);
    expect(none.data).toEqual([]);
  });

  it('serves a page that is no whole number from 1 as page 1, refuses a search that is too long with 422, and a missing token with 401', async () => {
    for (const page of ['0', 'abc']) {
      const res = await get(`/api/reservations?page=${page}`);
      expect(res.statusCode, page).toBe(200);
      expect(res.json().reservations.current_page).toBe(1);
    }
    expect((await get(`/api/reservations?search=${'a'.repeat(201)}`)).statusCode).toBe(422);
    expect((await server.call('GET', '/api/reservations')).statusCode).toBe(401);
  });
});

describe('one reservation', () => {
  it('answers the reservation with its refund and card details', async () => {
    const [row] = await server.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.chargeId, 'ch_demo00000003'));
    const res = await get(`/api/reservations/${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: row!.id,
      refunded: true,
      refunded_at: row!.refundedAt!.toISOString(),
      amount: row!.amount,
      last4: row!.last4,
      charge_id: 'ch_demo00000003',
    });
    // This server has no Stripe secret key: the console is told refunds cannot be sent.
    expect(res.json().refunds_available).toBe(false);
  });

  it("answers 404 with the screen's message for a reservation that does not exist", async () => {
    const res = await get('/api/reservations/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The reservation you are trying to view doesn't exist.");
    expect((await get('/api/reservations/abc')).statusCode).toBe(404);
  });
});

type Delivery = Parameters<typeof signedDelivery>[2];

function deliver(event: unknown, options: Delivery & { secret?: string } = {}) {
  const { body, headers } = signedDelivery(event, options.secret ?? SECRET, options);
  return server.call('POST', '/api/payments/webhook', { body, headers });
}

async function byCharge(chargeId: string) {
  return server.database.db.select().from(reservations).where(eq(reservations.chargeId, chargeId));
}

/** The reservation as the console reads it. */
async function shown(chargeId: string) {
  const [row] = await byCharge(chargeId);
  if (!row) return null;
  const res = await get(`/api/reservations/${row.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe(`Stripe webhook (${databaseKind})`, () => {
  it('stores a reservation from charge.succeeded as Stripe sends it, in its currency', async () => {
    const charge = stripeCharge({ amount: 19900 });
    const res = await deliver(stripeEvent('charge.succeeded', charge));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: true });
    expect(await shown(charge.id)).toMatchObject({
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
      phone: null,
      postal_code: 'LS4 2AZ',
      registration: 'YD24 KXA',
      reserved_at: new Date(charge.created * 1000).toISOString(),
      amount: 19900,
      currency: 'gbp',
      amount_refunded: 0,
      refunded: false,
      refunded_at: null,
      brand: 'visa',
      exp_year: 2029,
      last4: '4242',
      charge_id: charge.id,
    });

    const euros = stripeCharge({ amount: 250000, currency: 'eur' });
    expect((await deliver(stripeEvent('charge.succeeded', euros))).statusCode).toBe(200);
    expect(await shown(euros.id)).toMatchObject({ amount: 250000, currency: 'eur' });
  });

  it('shows a partial refund as partial with its amount, and only the whole amount as refunded', async () => {
    const charge = stripeCharge({ amount: 19900 });
    await deliver(stripeEvent('charge.succeeded', charge));
    const partial = stripeEvent('charge.refunded', { ...charge, amount_refunded: 4975, refunded: false });
    expect((await deliver(partial)).json()).toEqual({ received: true, applied: true });
    expect(await shown(charge.id)).toMatchObject({
      refunded: false,
      amount_refunded: 4975,
      refunded_at: new Date(partial.created * 1000).toISOString(),
    });

    const full = stripeEvent(
      'charge.refunded',
      { ...charge, amount_refunded: 19900, refunded: true },
      { created: partial.created + 1 },
    );
    expect((await deliver(full)).statusCode).toBe(200);
    expect(await shown(charge.id)).toMatchObject({
      refunded: true,
      amount_refunded: 19900,
      refunded_at: new Date(full.created * 1000).toISOString(),
    });
  });

  it('follows charge.refund.updated: a refund that fails is no longer counted, one seen early is', async () => {
    const t = nowSeconds() - 120;
    const charge = stripeCharge({ amount: 30000, created: t - 100 });
    const refund = stripeRefund({ charge: charge.id, amount: 10000, status: 'pending', created: t });
    await deliver(stripeEvent('charge.succeeded', charge, { created: t - 100 }));
    // Stripe does not promise order: the refund's own update comes before the charge's event.
    await deliver(
      stripeEvent('charge.refund.updated', { ...refund, status: 'succeeded' }, { created: t + 5 }),
    );
    expect(await shown(charge.id)).toMatchObject({ amount_refunded: 10000, refunded: false });
    await deliver(stripeEvent('charge.refunded', { ...charge, amount_refunded: 10000 }, { created: t }));
    expect(await shown(charge.id)).toMatchObject({ amount_refunded: 10000 });

    const failed = await deliver(
      stripeEvent('charge.refund.updated', { ...refund, status: 'failed' }, { created: t + 60 }),
    );
    expect(failed.json()).toEqual({ received: true, applied: true });
    expect(await shown(charge.id)).toMatchObject({ amount_refunded: 0, refunded: false, refunded_at: null });
  });

  it('stores a charge paid without a card, or without a registration, with what it has', async () => {
    const debit = stripeCharge({ withoutCard: true });
    const res = await deliver(stripeEvent('charge.succeeded', debit));
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(debit.id)).toMatchObject({
      brand: null,
      exp_year: null,
      last4: null,
      registration: 'YD24 KXA',
    });

    const bare = stripeCharge({
      registration: null,
      name: null,
      email: null,
      receiptEmail: 'buyer@example.com',
    });
    expect((await deliver(stripeEvent('charge.succeeded', bare))).statusCode).toBe(200);
    expect(await shown(bare.id)).toMatchObject({
      registration: 'N/A',
      name: 'N/A',
      email: 'buyer@example.com',
      brand: 'visa',
    });

    const anonymous = stripeCharge({ email: null, receiptEmail: null });
    expect((await deliver(stripeEvent('charge.succeeded', anonymous))).statusCode).toBe(200);
    expect(await shown(anonymous.id)).toMatchObject({ email: 'N/A' });
  });

  it('reads a signed event whatever content type it is labelled with', async () => {
    const charge = stripeCharge();
    const { body, headers } = signedDelivery(stripeEvent('charge.succeeded', charge), SECRET);
    const res = await server.call('POST', '/api/payments/webhook', {
      body,
      headers: { ...headers, 'content-type': 'text/plain' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(charge.id)).toMatchObject({ name: 'Priya Shah', charge_id: charge.id });
  });

  it("stores a paid charge whose buyer's details are too long, cut to what is kept", async () => {
    const name = `Priya ${'Shah-'.repeat(80)}`;
    const email = `${'p'.repeat(300)}@example.com`;
    const charge = stripeCharge({ name, email });
    const res = await deliver(stripeEvent('charge.succeeded', charge));
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(charge.id)).toMatchObject({ name: name.slice(0, 255), email: email.slice(0, 255) });
    // An amount no charge can have is still refused, in the product's words.
    const huge = await deliver(stripeEvent('charge.succeeded', stripeCharge({ amount: 100_000_000 })));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors['data.object.amount']).toEqual(['Enter a number of at most 99,999,999.']);
  });

  it('acknowledges events of other types and stores nothing for them', async () => {
    const before = await server.database.db.select({ n: count() }).from(reservations);
    const charge = stripeCharge();
    for (const type of ['payment_intent.succeeded', 'charge.captured', 'customer.created'] as const) {
      const res = await deliver(
        stripeEvent(type, type === 'customer.created' ? { id: 'cus_R1', object: 'customer' } : charge),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, applied: false });
    }
    expect(await server.database.db.select({ n: count() }).from(reservations)).toEqual(before);
  });

  it('stores an event delivered twice, or many times at once, once', async () => {
    const charge = stripeCharge({ amount: 25000 });
    const event = stripeEvent('charge.succeeded', charge);
    const delivery = signedDelivery(event, SECRET);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => server.call('POST', '/api/payments/webhook', delivery)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.json().applied)).toHaveLength(1);
    expect(await byCharge(charge.id)).toHaveLength(1);

    // Stripe's retry, signed again later: acknowledged, nothing changes.
    const retry = await deliver(event, { timestamp: nowSeconds() + 2 });
    expect(retry.json()).toEqual({ received: true, applied: false });
    expect(await byCharge(charge.id)).toHaveLength(1);
  });

  it('refuses a bad, missing, stale or tampered signature with 400 and a clear message, storing nothing', async () => {
    const charge = stripeCharge();
    const event = stripeEvent('charge.succeeded', charge);
    const signed = signedDelivery(event, SECRET);
    const now = nowSeconds();
    const attempts: Array<[Promise<{ statusCode: number; json(): { message: string } }>, RegExp]> = [
      [deliver(event, { secret: 'whsec_guessed' }), /matches/],
      [deliver(event, { timestamp: now - 301 }), /300 seconds/],
      [deliver(event, { timestamp: now + 3600 }), /300 seconds/],
      [deliver(event, { header: `t=${now},v0=${'a'.repeat(64)}` }), /v1/],
      [deliver(event, { header: `v1=${'a'.repeat(64)}` }), /timestamp/],
      [deliver(event, { header: 'nonsense' }), /timestamp/],
      [
        server.call('POST', '/api/payments/webhook', {
          body: signed.body,
          headers: { 'content-type': 'application/json' },
        }),
        /missing/,
      ],
      // Signed, then altered on the way.
      [
        server.call('POST', '/api/payments/webhook', {
          body: signed.body.replace('"amount": 19900', '"amount": 1'),
          headers: signed.headers,
        }),
        /matches/,
      ],
    ];
    for (const [attempt, message] of attempts) {
      const res = await attempt;
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await byCharge(charge.id)).toEqual([]);
  });

  it('accepts a delivery signed with either of two secrets while one is rolled', async () => {
    const event = stripeEvent('charge.succeeded', stripeCharge());
    const { body } = signedDelivery(event, SECRET);
    const now = nowSeconds();
    const valid = signedDelivery(event, SECRET, { timestamp: now }).headers['stripe-signature'];
    const old = signedDelivery(event, 'whsec_old', { timestamp: now }).headers['stripe-signature'];
    const header = `${old},${valid.split(',')[1]},v0=${'b'.repeat(64)}`;
    const res = await deliver(event, { header, payload: body });
    expect(res.statusCode, res.json().message).toBe(200);
  });

  it('refuses a signed event with absurd values with 400, naming the field', async () => {
    const absurd = stripeEvent('charge.succeeded', stripeCharge(), { created: Number.MAX_SAFE_INTEGER });
    const res = await deliver(absurd);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty('created');

    const charge = stripeCharge({ created: Number.MAX_SAFE_INTEGER });
    const inCharge = await deliver(stripeEvent('charge.succeeded', charge));
    expect(inCharge.statusCode, inCharge.body).toBe(400);
    expect(inCharge.json().errors).toHaveProperty(['data.object.created']);
    expect(await byCharge(charge.id)).toEqual([]);

    const incomplete = await deliver(
      stripeEvent('charge.succeeded', { id: 'ch_incomplete', object: 'charge', amount: 'lots' }),
    );
    expect(incomplete.statusCode, incomplete.body).toBe(400);
    expect(incomplete.json().errors).toHaveProperty(['data.object.amount']);
    expect(await byCharge('ch_incomplete')).toEqual([]);

    const notJson = await deliver(null, { payload: '{not json' });
    expect(notJson.statusCode).toBe(400);
  });

  it('never answers a signed event with a server error, whatever its fields hold', async () => {
    const charge = stripeCharge();
    const keys = Object.keys(charge) as Array<keyof typeof charge>;
    const hostile = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 1e308, 2 ** 31, '', 'x'.repeat(5000), '\u0000'),
    );
    const event = fc.record({
      type: fc.constantFrom(
        'charge.succeeded',
        'charge.refunded',
        'charge.refund.updated',
        'charge.captured',
      ),
      key: fc.constantFrom(...keys),
      value: hostile,
      created: fc.oneof(fc.constant(nowSeconds()), hostile),
    });
    await fc.assert(
      fc.asyncProperty(event, async ({ type, key, value, created }) => {
        const object = { ...charge, id: `ch_fuzz_${Math.random().toString(36).slice(2)}`, [key]: value };
        const body = { ...stripeEvent('charge.succeeded', object), type, created };
        const res = await deliver(body);
        expect(
          res.statusCode,
          `${type} ${key}=${JSON.stringify(value)?.slice(0, 80)}: ${res.body}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('documents the Stripe-Signature header and the event in the OpenAPI document', async () => {
    const doc = (await server.call('GET', '/api/docs')).json();
    const post = doc.paths['/api/payments/webhook'].post;
    expect(post.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'stripe-signature', required: true }),
    );
    const schema = JSON.stringify(post.requestBody.content['application/json'].schema);
    for (const field of ['amount_refunded', 'currency', 'receipt_email', 'payment_method_details', 'last4']) {
      expect(schema).toContain(field);
    }
  });
});

describe('totals kept with the reservations', () => {
  it('counts each new charge once in the list total and its day, however the events race', async () => {
    const listTotal = async () => (await get('/api/reservations')).json().reservations.total as number;
    const before = await listTotal();
    const created = Math.floor(Date.UTC(2024, 2, 14, 23, 30) / 1000);
    const first = stripeCharge({ amount: 30000, created });
    const succeeded = stripeEvent('charge.succeeded', first);
    const refunded = stripeEvent('charge.refunded', { ...first, amount_refunded: 30000, refunded: true });
    const other = stripeEvent('charge.succeeded', stripeCharge({ amount: 12345, created }));
    const euros = stripeEvent('charge.succeeded', stripeCharge({ amount: 50000, created, currency: 'eur' }));
    await Promise.all([
      deliver(succeeded),
      deliver(succeeded),
      deliver(refunded),
      deliver(other),
      deliver(euros),
    ]);

    const [stored] = await server.database.db.select({ n: count() }).from(reservations);
    expect(await listTotal()).toBe(before + 3);
    expect(await listTotal()).toBe(stored!.n);
    const day = await server.call('POST', '/api/analytics/totals', {
      token,
      body: { start: '2024-03-14', end: '2024-03-14' },
    });
    const figures = day.json().data as Array<{ key: string; total: number }>;
    expect(figures.find((m) => m.key === 'reservations')?.total).toBe(3);
    // The value is in pounds: the charge in euros is counted, but not added to it.
    expect(figures.find((m) => m.key === 'reservation_value')?.total).toBe(423.45);
  });
});
