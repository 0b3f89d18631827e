import { responses } from '@server/db/schema/responses';
import { seedResponses } from '@server/db/seed/responses';
import { storeResponse } from '@server/domain/responses';
import { count, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { createTestServer, type TestServer } from './harness';
import { attachmentOf, type SmtpCatcher, startSmtp } from './smtp';
import { quotePrefixed, sheetJsCells } from './workbooks';

let server: TestServer;
let smtp: SmtpCatcher;
let token: string;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ SMTP_URL: smtp.url });
  token = await server.login();
  await seedResponses(server.database.db, 120, 30, Date.UTC(2026, 5, 1));
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const get = (url: string) => server.call('GET', url, { token });
const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

async function storedCount(handle: string) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(responses)
    .where(eq(responses.handle, handle));
  return row!.n;
}

describe('responses list', () => {
  it('pages one form newest first, with the lists and both totals', async () => {
    const stored = await storedCount('new-car-enquiry');
    const res = await get('/api/responses?handle=new-car-enquiry');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(stored);
    expect(body.full_total).toBe(stored + 1840);
    expect(body.responses.total).toBe(stored);
    expect(body.responses.data.every((r: { handle: string }) => r.handle === 'new-car-enquiry')).toBe(true);
    const ids = body.responses.data.map((r: { id: number }) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(body.lists).toHaveLength(11);
    expect(body.lists[0]).toEqual({ name: 'aftersales-enquiry', label: 'Aftersales Enquiry' });
    expect(body.responses.data[0].data.name).toEqual({ label: 'Name', result: expect.any(String) });
  });

  it('carries on where the page before ended on a later page, other forms interleaved', async () => {
    const db = server.database.db;
    for (let i = 0; i < 40; i++) {
      const answer = { name: { label: 'Name', result: `Later ${i}` } };
      await storeResponse(db, 'parts-enquiry', answer, new Date(Date.UTC(2026, 5, 2, 9, i)));
      await storeResponse(db, 'newsletter', answer, new Date(Date.UTC(2026, 5, 2, 9, i)));
    }
    const newest = (
      await db
        .select({ id: responses.id })
        .from(responses)
        .where(eq(responses.handle, 'parts-enquiry'))
        .orderBy(desc(responses.id))
    ).map((row) => row.id);
    const second = (await get('/api/responses?handle=parts-enquiry&page=2')).json().responses;
    expect(second.data.map((r: { id: number }) => r.id)).toEqual(newest.slice(25, 50));
    expect(second.total).toBe(newest.length);
    expect(second.from).toBe(26);
  });

  it('answers an empty page and equal totals for a form that never stored anything', async () => {
    const body = (await get('/api/responses?handle=motability-enquiry')).json();
    expect(body.responses.data).toEqual([]);
    expect(body.total).toBe(0);
    expect(body.full_total).toBe(0);
  });

  it('refuses an unknown form with 422, and serves page 1 for page=0', async () => {
    const res = await get('/api/responses?handle=car-theft');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.handle).toEqual(['Choose a form.']);
    const zero = await get('/api/responses?page=0');
    expect(zero.statusCode).toBe(200);
    expect(zero.json().responses.current_page).toBe(1);
    expect((await server.call('GET', '/api/responses')).statusCode).toBe(401);
  });
});

