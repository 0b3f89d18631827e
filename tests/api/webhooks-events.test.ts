import { reservations } from '@server/db/schema/reservations';
import { webhookDeliveries, webhookEvents, webhooks } from '@server/db/schema/webhooks';
import { MAIL_QUEUE } from '@server/domain/mailQueue';
import { queueDelivery } from '@server/domain/webhooks/endpoints';
import { pruneDeliveries, sendWaiting } from '@server/domain/webhooks/send';
import { eq, sql } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '@/api/contract/activity';
import { nowSeconds, signedDelivery, stripeCharge, stripeEvent } from '../stripe';
import { ADMIN, createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { type Receiver, startReceiver } from './receiver';
import { type SmtpCatcher, startSmtp } from './smtp';
import { multipartBody } from './uploads';
import { PAGE_HEADERS, workbook } from './workbooks';

const STRIPE_SECRET = 'whsec_webhook_events_test';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let server: TestServer;
let receiver: Receiver;
let smtp: SmtpCatcher;
let token: string;

beforeAll(async () => {
  [receiver, smtp] = await Promise.all([startReceiver(), startSmtp()]);
  server = await createTestServer({
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_RETRY_BASE_MS: '50',
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    SMTP_URL: smtp.url,
  });
  token = await server.login();
  // The hourly round's first run (the log pruned, waiting endpoints asked for) is over before a test
  // drives an endpoint by hand: nothing else sends what these tests send.
  await vi.waitFor(
    async () => {
      const done = await server.database.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-prune' AND state = 'completed'`,
      );
      expect(Number(done.rows[0]?.n)).toBeGreaterThan(0);
    },
    { timeout: 15_000, interval: 50 },
  );
}, 60_000);

afterAll(async () => {
  await Promise.all([server?.close(), receiver?.close(), smtp?.close()]);
});

const post = (url: string, body: unknown) => server.call('POST', `/api/${url}`, { token, body });
const db = () => server.database.db;

