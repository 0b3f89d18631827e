import { dealerships } from '@server/db/schema/dealerships';
import { pages } from '@server/db/schema/pages';
import { vehicles } from '@server/db/schema/vehicles';
import { seedDealerGroup } from '@server/db/seed/dealerGroup';
import { ENQUIRY_FORM_ITEMS, enquiryFormRow } from '@server/db/seed/forms';
import { ENQUIRY_TYPES } from '@server/domain/responses';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseHandles } from '@/api/contract/responses';
import { signedDelivery, stripeCharge, stripeEvent } from '../stripe';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { attachmentOf, type SmtpCatcher, startSmtp } from './smtp';

const SECRET = 'whsec_scope_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d';

let server: TestServer;
let smtp: SmtpCatcher;
let admin: string;
type Site = { id: number; name: string; brandId: number };
/** Two live dealerships of one brand, and one of another brand. */
let mine: Site;
let sameBrand: Site;
let other: Site;
/** Enquiry ids by where they belong. */
const enquiry: Record<'mine' | 'sameBrand' | 'other' | 'brandForm' | 'group', number> = {
  mine: 0,
  sameBrand: 0,
  other: 0,
  brandForm: 0,
  group: 0,
};

const db = () => server.database.db;
const get = (url: string, token: string) => server.call('GET', url, { token });
const post = (url: string, token: string, body: unknown) => server.call('POST', url, { token, body });