describe('one response', () => {
  it('answers its label and result pairs, and 404 for one that does not exist', async () => {
    const [row] = await server.database.db.select().from(responses).limit(1);
    const res = await get(`/api/responses/show?id=${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: row!.id,
      handle: row!.handle,
      data: row!.data,
      date_added: row!.createdAt.toISOString(),
      brand_id: null,
      dealership_id: null,
    });
    const missing = await get('/api/responses/show?id=99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no responses available.');
    expect((await get('/api/responses/show?id=abc')).statusCode).toBe(422);
  });
});

describe('lists and totals', () => {
  it('answers the eleven lists', async () => {
    const res = await get('/api/responses/lists');
    expect(res.json().data.map((l: { name: string }) => l.name)).toContain('interest-enquiry');
  });

  it('totals each group from the daily counts, with N/A for forms that never stored an enquiry', async () => {
    const data = (await get('/api/responses/totals')).json().data;
    expect(Object.keys(data).sort()).toEqual(['Aftersales', 'Marketing', 'Sales']);
    expect(data.Sales.groups['Motability Enquiry']).toBe('N/A');
    expect(data.Sales.groups['New Car Enquiry']).toBe(await storedCount('new-car-enquiry'));
    const [all] = await server.database.db.select({ n: count() }).from(responses);
    const grand = Object.values(data as Record<string, { total: number | 'N/A' }>).reduce(
      (acc, group) => acc + (group.total === 'N/A' ? 0 : group.total),
      0,
    );
    expect(grand).toBe(all!.n);
  });
});

describe('responses export', () => {
  it('refuses a missing list or a bad address', async () => {
    const res = await post('/api/responses/export', { name: 'nope', email: 'bad' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'name']);
  });

  it("mails one form's enquiries as a spreadsheet, a row per enquiry", async () => {
    const stored = await storedCount('used-vehicle-enquiry');
    const before = smtp.received.length;
    const res = await post('/api/responses/export', {
      name: 'used-vehicle-enquiry',
      email: 'sales@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['sales@example.com']);
    // Named as the console names the form, in the mail and in the activity log.
    expect(mail!.raw).toMatch(/^Subject: Your Used Vehicle Enquiry export\r?$/m);
    expect(mail!.raw).toContain('Attached is the Used Vehicle Enquiry export you asked for');
    const logged = (await get('/api/activity?area=responses&action=export_requested')).json().data[0];
    expect(logged.detail).toBe('Used Vehicle Enquiry to sales@example.com');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachmentOf(mail!.raw, 'responses-export.xlsx') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Date Added',
      'Name',
      'Email',
      'Telephone',
      'Registration',
      'Derivative',
      'Dealership',
      'Message',
    ]);
    expect(sheet.rowCount).toBe(1 + stored);
  });

  it('writes each answer exactly as stored and Date Added as a date cell in UK time, summer and winter', async () => {
    const db = server.database.db;
    const answers = (name: string) => ({
      name: { label: 'Name', result: name },
      telephone: { label: 'Telephone', result: '+44 7700 900123' },
      message: { label: 'Message', result: '=1+1 and -2, call @ 9' },
    });
    // 09:30 UTC: 10:30 BST in July, 09:30 GMT in January.
    await storeResponse(db, 'service-enquiry', answers('Summer'), new Date(Date.UTC(2024, 6, 1, 9, 30)));
    await storeResponse(db, 'service-enquiry', answers('Winter'), new Date(Date.UTC(2024, 0, 15, 9, 30)));
    const before = smtp.received.length;
    const res = await post('/api/responses/export', {
      name: 'service-enquiry',
      email: 'service@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const file = attachmentOf(mail!.raw, 'responses-export.xlsx');
    const sheet = sheetJsCells(file);
    const headers = ['A', 'B', 'C', 'D'].map((column) => sheet[`${column}1`]?.v);
    expect(headers).toEqual(['Date Added', 'Name', 'Telephone', 'Message']);
    const last = Number(/\d+$/.exec(sheet['!ref']!)![0]);
    const shown = (n: number) =>
      ['A', 'B', 'C', 'D'].map((column) => {
        const cell = sheet[`${column}${n}`]!;
        return { t: cell.t, v: cell.t === 'n' ? undefined : cell.v, w: cell.w };
      });
    expect([shown(last - 1), shown(last)]).toEqual([
      [
        { t: 'n', v: undefined, w: '01/07/2024 10:30' },
        { t: 's', v: 'Summer', w: 'Summer' },
        { t: 's', v: '+44 7700 900123', w: '+44 7700 900123' },
        { t: 's', v: '=1+1 and -2, call @ 9', w: '=1+1 and -2, call @ 9' },
      ],
      [
        { t: 'n', v: undefined, w: '15/01/2024 09:30' },
        { t: 's', v: 'Winter', w: 'Winter' },
        { t: 's', v: '+44 7700 900123', w: '+44 7700 900123' },
        { t: 's', v: '=1+1 and -2, call @ 9', w: '=1+1 and -2, call @ 9' },
      ],
    ]);
    // A date cell: Excel's serial number of the UK time, with a date format.
    expect(sheet[`A${last - 1}`]!.v).toBeCloseTo(45474 + 10.5 / 24, 8);
    expect(sheet[`A${last}`]!.v).toBeCloseTo(45306 + 9.5 / 24, 8);
    expect(XLSX.SSF.is_date(sheet[`A${last}`]!.z as string)).toBe(true);
    expect([quotePrefixed(file, `C${last}`), quotePrefixed(file, `D${last}`)]).toEqual([true, true]);
  });
});
