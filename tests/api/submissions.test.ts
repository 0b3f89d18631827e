import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { readConfig } from '@server/config';
import type { Db } from '@server/db/open';
import { openDatabase } from '@server/db/open';
import { dealerships } from '@server/db/schema/dealerships';
import { outboundMails } from '@server/db/schema/mail';
import { pages } from '@server/db/schema/pages';
import { rateWindows } from '@server/db/schema/rateWindows';
import { responses } from '@server/db/schema/responses';
import { createScratchDatabase } from '@server/db/scratch';
import { seedDealerGroup } from '@server/db/seed/dealerGroup';
import { ENQUIRY_FORM_ITEMS, enquiryFormRow, testDriveItems } from '@server/db/seed/forms';
import { MAIL_QUEUE, type MailJobData, queueMail } from '@server/domain/mailQueue';
import { ENQUIRY_TYPES, storeResponse } from '@server/domain/responses';
import { and, count, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseHandles } from '@/api/contract/responses';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { type SmtpCatcher, startSmtp } from './smtp';

let server: TestServer;
let smtp: SmtpCatcher;
let token: string;
/** A live dealership, one that is not live and one in the bin. */
let live: { id: number; name: string; email: string; brandId: number | null };
let notLive: number;
let binned: number;
let otherBrand: number;

const db = () => server.database.db;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ SMTP_URL: smtp.url });
  token = await server.login();
  await seedDealerGroup(db(), { total: 8 });
  const rows = await db()
    .select({
      id: dealerships.id,
      name: dealerships.name,
      email: dealerships.email,
      brandId: dealerships.brandId,
    })
    .from(dealerships)
    .where(and(isNull(dealerships.deletedAt), isNotNull(dealerships.publishedAt)))
    .orderBy(dealerships.id);
  live = rows[0]!;
  notLive = rows[1]!.id;
  binned = rows[2]!.id;
  otherBrand = rows.find((row) => row.brandId !== live.brandId)!.id;
  await db().update(dealerships).set({ publishedAt: null }).where(eq(dealerships.id, notLive));
  await db().update(dealerships).set({ deletedAt: new Date() }).where(eq(dealerships.id, binned));

  await db()
    .insert(pages)
    .values([
      ...responseHandles.map((handle, i) =>
        enquiryFormRow(handle, ENQUIRY_TYPES[handle].title, { sortOrder: i + 1 }),
      ),
      enquiryFormRow('test-drive', 'Summer Event', {
        slug: 'summer-event',
        sortOrder: 12,
        published: false,
        publishedAt: null,
      }),
      enquiryFormRow('test-drive', 'Winter Event', {
        slug: 'winter-event',
        sortOrder: 13,
        publishedAt: new Date(Date.now() + 7 * 24 * 3600_000),
      }),
      enquiryFormRow('test-drive', 'Old Event', { slug: 'old-event', sortOrder: 14, deletedAt: new Date() }),
      enquiryFormRow('test-drive', 'Brand Test Drive', {
        slug: 'brand-test-drive',
        sortOrder: 15,
        brandId: live.brandId,
        items: testDriveItems('brand'),
      }),
      enquiryFormRow('test-drive', 'Quiet Form', {
        slug: 'quiet-form',
        sortOrder: 16,
        emails: { ...enquiryFormRow('test-drive', '').emails!, send_email: 0 },
        thankYou: { title: '', description: 'We will be in touch.' },
      }),
      enquiryFormRow('test-drive', 'Open Day', {
        slug: 'open-day',
        sortOrder: 17,
        items: [
          ...ENQUIRY_FORM_ITEMS.newsletter().slice(0, 2),
          {
            index: 'input_date',
            name: 'Day',
            hideable: { item: true, sections: [] },
            hidden: false,
            sections: {
              settings: {
                hidden: false,
                fields: {
                  label: 'Day',
                  name: '',
                  required: '1',
                  earliest: '2026-09-01',
                  latest: '2026-09-30',
                },
                entries: [],
              },
            },
          },
          {
            index: 'input_text',
            name: 'Hidden',
            hideable: { item: true, sections: [] },
            hidden: true,
            sections: {
              settings: { hidden: false, fields: { label: 'Secret', name: 'secret' }, entries: [] },
            },
          },
        ],
      }),
    ]);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let visitor = 0;
