import { reservations } from '@server/db/schema';
import { demoReservations } from '@server/db/seed/reservations';
import { signPayload } from '@server/domain/payments';
import { storeReservations } from '@server/domain/reservations';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

const SECRET = 'whsec_test_4f1c2b9e7a';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer({ PAYMENTS_WEBHOOK_SECRET: SECRET });
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
  });

  it("answers 404 with the screen's message for a reservation that does not exist", async () => {
    const res = await get('/api/reservations/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The reservation you are trying to view doesn't exist.");
    expect((await get('/api/reservations/abc')).statusCode).toBe(404);
  });
});

function charge(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    amount: 19900,
    created: 1_780_000_000,
    refunded: false,
    billing_details: {
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
      phone: null,
      address: { postal_code: 'LS4 2AZ' },
    },
    payment_method_details: { card: { brand: 'visa', exp_year: 2029, last4: '4242' } },
    metadata: { registration: 'yd24 kxa' },
    ...overrides,
  };
}

let eventCounter = 0;
function event(
  type: string,
  object: unknown,
  id = `evt_${++eventCounter}_${Math.random().toString(36).slice(2)}`,
) {
  return { id, type, created: Math.floor(Date.now() / 1000), data: { object } };
}

function deliver(body: unknown, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const payload = JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = options.signature ?? signPayload(options.secret ?? SECRET, payload, timestamp);
  return server.call('POST', '/api/payments/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', 'payment-signature': signature },
  });
}

async function byCharge(chargeId: string) {
  return server.database.db.select().from(reservations).where(eq(reservations.chargeId, chargeId));
}

describe('payment provider webhook', () => {
  it('records a reservation when a charge succeeds, and its refund when the charge is refunded', async () => {
    const res = await deliver(event('charge.succeeded', charge('ch_live_1')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: true });
    const [row] = await byCharge('ch_live_1');
    expect(row).toMatchObject({
      name: 'Priya Shah',
      phone: null,
      postalCode: 'LS4 2AZ',
      registration: 'YD24 KXA',
      amount: 19900,
      refundedAt: null,
    });

    const refund = event('charge.refunded', charge('ch_live_1', { refunded: true }));
    expect((await deliver(refund)).json()).toEqual({ received: true, applied: true });
    const [refundedRow] = await byCharge('ch_live_1');
    expect(refundedRow!.refundedAt?.getTime()).toBe(refund.created * 1000);
    const shown = (await get(`/api/reservations/${refundedRow!.id}`)).json().data;
    expect(shown.refunded).toBe(true);
  });

  it('changes nothing for a forged signature, a wrong secret, a missing header or a stale timestamp', async () => {
    const body = event('charge.succeeded', charge('ch_forged'));
    const payload = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      deliver(body, { secret: 'whsec_guess' }),
      deliver(body, { signature: `t=${now},v1=${'0'.repeat(64)}` }),
      deliver(body, { signature: 'nonsense' }),
      deliver(body, { timestamp: now - 3600 }),
      server.call('POST', '/api/payments/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json' },
      }),
      // Signed, then altered on the way.
      server.call('POST', '/api/payments/webhook', {
        body: payload.replace('19900', '1'),
        headers: {
          'content-type': 'application/json',
          'payment-signature': signPayload(SECRET, payload, now),
        },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await byCharge('ch_forged')).toEqual([]);
  });

  it('applies a replayed event once, even when the copies arrive together', async () => {
    const original = event('charge.succeeded', charge('ch_replayed', { amount: 25000 }));
    const results = await Promise.all([deliver(original), deliver(original), deliver(original)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json().applied)).toHaveLength(1);
    expect(await byCharge('ch_replayed')).toHaveLength(1);

    // A refund replayed later keeps the first refund time.
    const refund = event('charge.refunded', charge('ch_replayed', { refunded: true }));
    await deliver(refund);
    const [first] = await byCharge('ch_replayed');
    const replay = { ...refund, created: refund.created + 500 };
    expect((await deliver(replay)).json().applied).toBe(false);
    const [after] = await byCharge('ch_replayed');
    expect(after!.refundedAt).toEqual(first!.refundedAt);
  });

  it('keeps a refund that arrives before its charge', async () => {
    await deliver(event('charge.refunded', charge('ch_out_of_order', { refunded: true })));
    await deliver(event('charge.succeeded', charge('ch_out_of_order')));
    const [row] = await byCharge('ch_out_of_order');
    expect(row!.refundedAt).not.toBeNull();
  });

  it('acknowledges events it does not use and refuses an incomplete charge with 422', async () => {
    const other = await deliver(event('customer.created', { id: 'cus_1' }));
    expect(other.json()).toEqual({ received: true, applied: false });
    const broken = await deliver(event('charge.succeeded', { id: 'ch_broken', amount: 'lots' }));
    expect(broken.statusCode).toBe(422);
    expect(await byCharge('ch_broken')).toEqual([]);
    const notJson = await server.call('POST', '/api/payments/webhook', {
      body: '{not json',
      headers: {
        'content-type': 'application/json',
        'payment-signature': signPayload(SECRET, '{not json', Math.floor(Date.now() / 1000)),
      },
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('totals kept with the reservations', () => {
  it('counts each new charge once in the list total and its day, however the events race', async () => {
    const listTotal = async () => (await get('/api/reservations')).json().reservations.total as number;
    const before = await listTotal();
    const created = Math.floor(Date.UTC(2024, 2, 14, 23, 30) / 1000);
    const succeeded = event('charge.succeeded', charge('ch_counted', { amount: 30000, created }));
    const refunded = event(
      'charge.refunded',
      charge('ch_counted', { amount: 30000, created, refunded: true }),
    );
    const other = event('charge.succeeded', charge('ch_counted_2', { amount: 12345, created }));
    await Promise.all([deliver(succeeded), deliver(succeeded), deliver(refunded), deliver(other)]);

    const [stored] = await server.database.db.select({ n: count() }).from(reservations);
    expect(await listTotal()).toBe(before + 2);
    expect(await listTotal()).toBe(stored!.n);
    const day = await server.call('POST', '/api/analytics/totals', {
      token,
      body: { start: '2024-03-14', end: '2024-03-14' },
    });
    const figures = day.json().data as Array<{ key: string; total: number }>;
    expect(figures.find((m) => m.key === 'reservations')?.total).toBe(2);
    expect(figures.find((m) => m.key === 'reservation_value')?.total).toBe(423.45);
  });
});