async function submit(handle: string, fields: Record<string, unknown>): Promise<number> {
  const res = await server.call('POST', '/api/responses/submit', { body: { handle, fields } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const testDrive = (name: string, dealership: number) => ({
  name,
  email: 'visitor@example.org',
  telephone: '07700 900123',
  derivative: 'Kia EV6 GT-Line',
  dealership,
  preferred_date: '2026-07-01',
  marketing: true,
});

async function reserve(registration: string) {
  const event = stripeEvent('charge.succeeded', stripeCharge({ registration }));
  const res = await server.call('POST', '/api/payments/webhook', signedDelivery(event, SECRET));
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ SMTP_URL: smtp.url, STRIPE_WEBHOOK_SECRET: SECRET });
  admin = await server.login();
  await seedDealerGroup(db(), { total: 30 });
  const live = (await db()
    .select({ id: dealerships.id, name: dealerships.name, brandId: dealerships.brandId })
    .from(dealerships)
    .where(and(isNull(dealerships.deletedAt), isNotNull(dealerships.publishedAt)))
    .orderBy(dealerships.id)) as Site[];
  mine = live[0]!;
  sameBrand = live.find((site) => site.brandId === mine.brandId && site.id !== mine.id)!;
  other = live.find((site) => site.brandId !== mine.brandId)!;
  expect(sameBrand).toBeDefined();

  await db()
    .insert(pages)
    .values([
      ...responseHandles
        .filter((handle) => handle !== 'newsletter')
        .map((handle, i) => enquiryFormRow(handle, ENQUIRY_TYPES[handle].title, { sortOrder: i + 1 })),
      // The brand's own newsletter form: it asks for no dealership.
      enquiryFormRow('newsletter', 'Newsletter', { sortOrder: 20, brandId: mine.brandId }),
    ]);
  enquiry.mine = await submit('test-drive', testDrive('Mine Visitor', mine.id));
  enquiry.sameBrand = await submit('test-drive', testDrive('Same Brand Visitor', sameBrand.id));
  enquiry.other = await submit('test-drive', testDrive('Other Visitor', other.id));
  enquiry.brandForm = await submit('newsletter', {
    name: 'Brand Reader',
    email: 'reader@example.org',
    subscribe: true,
  });
  // A test drive form with no dealership question: sent from the group's own form.
  await db()
    .update(pages)
    .set({ items: ENQUIRY_FORM_ITEMS.newsletter() })
    .where(eq(pages.slug, 'test-drive'));
  enquiry.group = await submit('test-drive', {
    name: 'Group Visitor',
    email: 'group@example.org',
    subscribe: true,
  });

  await db()
    .insert(vehicles)
    .values([
      {
        registration: 'MI24 NEA',
        make: 'Kia',
        model: 'EV6',
        derivative: 'GT',
        price: 1,
        mileage: 1,
        dealership: mine.name,
      },
      {
        registration: 'OT24 HER',
        make: 'Kia',
        model: 'EV6',
        derivative: 'GT',
        price: 1,
        mileage: 1,
        dealership: other.name,
      },
      {
        registration: 'NO24 WHR',
        make: 'Kia',
        model: 'EV6',
        derivative: 'GT',
        price: 1,
        mileage: 1,
        dealership: 'Somewhere Else',
      },
    ]);
  await reserve('mi24 nea');
  await reserve('OT24 HER');
  await reserve('NO24 WHR');
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** The first mail to this address, however many others (the forms' own) arrive around it. */
async function mailTo(address: string) {
  for (let n = 1; ; n++) {
    const found = (await smtp.waitFor(n)).find((mail) => mail.to.includes(address));
    if (found) return found;
  }
}

const names = (rows: Array<{ data: { name: { result: string } } }>) =>
  rows.map((row) => row.data.name.result).sort();

describe(`enquiries and reservations belong somewhere (${databaseKind})`, () => {
  it('stores each enquiry with the dealership chosen, else its form’s brand, else the group', async () => {
    const owner = async (id: number) => {
      const { data } = (await get(`/api/responses/show?id=${id}`, admin)).json();
      return [data.brand_id, data.dealership_id];
    };
    expect(await owner(enquiry.mine)).toEqual([mine.brandId, mine.id]);
    expect(await owner(enquiry.other)).toEqual([other.brandId, other.id]);
    expect(await owner(enquiry.brandForm)).toEqual([mine.brandId, null]);
    expect(await owner(enquiry.group)).toEqual([null, null]);
  });

  it('stores each reservation with its vehicle’s dealership and brand, else the group', async () => {
    const { data } = (await get('/api/reservations', admin)).json().reservations;
    const byRegistration = Object.fromEntries(
      data.map((row: { registration: string; brand_id: number | null; dealership_id: number | null }) => [
        row.registration,
        [row.brand_id, row.dealership_id],
      ]),
    );
    expect(byRegistration).toEqual({
      'MI24 NEA': [mine.brandId, mine.id],
      'OT24 HER': [other.brandId, other.id],
      'NO24 WHR': [null, null],
    });
  });
});

describe(`a Sales user scoped to one dealership (${databaseKind})`, () => {
  let sales: string;
  beforeAll(async () => {
    sales = (await signedInAs(server, 'Sales', { dealership_ids: [mine.id] })).token;
  });

  it('lists and counts only that dealership’s enquiries', async () => {
    const res = await get('/api/responses?handle=test-drive', sales);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(names(body.responses.data)).toEqual(['Mine Visitor']);
    expect([body.total, body.full_total, body.responses.total]).toEqual([1, 1, 1]);
    const all = (await get('/api/responses?handle=test-drive', admin)).json();
    expect(all.total).toBe(4);
  });

  it('opens on the first form with enquiries in their scope', async () => {
    expect((await get('/api/responses', sales)).json().handle).toBe('test-drive');
  });

  it('counts only that dealership’s enquiries in the totals', async () => {
    const { data } = (await get('/api/responses/totals', sales)).json();
    expect(data.Sales.groups['Test Drive']).toBe(1);
    expect(data.Sales.total).toBe(1);
    expect(data.Marketing.groups.Newsletter).toBe('N/A');
    const everyone = (await get('/api/responses/totals', admin)).json().data;
    expect(everyone.Sales.groups['Test Drive']).toBe(4);
    expect(everyone.Marketing.groups.Newsletter).toBe(1);
  });

  it('reads another dealership’s enquiry as missing', async () => {
    expect((await get(`/api/responses/show?id=${enquiry.mine}`, sales)).statusCode).toBe(200);
    for (const id of [enquiry.other, enquiry.sameBrand, enquiry.group, enquiry.brandForm]) {
      const res = await get(`/api/responses/show?id=${id}`, sales);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('There is no responses available.');
    }
  });

  it('lists, searches, counts and shows only that dealership’s reservations', async () => {
    const list = (await get('/api/reservations', sales)).json().reservations;
    expect(list.data.map((row: { registration: string }) => row.registration)).toEqual(['MI24 NEA']);
    expect(list.total).toBe(1);
    const searched = (await get('/api/reservations?search=24', sales)).json().reservations;
    expect(searched.data.map((row: { registration: string }) => row.registration)).toEqual(['MI24 NEA']);
    expect(searched.total).toBe(1);
    expect((await get('/api/reservations?search=OT24', sales)).json().reservations.total).toBe(0);
    // A registration typed without its space is matched within the scope too.
    const compact = (await get('/api/reservations?search=mi24nea', sales)).json().reservations;
    expect(compact.data.map((row: { registration: string }) => row.registration)).toEqual(['MI24 NEA']);
    expect((await get('/api/reservations?search=OT24HER', sales)).json().reservations.total).toBe(0);
    expect((await get('/api/reservations?search=OT24HER', admin)).json().reservations.total).toBe(1);
    const everyone = (await get('/api/reservations', admin)).json().reservations;
    const theirs = everyone.data.find((row: { registration: string }) => row.registration === 'OT24 HER');
    const res = await get(`/api/reservations/${theirs.id}`, sales);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The reservation you are trying to view doesn't exist.");
  });

  it('is e-mailed a file holding only that dealership’s enquiries', async () => {
    const res = await post('/api/responses/export', sales, {
      name: 'test-drive',
      email: 'sales@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo('sales@example.com');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachmentOf(mail.raw, 'responses-export.xlsx') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('Mine Visitor');
    expect(mail.raw).toContain('1 row.');
  });

  it('sees the enquiry and reservation figures of that dealership on the dashboard, and no site traffic', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const range = { start: today, end: today };
    const totals = (await post('/api/analytics/totals', sales, range)).json().data;
    const figure = (rows: Array<{ key: string; total: number }>, key: string) =>
      rows.find((row) => row.key === key)?.total;
    expect(totals.map((row: { key: string }) => row.key)).toEqual([
      'enquiries',
      'reservations',
      'reservation_value',
    ]);
    expect(figure(totals, 'enquiries')).toBe(1);
    const tables = (await post('/api/analytics/tables', sales, range)).json().data;
    expect(tables.find((table: { key: string }) => table.key === 'enquiries').data[0].total).toBe(1);
    const everyone = (await post('/api/analytics/totals', admin, range)).json().data;
    expect(figure(everyone, 'enquiries')).toBe(5);
    expect(figure(everyone, 'page_views')).toBeDefined();
    // Reservations count on the day Stripe says the charge was made: the test charges' own day.
    const charged = new Date(stripeCharge().created * 1000).toISOString().slice(0, 10);
    const onCharge = { start: charged, end: charged };
    expect(figure((await post('/api/analytics/totals', sales, onCharge)).json().data, 'reservations')).toBe(
      1,
    );
    expect(figure((await post('/api/analytics/totals', admin, onCharge)).json().data, 'reservations')).toBe(
      3,
    );
  });
});

describe(`a Brand manager (${databaseKind})`, () => {
  it('sees the enquiries of their brand’s dealerships and of the brand’s own form, not the group’s', async () => {
    const manager = (await signedInAs(server, 'Brand manager', { brand_ids: [mine.brandId] })).token;
    const drives = (await get('/api/responses?handle=test-drive', manager)).json();
    expect(names(drives.responses.data)).toEqual(['Mine Visitor', 'Same Brand Visitor']);
    expect(drives.total).toBe(2);
    const newsletter = (await get('/api/responses?handle=newsletter', manager)).json();
    expect(names(newsletter.responses.data)).toEqual(['Brand Reader']);
    expect((await get(`/api/responses/show?id=${enquiry.group}`, manager)).statusCode).toBe(404);
    expect((await get(`/api/responses/show?id=${enquiry.other}`, manager)).statusCode).toBe(404);
    const reservations = (await get('/api/reservations', manager)).json().reservations;
    expect(reservations.data.map((row: { registration: string }) => row.registration)).toEqual(['MI24 NEA']);
  });
});

describe(`group-level records (${databaseKind})`, () => {
  it('are seen by group-wide users alone', async () => {
    const groupSales = (await signedInAs(server, 'Sales')).token;
    expect((await get(`/api/responses/show?id=${enquiry.group}`, groupSales)).statusCode).toBe(200);
    expect((await get('/api/responses?handle=test-drive', groupSales)).json().total).toBe(4);
    const both = await (
      await signedInAs(server, 'Sales', {
        brand_ids: [other.brandId],
        dealership_ids: [mine.id],
      })
    ).token;
    const seen = (await get('/api/responses?handle=test-drive', both)).json();
    expect(names(seen.responses.data)).toEqual(['Mine Visitor', 'Other Visitor']);
    expect(seen.total).toBe(2);
    expect((await get(`/api/responses/show?id=${enquiry.group}`, both)).statusCode).toBe(404);
    const two = (await signedInAs(server, 'Sales', { dealership_ids: [mine.id, other.id] })).token;
    const twoSeen = (await get('/api/responses?handle=test-drive', two)).json();
    expect(names(twoSeen.responses.data)).toEqual(['Mine Visitor', 'Other Visitor']);
    expect(twoSeen.total).toBe(2);
  });
});

describe(`a role without enquiries (${databaseKind})`, () => {
  it('is refused them with a reason', async () => {
    const marketing = (await signedInAs(server, 'Marketing')).token;
    for (const url of ['/api/responses', `/api/responses/show?id=${enquiry.mine}`, '/api/responses/totals']) {
      const res = await get(url, marketing);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your role, Marketing, cannot view enquiries.');
    }
    const exported = await post('/api/responses/export', marketing, {
      name: 'test-drive',
      email: 'm@example.com',
    });
    expect(exported.statusCode).toBe(403);
    const reservations = await get('/api/reservations', marketing);
    expect(reservations.statusCode).toBe(403);
    expect(reservations.json().message).toBe('Your role, Marketing, cannot view reservations.');
  });
});