/** Each call comes from its own address unless told, so the limit never gets in the way. */
const submit = (handle: string, fields: Record<string, unknown>, ip = `198.51.100.${++visitor % 250}`) =>
  server.call('POST', '/api/responses/submit', {
    body: { handle, fields },
    headers: { 'x-forwarded-for': ip },
  });

async function stored(handle: string) {
  const [row] = await db().select({ n: count() }).from(responses).where(eq(responses.handle, handle));
  return row!.n;
}

async function mailsQueued() {
  const [row] = await db().select({ n: count() }).from(outboundMails);
  return row!.n;
}

/** Waits until every queued mail job has finished, then answers what the SMTP server holds. */
async function settled() {
  for (;;) {
    const open = await server.database.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND state NOT IN ('completed', 'failed')`,
    );
    if (open.rows[0]!.n === 0) return [...smtp.received];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const testDrive = () => ({
  name: 'Amara Okafor',
  email: 'amara@example.org',
  telephone: '07700 900123',
  derivative: 'Kia EV6 GT-Line',
  dealership: live.id,
  preferred_date: '2026-07-01',
  marketing: true,
});

function errorsOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(422);
  return res.json().errors as Record<string, string[]>;
}

describe(`a submission to a form (${databaseKind})`, () => {
  it("stores exactly the form's fields in block order and mails the chosen dealership once", async () => {
    const before = smtp.received.length;
    const res = await submit('test-drive', { ...testDrive(), telephone: '  07700 900123 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Thank you, your enquiry has been sent.',
      id: expect.any(Number),
      thank_you: {
        title: 'Thank you',
        description: 'Thank you for your enquiry, we will be in touch shortly.',
      },
    });
    const shown = (await server.call('GET', `/api/responses/show?id=${res.json().id}`, { token })).json()
      .data;
    expect(Object.entries(shown.data)).toEqual([
      ['name', { label: 'Name', result: 'Amara Okafor' }],
      ['email', { label: 'Email', result: 'amara@example.org' }],
      ['telephone', { label: 'Telephone', result: '07700 900123' }],
      ['derivative', { label: 'Derivative', result: 'Kia EV6 GT-Line' }],
      ['dealership', { label: 'Dealership', result: live.name }],
      ['preferred_date', { label: 'Preferred date', result: '2026-07-01' }],
      [
        'marketing',
        { label: 'I am happy to hear about offers and events from Northway Motor Group.', result: true },
      ],
    ]);
    const list = (await server.call('GET', '/api/responses?handle=test-drive', { token })).json();
    expect(list.responses.data[0].data.dealership.result).toBe(live.name);

    const mails = (await settled()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([live.email]);
    expect(mails[0]!.raw).toContain('Subject: New website enquiry: Test Drive');
    expect(mails[0]!.raw).toContain('Reply-To: amara@example.org');
    expect(mails[0]!.raw).toContain(`Dealership: ${live.name}`);
    expect(mails[0]!.raw).toContain('You have a new test drive');
  });

  it("mails the form's listed addresses for type emails, and nothing when the form sends none", async () => {
    const before = smtp.received.length;
    const res = await submit('new-car-enquiry', {
      name: 'Ola Berg',
      email: 'ola@example.org',
      dealership: live.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await settled()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([['enquiries@northway.example.co.uk']]);

    const queued = await mailsQueued();
    const quiet = await submit('quiet-form', {
      name: 'Ola Berg',
      email: 'ola@example.org',
      dealership: live.id,
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(quiet.json().thank_you).toEqual({ title: 'Thank you', description: 'We will be in touch.' });
    expect(await mailsQueued()).toBe(queued);
    expect((await settled()).length).toBe(before + 1);
  });

  it('keeps a select option by its label, a registration in capitals and an unticked box as No', async () => {
    const res = await submit('service-enquiry', {
      name: 'Priya Shah',
      email: 'priya@example.org',
      telephone: '+44 113 496 0000',
      registration: 'ab12 cde',
      service: 'full',
      dealership: String(live.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(responses).where(eq(responses.id, res.json().id));
    expect(row!.data.registration!.result).toBe('AB12 CDE');
    expect(row!.data.service).toEqual({ label: 'Service', result: 'Full service' });
    expect(row!.data.mileage!.result).toBeNull();
    expect(Object.keys(row!.data)).toEqual([
      'name',
      'email',
      'telephone',
      'registration',
      'mileage',
      'service',
      'dealership',
      'preferred_date',
    ]);
  });

  it('names the field of every bad answer with 422, and stores and mails nothing', async () => {
    const before = { stored: await stored('test-drive'), mails: await mailsQueued() };
    const bad: [string, Record<string, unknown>, string, string][] = [
      ['test-drive', { name: '  ' }, 'fields.name', 'This field is required.'],
      ['test-drive', { email: 'nope' }, 'fields.email', 'Enter a valid e-mail address.'],
      ['test-drive', { email: undefined }, 'fields.email', 'This field is required.'],
      ['test-drive', { telephone: 'call me' }, 'fields.telephone', 'Enter a valid telephone number.'],
      ['test-drive', { preferred_date: '2026-02-30' }, 'fields.preferred_date', 'Enter a valid date.'],
      ['test-drive', { dealership: 99_999_999 }, 'fields.dealership', 'Choose a dealership.'],
      ['test-drive', { dealership: notLive }, 'fields.dealership', 'Choose a dealership.'],
      ['test-drive', { dealership: binned }, 'fields.dealership', 'Choose a dealership.'],
      ['test-drive', { dealership: 'Leeds' }, 'fields.dealership', 'Choose a dealership.'],
      ['test-drive', { dealership: null }, 'fields.dealership', 'Choose a dealership.'],
      ['test-drive', { marketing: 'maybe' }, 'fields.marketing', 'Tick the box or leave it empty.'],
      ['test-drive', { derivative: 'x'.repeat(256) }, 'fields.derivative', 'Use at most 255 characters.'],
      [
        'test-drive',
        { favourite_colour: 'red' },
        'fields.favourite_colour',
        'This form does not ask for that.',
      ],
      ['brand-test-drive', { dealership: otherBrand }, 'fields.dealership', 'Choose a dealership.'],
    ];
    for (const [handle, change, field, message] of bad) {
      const errors = errorsOf(await submit(handle, { ...testDrive(), ...change }));
      expect(errors, `${field} ${JSON.stringify(change)}`).toEqual({ [field]: [message] });
    }
    const service = { name: 'Priya Shah', email: 'priya@example.org', telephone: '01134960000' };
    expect(
      errorsOf(
        await submit('service-enquiry', { ...service, registration: 'NOT A PLATE!', service: 'platinum' }),
      ),
    ).toEqual({
      'fields.registration': ['Enter a valid registration number.'],
      'fields.service': ['Choose one of the options.'],
      'fields.dealership': ['Choose a dealership.'],
    });
    expect(
      errorsOf(await submit('newsletter', { name: 'Reader', email: 'r@example.org', subscribe: false })),
    ).toEqual({
      'fields.subscribe': ['Tick the box to agree.'],
    });
    const openDay = { name: 'Reader', email: 'r@example.org' };
    expect(errorsOf(await submit('open-day', { ...openDay, day: '2026-08-31' }))).toEqual({
      'fields.day': ['Choose a date on or after 1 Sep 26.'],
    });
    expect(errorsOf(await submit('open-day', { ...openDay, day: '2026-09-15', secret: 'x' }))).toEqual({
      'fields.secret': ['This form does not ask for that.'],
    });
    // What no form could take is named in words a website's developer can act on.
    expect(errorsOf(await submit('open-day', { ...openDay, name: 'x'.repeat(5001) }))).toEqual({
      'fields.name': ['Use at most 5000 characters.'],
    });
    expect(errorsOf(await submit('open-day', { ...openDay, name: { first: 'Reader' } }))).toEqual({
      'fields.name': ['Give text, a number, yes or no, or a list of choices.'],
    });
    expect(errorsOf(await submit('open-day', { ...openDay, ['k'.repeat(101)]: 'x' }))).toEqual({
      [`fields.${'k'.repeat(101)}`]: ['Name each field in at most 100 characters.'],
    });
    expect((await submit('open-day', { ...openDay, day: '2026-09-15' })).statusCode).toBe(200);
    expect(await stored('test-drive')).toBe(before.stored);
    expect(await mailsQueued()).toBe(before.mails + 1);
  });

  it('answers 404 for a form that does not exist, is unpublished, scheduled or deleted', async () => {
    for (const handle of ['car-theft', 'summer-event', 'winter-event', 'old-event', '', 'x'.repeat(255)]) {
      const res = await submit(handle, testDrive());
      expect(res.statusCode, handle).toBe(404);
      expect(res.json().message).toBe('This form does not exist.');
    }
    const long = await submit('x'.repeat(256), testDrive());
    expect(long.statusCode).toBe(422);
    expect(await stored('summer-event')).toBe(0);
  });

  it('stores and mails each of many enquiries sent at once, exactly once', async () => {
    const before = { stored: await stored('newsletter'), received: (await settled()).length };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        submit('newsletter', { name: `Reader ${i}`, email: `r${i}@example.org`, subscribe: '1' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(await stored('newsletter')).toBe(before.stored + 12);
    const mails = (await settled()).slice(before.received);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => /Reader \d+/.exec(m.raw)?.[0])).size).toBe(12);
    const unsent = await db().select({ n: count() }).from(outboundMails).where(isNull(outboundMails.sentAt));
    expect(unsent[0]!.n).toBe(0);
  });

  it('limits one visitor to ten enquiries a minute per form, however fast they come', async () => {
    const body = { name: 'Flood', email: 'flood@example.org', subscribe: true };
    const results = await Promise.all(
      Array.from({ length: 15 }, () => submit('newsletter', body, '192.0.2.77')),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toBe(
      'Too many enquiries from this address. Please try again in a minute.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit('newsletter', body, '192.0.2.78')).statusCode).toBe(200);
    // Counted without keeping the address: no window is keyed by it.
    const keys = (await db().select({ key: rateWindows.key }).from(rateWindows)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith('submit:'))).toBe(true);
    expect(keys.some((key) => key.includes('192.0.2.77') || key.includes('192.0.2.78'))).toBe(false);
    expect((await submit('test-drive', testDrive(), '192.0.2.77')).statusCode).toBe(200);
  });
});

describe(`the mail job of an enquiry (${databaseKind})`, () => {
  it('is written in the same transaction as the enquiry: when that rolls back, neither exists', async () => {
    const jobsBefore = await server.database.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail'`,
    );
    const mailsBefore = await mailsQueued();
    const storedBefore = await stored('rolled-back');
    const answer = { name: { label: 'Name', result: 'Nobody' } };
    const enqueue = (data: MailJobData, within: Db) => server.jobs.enqueue(MAIL_QUEUE, data, within);
    await expect(
      storeResponse(db(), 'rolled-back', answer, new Date(), async (tx) => {
        await queueMail(tx, enqueue, { to: ['nobody@example.org'], subject: 'Never', text: 'Never sent.' });
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    const jobsAfter = await server.database.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail'`,
    );
    expect(jobsAfter.rows[0]!.n).toBe(jobsBefore.rows[0]!.n);
    expect(await mailsQueued()).toBe(mailsBefore);
    expect(await stored('rolled-back')).toBe(storedBefore);
  });
});

