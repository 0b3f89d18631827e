import type { AddressInfo } from 'node:net';
import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import { leadDeliveries } from '@server/db/schema/leads';
import { pages } from '@server/db/schema/pages';
import { vehicles } from '@server/db/schema/vehicles';
import { seedDealerGroup } from '@server/db/seed/dealerGroup';
import { enquiryFormRow } from '@server/db/seed/forms';
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDelivery } from '@/api/contract/responses';
import { dealershipRow } from '../dealershipRow';
import { nowSeconds, signedDelivery, stripeCharge, stripeEvent } from '../stripe';
import { adfErrors, readAdf } from './adf';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { type ReceivedMail, singlePart } from './smtp';

const SECRET = 'whsec_leads_test_secret';

/** A real SMTP server that keeps what it takes, and refuses every message while `refusing` is set. */
async function startCrmMailbox() {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          done(error);
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  // A sender that goes away mid-message resets its connection: not a failure of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let server: TestServer;
let mailbox: Awaited<ReturnType<typeof startCrmMailbox>>;
let token: string;
/** A live dealership with two CRM addresses (ADF), one with a plain e-mail address, one with none. */
let adfDealer: { id: number; name: string; brandId: number; make: string };
let emailDealer: { id: number; name: string };
let quietDealer: { id: number };

const db = () => server.database.db;

beforeAll(async () => {
  mailbox = await startCrmMailbox();
  server = await createTestServer({
    SMTP_URL: mailbox.url,
    MAIL_RETRIES: '1',
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  token = await server.login();
  await seedDealerGroup(db(), { total: 6 });
  const live = await db()
    .select({ id: dealerships.id, name: dealerships.name, brandId: dealerships.brandId, make: brands.name })
    .from(dealerships)
    .innerJoin(brands, eq(brands.id, dealerships.brandId))
    .where(and(isNull(dealerships.deletedAt), isNotNull(dealerships.publishedAt)))
    .orderBy(asc(dealerships.id));
  adfDealer = { ...live[0]!, brandId: live[0]!.brandId! };
  emailDealer = live[1]!;
  quietDealer = live[2]!;
  await db()
    .update(dealerships)
    .set({ crmEmails: ['leads@crm-one.example', 'sales@crm-two.example'], crmFormat: 'adf' })
    .where(eq(dealerships.id, adfDealer.id));
  await db()
    .update(dealerships)
    .set({ crmEmails: ['desk@dealer.example'], crmFormat: 'email' })
    .where(eq(dealerships.id, emailDealer.id));
  await db().insert(vehicles).values({
    registration: 'YD24 KXA',
    make: 'Kia',
    model: 'EV6',
    derivative: 'GT-Line S 77.4kWh',
    price: 3_899_500,
    mileage: 8200,
    dealership: adfDealer.name,
  });
  const titles = {
    'test-drive': 'Test Drive',
    'service-enquiry': 'Service Enquiry',
    'used-vehicle-enquiry': 'Used Vehicle Enquiry',
    newsletter: 'Newsletter',
  } as const;
  await db()
    .insert(pages)
    .values(
      Object.entries(titles).map(([handle, title], i) =>
        enquiryFormRow(handle as keyof typeof titles, title, {
          sortOrder: i + 1,
          // Only the leads are mailed: the forms' own e-mails would only add to what arrives.
          emails: { ...enquiryFormRow('newsletter', '').emails!, send_email: 0 },
        }),
      ),
    );
}, 120_000);

afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

let visitor = 0;
const submit = (handle: string, fields: Record<string, unknown>) =>
  server.call('POST', '/api/responses/submit', {
    body: { handle, fields },
    headers: { 'x-forwarded-for': `203.0.113.${++visitor % 250}` },
  });

async function submitted(handle: string, fields: Record<string, unknown>): Promise<number> {
  const res = await submit(handle, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function show(id: number, as = token) {
  return server.call('GET', `/api/responses/show?id=${id}`, { token: as });
}

/** Waits until every lead of the enquiry has been sent or has failed, then answers them. */
async function settledDeliveries(id: number): Promise<LeadDelivery[]> {
  for (;;) {
    const res = await show(id);
    expect(res.statusCode, res.body).toBe(200);
    const deliveries = res.json().deliveries as LeadDelivery[];
    if (deliveries.every((d) => d.status !== 'queued')) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The mails that arrived for this lead (by its reference in the decoded body), in arrival order. */
const mailsOf = (reference: string) =>
  mailbox.received.filter((mail) => singlePart(mail.raw).body.includes(reference));

describe(`leads to a dealership's CRM (${databaseKind})`, () => {
  it('keeps CRM addresses and format on the dealership, with an error under each bad address', async () => {
    const shown = await server.call('GET', `/api/dealerships/show/${adfDealer.id}`, { token });
    expect(shown.statusCode).toBe(200);
    const current = shown.json().data;
    expect(current.crm_emails).toEqual(['leads@crm-one.example', 'sales@crm-two.example']);
    expect(current.crm_format).toBe('adf');

    const { id, live, brand, created_at, deleted_at, ...fields } = current;
    const bad = await server.call('POST', `/api/dealerships/update/${adfDealer.id}`, {
      token,
      body: {
        ...fields,
        live,
        crm_emails: ['ok@crm.example', 'not an address', 'OK@crm.example'],
        crm_format: 'xml',
      },
    });
    expect(bad.statusCode, bad.body).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors['crm_emails.1']).toEqual(['Enter a valid e-mail address.']);
    expect(errors['crm_emails.2']).toEqual(['This address is listed already.']);
    expect(errors['crm_emails.0']).toBeUndefined();
    expect(errors.crm_format).toEqual(['Choose ADF/XML or plain e-mail.']);

    const saved = await server.call('POST', `/api/dealerships/update/${adfDealer.id}`, {
      token,
      body: {
        ...fields,
        live,
        crm_emails: ['leads@crm-one.example', 'sales@crm-two.example'],
        crm_format: 'adf',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await server.call('GET', `/api/dealerships/show/${adfDealer.id}`, { token })).json().data;
    expect(again.crm_emails).toEqual(['leads@crm-one.example', 'sales@crm-two.example']);
  });

  it('sends a test drive to each CRM address as a valid ADF document and nothing else', async () => {
    const id = await submitted('test-drive', {
      name: 'Amara Okafor',
      email: 'amara@example.org',
      telephone: '07700 900123',
      derivative: 'EV6 GT-Line',
      dealership: adfDealer.id,
      preferred_date: '2026-07-01',
      marketing: true,
    });
    const deliveries = await settledDeliveries(id);
    expect(deliveries.map((d) => [d.to, d.format, d.status, d.attempts, d.error])).toEqual([
      ['leads@crm-one.example', 'adf', 'sent', 1, null],
      ['sales@crm-two.example', 'adf', 'sent', 1, null],
    ]);
    expect(Date.parse(deliveries[0]!.sent_at!)).toBeGreaterThan(Date.now() - 60_000);

    const mails = mailsOf(`>enquiry-${id}<`);
    expect(mails.map((m) => m.to).sort()).toEqual([['leads@crm-one.example'], ['sales@crm-two.example']]);
    for (const mail of mails) {
      const { headers, body } = singlePart(mail.raw);
      expect(headers['content-type']).toMatch(/^text\/plain/);
      expect(
        body.trimStart().startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>'),
      ).toBe(true);
      expect(body.trim().endsWith('</adf>')).toBe(true);
      expect(await adfErrors(body)).toBe('');

      const prospect = readAdf(body).adf.prospect;
      expect(prospect['@_status']).toBe('new');
      expect(prospect.id[0]['#text']).toBe(`enquiry-${id}`);
      expect(prospect.requestdate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      expect(prospect.vehicle['@_interest']).toBe('test-drive');
      expect(prospect.vehicle.make).toBe(adfDealer.make);
      expect(prospect.vehicle.model).toBe('EV6 GT-Line');
      const contact = prospect.customer.contact;
      expect(
        contact.name.map((n: { '#text': string; '@_part': string }) => [n['@_part'], n['#text']]),
      ).toEqual([
        ['first', 'Amara'],
        ['last', 'Okafor'],
      ]);
      expect(contact.email).toBe('amara@example.org');
      expect(contact.phone[0]).toEqual({ '#text': '07700 900123', '@_type': 'cellphone' });
      expect(prospect.customer.comments).toContain('Preferred date: 2026-07-01');
      expect(prospect.customer.comments).toContain(
        'I am happy to hear about offers and events from Northway Motor Group.: Yes',
      );
      expect(prospect.vendor.vendorname).toBe(adfDealer.name);
      expect(prospect.provider.name['@_part'] ?? prospect.provider.name[0]['@_part']).toBe('full');
    }
  });

  it('names the vehicle in stock by its registration, with its make, model and price', async () => {
    const id = await submitted('used-vehicle-enquiry', {
      name: 'Priya Shah',
      email: 'priya@example.org',
      telephone: '0113 496 0000',
      registration: 'yd24 kxa',
      dealership: adfDealer.id,
      message: 'Is it still available?',
    });
    await settledDeliveries(id);
    const [mail] = mailsOf(`>enquiry-${id}<`);
    const { body } = singlePart(mail!.raw);
    expect(await adfErrors(body)).toBe('');
    const vehicle = readAdf(body).adf.prospect.vehicle;
    expect(vehicle['@_interest']).toBe('buy');
    expect(vehicle['@_status']).toBe('used');
    expect(vehicle.id[0]).toEqual({ '#text': 'YD24 KXA', '@_source': 'registration' });
    expect([vehicle.make, vehicle.model, vehicle.trim]).toEqual(['Kia', 'EV6', 'GT-Line S 77.4kWh']);
    expect(vehicle.price).toEqual({ '#text': '38995.00', '@_type': 'asking', '@_currency': 'GBP' });
    const contact = readAdf(body).adf.prospect.customer.contact;
    expect(contact.phone[0]['@_type']).toBe('voice');
  });

  it("names the dealership's make with an empty model for a service enquiry, and says what it is", async () => {
    const id = await submitted('service-enquiry', {
      name: 'Tomasz',
      email: 'tomasz@example.org',
      telephone: '07700 900456',
      registration: 'AB12 CDE',
      mileage: '42,000',
      service: 'full',
      dealership: adfDealer.id,
    });
    await settledDeliveries(id);
    const [mail] = mailsOf(`>enquiry-${id}<`);
    const { body } = singlePart(mail!.raw);
    expect(await adfErrors(body)).toBe('');
    const prospect = readAdf(body).adf.prospect;
    expect(prospect.vehicle['@_interest']).toBeUndefined();
    expect(prospect.vehicle.make).toBe(adfDealer.make);
    expect(prospect.vehicle.model).toBe('');
    expect(prospect.vehicle.comments).toBe('Service Enquiry');
    expect(prospect.customer.contact.name).toEqual([{ '#text': 'Tomasz', '@_part': 'full' }]);
    expect(prospect.customer.comments.split('\n')).toEqual([
      'Service Enquiry from the website.',
      'Mileage: 42,000',
      'Service: Full service',
    ]);
  });

  it('escapes whatever a visitor types, so the document stays valid and reads back as typed', async () => {
    const name = 'Eve </name><evil attr="1"/> & "Mallory" \'O\'Brien\' ]]> <!-- x -->';
    const message = '<?xml version="1.0"?><!DOCTYPE adf [<!ENTITY x SYSTEM "file:///etc/passwd">]>&x;\u0007';
    const id = await submitted('used-vehicle-enquiry', {
      name,
      email: 'eve@example.org',
      dealership: adfDealer.id,
      derivative: '</model></vehicle><vehicle>',
      message,
    });
    await settledDeliveries(id);
    const [mail] = mailsOf(`>enquiry-${id}<`);
    const { body } = singlePart(mail!.raw);
    expect(await adfErrors(body)).toBe('');
    expect(body).not.toContain('<evil');
    expect(body).not.toContain('<!ENTITY');
    const prospect = readAdf(body).adf.prospect;
    expect(prospect.vehicle.model).toBe('</model></vehicle><vehicle>');
    const names = prospect.customer.contact.name.map((n: { '#text': string }) => n['#text']);
    expect(names.join(' ')).toBe(name);
    // The bell character has no place in XML 1.0: it alone is left out.
    expect(prospect.customer.comments).toContain(`Message: ${message.replace('\u0007', '')}`);
  });

  it('sends a plain e-mail to a CRM that takes plain e-mail, and no lead where none is set', async () => {
    const id = await submitted('test-drive', {
      name: 'Jon Bell',
      email: 'jon@example.org',
      dealership: emailDealer.id,
    });
    const [delivery] = await settledDeliveries(id);
    expect(delivery).toMatchObject({ to: 'desk@dealer.example', format: 'email', status: 'sent' });
    const [mail] = mailsOf(`Reference: enquiry-${id}\n`);
    const { headers, body } = singlePart(mail!.raw);
    expect(headers['content-type']).toMatch(/^text\/plain/);
    expect(headers['reply-to']).toBe('jon@example.org');
    expect(body).not.toContain('<adf>');
    expect(body).toContain(`Test Drive for ${emailDealer.name}`);
    expect(body).toContain('Interest: test-drive');
    expect(body).toContain('Name: Jon Bell');

    const quiet = await submitted('test-drive', {
      name: 'No Lead',
      email: 'n@example.org',
      dealership: quietDealer.id,
    });
    const group = await submitted('newsletter', { name: 'Reader', email: 'r@example.org', subscribe: true });
    for (const none of [quiet, group]) expect((await show(none)).json().deliveries).toEqual([]);
    const [queued] = await db()
      .select({ n: count() })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.responseId, quiet));
    expect(queued!.n).toBe(0);
  });

  it('shows a failed lead after its retries, and sends it again once for whoever may', async () => {
    mailbox.state.refusing = true;
    const id = await submitted('test-drive', {
      name: 'Grace Hopper',
      email: 'grace@example.org',
      dealership: adfDealer.id,
    });
    const failed = await settledDeliveries(id);
    mailbox.state.refusing = false;
    expect(failed.map((d) => d.status)).toEqual(['failed', 'failed']);
    for (const delivery of failed) {
      // The first try and MAIL_RETRIES=1 retry.
      expect(delivery.attempts).toBe(2);
      expect(delivery.sent_at).toBeNull();
      expect(delivery.error).toMatch(/Mailbox unavailable/);
    }

    const readOnly = await signedInAs(server, 'Read only');
    const refused = await server.call('POST', '/api/responses/resend', {
      token: readOnly.token,
      body: { id },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/cannot export enquiries/);
    const elsewhere = await signedInAs(server, 'Sales', { dealership_ids: [emailDealer.id] });
    const hidden = await server.call('POST', '/api/responses/resend', {
      token: elsewhere.token,
      body: { id },
    });
    expect(hidden.statusCode).toBe(404);
    // Nobody's refusal queued anything.
    expect((await show(id)).json().deliveries.map((d: LeadDelivery) => d.status)).toEqual([
      'failed',
      'failed',
    ]);

    const sales = await signedInAs(server, 'Sales', { dealership_ids: [adfDealer.id] });
    const both = await Promise.all(
      [1, 2].map(() => server.call('POST', '/api/responses/resend', { token: sales.token, body: { id } })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const accepted = both.find((r) => r.statusCode === 200)!.json();
    expect(accepted.message).toBe('2 leads are being sent again.');
    expect(accepted.deliveries.map((d: LeadDelivery) => d.status)).toEqual(['queued', 'queued']);

    const sent = await settledDeliveries(id);
    expect(sent.map((d) => [d.status, d.attempts, d.error])).toEqual([
      ['sent', 3, null],
      ['sent', 3, null],
    ]);
    expect(
      mailsOf(`>enquiry-${id}<`)
        .map((m) => m.to)
        .sort(),
    ).toEqual([['leads@crm-one.example'], ['sales@crm-two.example']]);
    const nothingLeft = await server.call('POST', '/api/responses/resend', { token, body: { id } });
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().message).toBe('This enquiry has no failed lead to send again.');
  });

  it('sends a paid reservation of a vehicle in stock as a lead with the amount paid', async () => {
    const charge = stripeCharge({ amount: 19900, registration: 'yd24 kxa', name: 'Priya Shah' });
    const delivery = signedDelivery(
      stripeEvent('charge.succeeded', charge, { created: nowSeconds() }),
      SECRET,
    );
    const sendIt = () =>
      server.call('POST', '/api/payments/webhook', { body: delivery.body, headers: delivery.headers });
    // Stripe may deliver the same event twice: one lead per address all the same.
    const answers = await Promise.all([sendIt(), sendIt()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await db().select().from(leadDeliveries).where(isNotNull(leadDeliveries.reservationId));
    expect(rows.map((r) => r.to)).toEqual(['leads@crm-one.example', 'sales@crm-two.example']);
    const reference = `>reservation-${rows[0]!.reservationId}<`;
    for (;;) {
      if (mailsOf(reference).length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const { body } = singlePart(mailsOf(reference)[0]!.raw);
    expect(await adfErrors(body)).toBe('');
    const prospect = readAdf(body).adf.prospect;
    expect(prospect.vehicle['@_interest']).toBe('buy');
    expect(prospect.vehicle.model).toBe('EV6');
    expect(prospect.vehicle.finance.amount).toEqual({
      '#text': '199.00',
      '@_type': 'downpayment',
      '@_limit': 'exact',
      '@_currency': 'GBP',
    });
    expect(prospect.customer.comments).toContain('Paid: 199.00 GBP');
    expect(prospect.customer.contact.postalcode ?? prospect.customer.contact.address.postalcode).toBe(
      'LS4 2AZ',
    );
  });
  it("sends a brand's enquiry without a dealership to each of the brand's live dealerships with a CRM", async () => {
    const [brand] = await db()
      .insert(brands)
      .values({ name: 'Fallback Motors', slug: 'fallback-motors', sortOrder: 900 })
      .returning({ id: brands.id });
    const dealer = (n: number, extra: Partial<typeof dealerships.$inferInsert>) =>
      dealershipRow({
        name: `Fallback Motors ${n}`,
        slug: `fallback-motors-${n}`,
        brandId: brand!.id,
        email: `branch${n}@fallback.example`,
        sortOrder: 900 + n,
        ...extra,
      });
    await db()
      .insert(dealerships)
      .values([
        dealer(1, { crmEmails: ['one@fallback-crm.example'], crmFormat: 'adf' }),
        dealer(2, { crmEmails: ['two@fallback-crm.example'], crmFormat: 'email' }),
        // No CRM, not live, binned: none of these hears of it.
        dealer(3, {}),
        dealer(4, { crmEmails: ['draft@fallback-crm.example'], publishedAt: null }),
        dealer(5, { crmEmails: ['binned@fallback-crm.example'], deletedAt: new Date() }),
      ]);
    await db()
      .insert(pages)
      .values(
        enquiryFormRow('new-car-enquiry', 'New Car Enquiry', {
          brandId: brand!.id,
          sortOrder: 20,
          emails: { ...enquiryFormRow('newsletter', '').emails!, send_email: 0 },
        }),
      );

    const id = await submitted('new-car-enquiry', {
      name: 'Sam Reid',
      email: 'sam@example.org',
      derivative: 'Sportage GT-Line',
    });
    const deliveries = await settledDeliveries(id);
    expect(deliveries.map((d) => [d.to, d.format, d.status])).toEqual([
      ['one@fallback-crm.example', 'adf', 'sent'],
      ['two@fallback-crm.example', 'email', 'sent'],
    ]);
    const [adf] = mailsOf(`>enquiry-${id}<`);
    expect(adf!.to).toEqual(['one@fallback-crm.example']);
    const { body } = singlePart(adf!.raw);
    expect(await adfErrors(body)).toBe('');
    const prospect = readAdf(body).adf.prospect;
    expect(prospect.vehicle['@_interest']).toBe('buy');
    expect(prospect.vehicle.make).toBe('Fallback Motors');
    expect(prospect.vehicle.model).toBe('Sportage GT-Line');
    expect(prospect.vendor.vendorname).toBe('Fallback Motors 1');
    const [plain] = mailsOf(`Reference: enquiry-${id}\n`);
    expect(plain!.to).toEqual(['two@fallback-crm.example']);
    expect(singlePart(plain!.raw).body).toContain('New Car Enquiry for Fallback Motors 2');

    // Answering the dealership question still sends it to that dealership alone.
    const chosen = await submitted('new-car-enquiry', {
      name: 'Sam Reid',
      email: 'sam@example.org',
      dealership: adfDealer.id,
    });
    expect((await settledDeliveries(chosen)).map((d) => d.to)).toEqual([
      'leads@crm-one.example',
      'sales@crm-two.example',
    ]);
  });
});