async function addEndpoint(events: string[], url = receiver.url) {
  const res = await post('webhooks/create', {
    url,
    events,
    brand_ids: [],
    dealership_ids: [],
    enabled: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; secret: string };
}

async function disable(id: number) {
  await db().update(webhooks).set({ enabled: false }).where(eq(webhooks.id, id));
}

/** An event waiting for one endpoint, written without asking its sender: the test sends it, by its own clock. */
async function waitingEvent(webhookId: number, type: string, createdAt?: Date) {
  const [event] = await db()
    .insert(webhookEvents)
    .values({
      txId: sql`txid_current()`,
      msgId: sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`,
      type,
      ids: [1],
      ...(createdAt ? { createdAt } : {}),
    })
    .returning({ id: webhookEvents.id });
  const deliveryId = await queueDelivery(db(), webhookId, event!.id);
  if (createdAt)
    await db().update(webhookDeliveries).set({ createdAt }).where(eq(webhookDeliveries.id, deliveryId));
  return deliveryId;
}

/** The endpoint's sender, run once as its job would run, at the clock's time. */
function sendAt(webhookId: number, clock: { t: number }) {
  return sendWaiting(
    db(),
    {
      allowPrivate: true,
      retryBaseMs: 5_000,
      enqueueMail: (data, within) => server.jobs.enqueue(MAIL_QUEUE, data, within),
      publicUrl: 'https://console.example',
      now: () => clock.t,
    },
    { webhookId },
    { signal: new AbortController().signal, attempt: 0 },
  );
}

const deliveryRow = async (id: number) =>
  (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const endpointRow = async (id: number) => (await db().select().from(webhooks).where(eq(webhooks.id, id)))[0]!;

/** Verifies as a receiver would at `at` (standardwebhooks checks the timestamp against its own clock). */
function verifyAt(at: number, secret: string, body: string, headers: Record<string, string>) {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  try {
    return new Webhook(secret).verify(body, headers);
  } finally {
    vi.useRealTimers();
  }
}

describe(`webhook events and their upkeep (${databaseKind})`, () => {
  it('sends reservation.paid and reservation.refunded as Stripe reports them, signed', async () => {
    const { id, secret } = await addEndpoint(['reservation.paid', 'reservation.refunded']);
    const charge = stripeCharge({ amount: 19900, registration: 'yd24 kxa' });
    const paid = signedDelivery(
      stripeEvent('charge.succeeded', charge, { created: nowSeconds() }),
      STRIPE_SECRET,
    );
    expect((await server.call('POST', '/api/payments/webhook', paid)).statusCode).toBe(200);
    const [reservation] = await db()
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.chargeId, charge.id));
    const [paidRequest] = await receiver.waitFor(1, (r) => r.json.type === 'reservation.paid');
    expect(
      new Webhook(secret).verify(paidRequest!.body, paidRequest!.headers as Record<string, string>),
    ).toMatchObject({
      type: 'reservation.paid',
      data: { ids: [reservation!.id], amount: 19900, currency: 'gbp', registration: 'YD24 KXA' },
    });

    const refunded = stripeCharge({
      id: charge.id,
      amount: 19900,
      amountRefunded: 5000,
      registration: 'yd24 kxa',
    });
    const refund = signedDelivery(
      stripeEvent('charge.refunded', refunded, { created: nowSeconds() + 1 }),
      STRIPE_SECRET,
    );
    expect((await server.call('POST', '/api/payments/webhook', refund)).statusCode).toBe(200);
    const [refundRequest] = await receiver.waitFor(1, (r) => r.json.type === 'reservation.refunded');
    expect(
      new Webhook(secret).verify(refundRequest!.body, refundRequest!.headers as Record<string, string>),
    ).toMatchObject({
      type: 'reservation.refunded',
      data: { ids: [reservation!.id], amount: 19900, amount_refunded: 5000 },
    });
    await disable(id);
  });

  it('sends one import.finished for a whole import, with every page it made and their paths', async () => {
    const { id, secret } = await addEndpoint(['import.finished']);
    const brand = await post('brands/create', {
      name: 'Kia',
      slug: 'kia',
      live: true,
      is_fake: false,
      manufacturer_id: 0,
      lcv_manufacturer_id: 0,
      logo: null,
    });
    expect(brand.statusCode, brand.body).toBe(200);
    const bytes = await workbook(PAGE_HEADERS, [
      ['Offers', 'kia', null, 'Kia offers', 'This month’s offers', 'Yes', null, 'Yes', null],
      ['Spring sale', 'kia', 'Offers', null, 'Spring savings', 'Yes', null, null, null],
    ]);
    const { payload, headers } = multipartBody([
      { name: 'email', value: 'editor@example.com' },
      { name: 'provider', value: 'pages' },
      { name: 'import', filename: 'pages.xlsx', bytes },
    ]);
    const run = await server.call('POST', '/api/builder/imports/run', { token, body: payload, headers });
    expect(run.statusCode, run.body).toBe(200);
    const [request] = await receiver.waitFor(1, (r) => r.json.type === 'import.finished');
    const body = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>) as {
      data: { ids: number[]; paths: string[]; import_id: number; kind: string };
    };
    expect(body.data).toMatchObject({ import_id: run.json().import_id, kind: 'page' });
    expect(body.data.ids).toHaveLength(2);
    expect(body.data.paths).toEqual(expect.arrayContaining(['/offers', '/offers/spring-sale']));
    expect(receiver.received.filter((r) => r.json.type === 'import.finished')).toHaveLength(1);
    await disable(id);
  });

  it('disables an endpoint after a day of failures, fails what waits and e-mails whoever added it', async () => {
    const failing = await startReceiver();
    failing.answer = { status: 503 };
    const { id } = await addEndpoint(['brand.updated'], failing.url);
    const first = await waitingEvent(id, 'brand.updated');
    const second = await waitingEvent(id, 'brand.updated');
    const start = Date.now();
    const clock = { t: start };
    let attempts = 0;
    for (;;) {
      await sendAt(id, clock);
      const endpoint = await endpointRow(id);
      if (!endpoint.enabled) break;
      attempts++;
      // Still trying, less and less often, until a day has gone by.
      expect(clock.t - start).toBeLessThan(DAY);
      expect(endpoint.failingSince?.getTime()).toBe(start);
      const waiting = await deliveryRow(first);
      expect(waiting).toMatchObject({ status: 'pending', attempts, responseStatus: 503 });
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(clock.t);
      expect(waiting.nextAttemptAt.getTime() - clock.t).toBeLessThanOrEqual(HOUR);
      // The next one is never tried before the first has gone.
      expect((await deliveryRow(second)).attempts).toBe(0);
      clock.t = waiting.nextAttemptAt.getTime();
    }
    expect(attempts).toBeGreaterThan(10);
    expect(clock.t - start).toBeGreaterThan(DAY - 2 * HOUR);
    const endpoint = await endpointRow(id);
    expect(endpoint.disabledReason).toMatch(
      /^Every attempt failed for a day \(last: The endpoint answered 503\.\)/,
    );
    expect((await deliveryRow(first)).status).toBe('failed');
    expect((await deliveryRow(second)).status).toBe('failed');
    const shown = await server.call('GET', `/api/webhooks/show/${id}`, { token });
    expect(shown.json().data).toMatchObject({ enabled: false, disabled_reason: endpoint.disabledReason });

    const disabledMail = () =>
      smtp.received.find((m) => m.raw.includes('Subject: A webhook endpoint was disabled'));
    await expect.poll(disabledMail, { timeout: 10_000 }).toBeDefined();
    expect(disabledMail()!.to).toEqual([ADMIN.email]);
    expect(disabledMail()!.raw.replace(/=\r?\n/g, '')).toContain(failing.url);
    // Disabled, it is sent nothing more, even once the receiver would take it.
    failing.answer = { status: 200 };
    clock.t += DAY;
    await sendAt(id, clock);
    expect(failing.received).toHaveLength(0);
    await failing.close();
  });

  it('signs with the old secret as well as the new for 24 hours after a rotation, and then with the new alone', async () => {
    const { id, secret: old } = await addEndpoint(['settings.updated']);
    const rotated = await post(`webhooks/rotate/${id}`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().secret as string;
    const rotatedAt = Date.now();

    const clock = { t: rotatedAt + 23 * HOUR };
    await waitingEvent(id, 'settings.updated');
    await sendAt(id, clock);
    const [within] = await receiver.waitFor(1, (r) => r.json.type === 'settings.updated');
    const withinHeaders = within!.headers as Record<string, string>;
    expect(withinHeaders['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyAt(clock.t, fresh, within!.body, withinHeaders)).toBeTruthy();
    expect(verifyAt(clock.t, old, within!.body, withinHeaders)).toBeTruthy();

    clock.t = rotatedAt + 24 * HOUR + 60_000;
    await waitingEvent(id, 'settings.updated');
    await sendAt(id, clock);
    const after = (await receiver.waitFor(2, (r) => r.json.type === 'settings.updated'))[1]!;
    const afterHeaders = after.headers as Record<string, string>;
    expect(afterHeaders['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verifyAt(clock.t, fresh, after.body, afterHeaders)).toBeTruthy();
    expect(() => verifyAt(clock.t, old, after.body, afterHeaders)).toThrow(WebhookVerificationError);
    await disable(id);
  });

  it('keeps 30 days of deliveries in the log and forgets older ones', async () => {
    const { id } = await addEndpoint(['form.updated']);
    await disable(id);
    const now = Date.now();
    const old = await waitingEvent(id, 'form.updated', new Date(now - 31 * DAY));
    const recent = await waitingEvent(id, 'form.updated', new Date(now - 29 * DAY));
    const [oldEvent] = await db()
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, old));
    await pruneDeliveries(db(), new Date(now));
    const log = async () =>
      (await server.call('GET', `/api/webhooks/deliveries?id=${id}`, { token }))
        .json()
        .deliveries.data.map((d: { id: number }) => d.id);
    expect(await log()).toEqual([recent]);
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.id, oldEvent!.eventId))).toEqual(
      [],
    );
    // Two days on, the other has passed 30 days as well.
    await pruneDeliveries(db(), new Date(now + 2 * DAY));
    expect(await log()).toEqual([]);
  });
  it('logs who added, changed, rotated and deleted an endpoint, for whoever may view webhooks', async () => {
    const { id } = await addEndpoint(['form.updated'], `${receiver.url}?logged`);
    const shown = (await server.call('GET', `/api/webhooks/show/${id}`, { token })).json().data;
    const url = `${receiver.url}?renamed`;
    expect((await post(`webhooks/update/${id}`, { ...shown, url, enabled: false })).statusCode).toBe(200);
    expect((await post(`webhooks/rotate/${id}`, {})).statusCode).toBe(200);
    expect((await post('webhooks/delete', { ids: [id] })).statusCode).toBe(200);
    const log = async (as: string) => {
      const res = await server.call('GET', '/api/activity?page=1&area=webhooks', { token: as });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: ActivityEntry[] }).data.filter((e) => e.record?.id === id);
    };
    const entries = await log(token);
    expect(entries.map((e) => [e.action, e.record?.name, e.detail])).toEqual([
      ['deleted', url, null],
      ['updated', url, 'Secret rotated'],
      ['updated', url, null],
      ['created', `${receiver.url}?logged`, null],
    ]);
    expect(entries[0]!.user?.name).toBe(ADMIN.name);
    // Marketing may not view webhooks: their log has none of these.
    const marketing = await signedInAs(server, 'Marketing');
    expect(await log(marketing.token)).toEqual([]);
  });
});