describe.runIf(databaseKind === 'postgres')('the submission limit across API processes', () => {
  it('holds for a burst spread over two app instances on one database', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'console_limit');
    const dirs = [
      mkdtempSync(join(tmpdir(), 'console-limit-')),
      mkdtempSync(join(tmpdir(), 'console-limit-')),
    ];
    // One after the other: the first migrates the database, the second finds it ready.
    const databases = [
      await openDatabase({ databaseUrl: scratch.url }),
      await openDatabase({ databaseUrl: scratch.url }),
    ];
    try {
      await databases[0]!.db.insert(pages).values(enquiryFormRow('newsletter', 'Newsletter'));
      const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
      for (const [i, database] of databases.entries()) {
        const config = readConfig({ DATA_DIR: dirs[i]!, CONSOLE_DIR: '', TRUST_PROXY: '1' });
        apps.push(await buildApp({ config, database }));
      }
      try {
        const results = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            apps[i % 2]!.app.inject({
              method: 'POST',
              url: '/api/responses/submit',
              headers: { 'x-forwarded-for': '192.0.2.99' },
              payload: {
                handle: 'newsletter',
                fields: { name: `Burst ${i}`, email: `b${i}@example.org`, subscribe: true },
              },
            }),
          ),
        );
        const ok = results.filter((r) => r.statusCode === 200);
        expect(results.filter((r) => r.statusCode === 429)).toHaveLength(6);
        expect(ok).toHaveLength(10);
        // Both instances took a share of the allowance: the count is one, not one per process.
        expect(new Set(ok.map((r) => results.indexOf(r) % 2)).size).toBe(2);
        const [row] = await databases[0]!.db
          .select({ n: count() })
          .from(responses)
          .where(ne(responses.handle, ''));
        expect(row!.n).toBe(10);
      } finally {
        for (const built of apps) await built.app.close();
      }
    } finally {
      for (const database of databases) await database.close();
      await scratch.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
