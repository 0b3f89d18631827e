import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import { imports } from '@server/db/schema/jobs';
import { pages } from '@server/db/schema/pages';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { type ReceivedMail, type SmtpCatcher, startSmtp } from './smtp';
import { multipartBody } from './uploads';
import { PAGE_HEADERS, type SheetCell, sheetJsWorkbook, sheetRows, workbook } from './workbooks';

let server: TestServer;
let smtp: SmtpCatcher;
let token: string;
let locationsId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ SMTP_URL: smtp.url });
  token = await server.login();
  const { db } = server.database;
  const [kia] = await db.insert(brands).values({ name: 'Kia', slug: 'kia', sortOrder: 1 }).returning();
  await db.insert(dealerships).values({
    name: 'Kia Leeds',
    slug: 'kia-leeds',
    brandId: kia!.id,
    email: 'leeds@example.com',
    telephone: '0113 496 0000',
    address: {
      address_line_1: '1 Kirkstall Road',
      address_line_2: null,
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS3 1AA',
      lat: 53.8,
      lng: -1.56,
    },
    openingTimes: [
      {
        department: 'Sales',
        days: {
          monday: '9am to 6pm',
          tuesday: '9am to 6pm',
          wednesday: '9am to 6pm',
          thursday: '9am to 6pm',
          friday: '9am to 6pm',
          saturday: '9am to 5pm',
          sunday: null,
        },
      },
    ],
    pinnacleEnquiryId: '1',
    pinnacleUsedEnquiryId: '2',
    publishedAt: new Date(),
    sortOrder: 1,
  });
  const res = await server.call('POST', '/api/pages/store', {
    token,
    body: {
      data: {
        name: 'Locations',
        slug: 'locations',
        brand_id: kia!.id,
        meta: { title: 'Locations', description: 'Where to find us' },
        is_allowed_children: 1,
      },
      parent: null,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  locationsId = res.json().id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Posts the import form as the console does: multipart with the e-mail, the provider and one file. */
function runImport(fields: { email?: string; provider?: string }, file?: { name: string; bytes: Buffer }) {
  const parts = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value: value ?? '' })),
    ...(file ? [{ name: 'import', filename: file.name, bytes: file.bytes }] : []),
  ];
  const { payload, headers } = multipartBody(parts);
  return server.call('POST', '/api/builder/imports/run', { token, body: payload, headers });
}

async function pageCount(kind: 'page' | 'form' = 'page'): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(pages)
    .where(and(eq(pages.kind, kind), isNull(pages.deletedAt)));
  return row!.n;
}

async function importCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(imports);
  return row!.n;
}

/** The plain-text body of a mail, with quoted-printable soft breaks undone. */
function bodyOf(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\r\n/g, '\n');
}

/** Waits for the next `n` mails (an import mails once, when its job has finished). */
async function nextMails(n: number): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  const all = await smtp.waitFor(before + n);
  return all.slice(before, before + n);
}

async function progressOf(id: number) {
  const res = await server.call('GET', `/api/imports/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The import's record once the job has recorded its mail as sent (it is received a moment before). */
async function settled(id: number) {
  for (;;) {
    const progress = await progressOf(id);
    if (progress.mailed) return progress;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The uploads waiting in the imports folder. */
const waitingUploads = () => {
  try {
    return readdirSync(join(server.dataDir, 'imports'));
  } catch {
    return [];
  }
};

const pagesFile = async (rows: SheetCell[][]) => ({
  name: 'pages.xlsx',
  bytes: await workbook(PAGE_HEADERS, rows),
});

describe(`GET /api/builder/imports/providers (${databaseKind})`, () => {
  it('maps each provider to its label and documents its columns', async () => {
    const res = await server.call('GET', '/api/builder/imports/providers', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      pages: 'General pages',
      dealership_locations: 'Dealership locations',
      forms: 'Forms',
    });
    const providers = res.json().providers as {
      key: string;
      kind: string;
      columns: { header: string; required: boolean }[];
    }[];
    expect(providers.map((p) => [p.key, p.kind])).toEqual([
      ['pages', 'page'],
      ['dealership_locations', 'page'],
      ['forms', 'form'],
    ]);
    expect(providers[0]!.columns.filter((c) => c.required).map((c) => c.header)).toEqual([
      'Name',
      'Brand',
      'Meta description',
    ]);
  });

  it('offers a sample workbook per provider with its headers and what each column takes', async () => {
    const res = await server.call('GET', '/api/builder/imports/samples/forms.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [headers] = await sheetRows(res.rawPayload);
    expect(headers?.slice(0, 3)).toEqual(['Name', 'Email subject', 'Email title']);
    const help = await sheetRows(res.rawPayload, 2);
    expect(help[1]).toEqual(['Name', 'Yes', "The form's name; its handle is made from it."]);
    expect((await server.call('GET', '/api/builder/imports/samples/nope.xlsx')).statusCode).toBe(404);
  });
});

describe(`POST /api/builder/imports/run (${databaseKind})`, () => {
  it('creates every page of a valid sheet, under existing pages and earlier rows, and mails the count', async () => {
    const before = await pageCount();
    const res = await runImport(
      { email: 'editor@example.com', provider: 'pages' },
      await pagesFile([
        ['Offers', 'kia', null, 'Kia offers', 'This month’s offers', 'Yes', '2024-03-01', 'Yes', '# Offers'],
        ['Spring sale', 'Kia', 'Offers', null, 'Spring savings', 'No', null, null, null],
        ['Leeds events', 'kia', '/locations/', null, 'Events in Leeds', null, null, null, null],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Your import has started: the pages are created in the background and the result is e-mailed to editor@example.com.',
    );
    const [mail] = await nextMails(1);
    expect(mail!.to).toEqual(['editor@example.com']);
    expect(bodyOf(mail!)).toContain('Subject: Your page import is complete: 3 pages created');
    expect(await pageCount()).toBe(before + 3);

    const rows = await server.database.db.select().from(pages).where(eq(pages.kind, 'page'));
    const offers = rows.find((p) => p.name === 'Offers')!;
    expect(offers).toMatchObject({
      slug: 'offers',
      parentId: null,
      published: true,
      isAllowedChildren: true,
    });
    expect(offers.meta).toEqual({ title: 'Kia offers', description: 'This month’s offers' });
    expect(offers.items).toMatchObject([
      { index: 'rich_text', sections: { content: { fields: { body: '# Offers' } } } },
    ]);
    expect(rows.find((p) => p.name === 'Spring sale')).toMatchObject({
      slug: 'offers/spring-sale',
      parentId: offers.id,
    });
    expect(rows.find((p) => p.name === 'Leeds events')).toMatchObject({
      slug: 'locations/leeds-events',
      parentId: locationsId,
    });

    const progress = await settled(res.json().import_id);
    expect(progress).toMatchObject({
      status: 'done',
      rows_done: 3,
      rows_total: 3,
      created: 3,
      rejected: 0,
      mailed: true,
    });
    const recent = await server.call('GET', '/api/imports?kind=page', { token });
    expect(recent.json().data[0]).toMatchObject({ id: res.json().import_id, status: 'done' });
    // Each page's history starts with an import by the user who asked for it; the request is logged too.
    const history = await server.call('GET', `/api/pages/history?id=${offers.id}&page=1`, { token });
    expect(history.json().data).toEqual([
      expect.objectContaining({ action: 'imported', user: { id: server.adminId, name: expect.any(String) } }),
    ]);
    const log = (await server.call('GET', '/api/activity?page=1&area=pages', { token })).json().data as {
      action: string;
      detail: string | null;
    }[];
    expect(log.filter((e) => e.action === 'imported')).toHaveLength(3);
    expect(log.filter((e) => e.action === 'import_requested').length).toBeGreaterThanOrEqual(1);
  });

  // PGlite runs no autoanalyze: without a fresh ANALYZE the planner keeps planning the tree as empty.
  it.skipIf(databaseKind !== 'pglite')(
    'leaves the planner knowing how many pages there are once an import is done',
    async () => {
      const started = Date.now();
      const res = await runImport(
        { email: 'editor@example.com', provider: 'pages' },
        await pagesFile([
          ['Planner one', 'kia', null, null, 'One', null, null, null, null],
          ['Planner two', 'kia', null, null, 'Two', null, null, null, null],
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      await nextMails(1);
      expect(await settled(res.json().import_id)).toMatchObject({ status: 'done', created: 2 });
      const [all] = await server.database.db.select({ n: count() }).from(pages);
      const { rows } = await server.database.query(
        `select s.last_analyze, c.reltuples from pg_stat_user_tables s join pg_class c on c.oid = s.relid
         where s.relname = 'pages'`,
      );
      expect(rows[0]!.last_analyze).not.toBeNull();
      expect(new Date(rows[0]!.last_analyze as string).getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(Number(rows[0]!.reltuples)).toBe(all!.n);
    },
  );

  it('queues the go-live of an imported page published from a future date', async () => {
    const res = await runImport(
      { email: 'editor@example.com', provider: 'pages' },
      await pagesFile([
        ['Summer launch', 'kia', null, null, 'Coming in summer', 'Yes', '2099-06-01', null, null],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    await nextMails(1);
    expect(await settled(res.json().import_id)).toMatchObject({ status: 'done', created: 1 });
    const [page] = await server.database.db.select().from(pages).where(eq(pages.name, 'Summer launch'));
    expect(page).toMatchObject({ published: true });
    const jobs = await server.database.query(
      `select data->>'change' as change, (data->>'at')::timestamptz as at, state from pgboss.job
       where name = 'page-schedule' and (data->>'id')::int = $1`,
      [page!.id],
    );
    expect(jobs.rows.map((row) => [row.change, new Date(row.at as string).getTime(), row.state])).toEqual([
      ['publish', page!.publishedAt!.getTime(), 'created'],
    ]);
  });

  it('creates nothing from a sheet with bad rows and mails each rejected row with its column and reason', async () => {
    const before = await pageCount();
    const res = await runImport(
      { email: 'editor@example.com', provider: 'pages' },
      await pagesFile([
        ['Good page', 'kia', null, null, 'Fine', null, null, null, null],
        ['Wrong brand', 'Nope', null, null, 'Fine', null, null, null, null],
        ['Maybe published', 'kia', null, null, 'Fine', 'Maybe', null, null, null],
        ['No description', 'kia', null, null, null, null, null, null, null],
        ['Orphan', 'kia', 'no-such-page', null, 'Fine', null, null, null, null],
        ['Bad date', 'kia', null, null, 'Fine', 'Yes', '31/02/2024', null, null],
        ['Offers', 'kia', null, null, 'Already there', null, null, null, null],
        // Every cell of a row it cannot use is named, not only the first.
        ['Every reason', 'kia', null, null, null, 'Maybe', null, 'Perhaps', null],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await nextMails(1);
    const body = bodyOf(mail!);
    expect(body).toContain('Subject: Your page import was rejected: nothing was imported');
    expect(body).toContain('Nothing was imported from pages.xlsx (General pages): 7 rows were rejected');
    for (const line of [
      'Row 3, column Brand: No brand is called "Nope".',
      'Row 4, column Published: Write Yes or No, not "Maybe".',
      'Row 5, column Meta description: Enter a meta description.',
      'Row 6, column Parent: No page has the slug "no-such-page", and no earlier row is named so.',
      'Row 7, column Published at: Write a date as YYYY-MM-DD (or DD/MM/YYYY), not "31/02/2024".',
      'Row 8, column Name: A page named "Offers" already exists there.',
      'Row 9, column Published: Write Yes or No, not "Maybe".',
      'Row 9, column Allow children: Write Yes or No, not "Perhaps".',
      'Row 9, column Meta description: Enter a meta description.',
    ]) {
      expect(body).toContain(line);
    }
    expect(body).not.toContain('Row 2,');
    expect(await pageCount()).toBe(before);
    const progress = await settled(res.json().import_id);
    expect(progress).toMatchObject({ status: 'rejected', created: 0, rejected: 7, mailed: true });
    expect(progress.rejections[0]).toEqual({ row: 3, column: 'Brand', reason: 'No brand is called "Nope".' });
  });

  it('creates dealership location pages with the dealership’s brand, address and opening times', async () => {
    const headers = ['Dealership', 'Parent', 'Name'];
    const res = await runImport(
      { email: 'editor@example.com', provider: 'dealership_locations' },
      { name: 'locations.xlsx', bytes: await workbook(headers, [['kia-leeds', 'locations', null]]) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await nextMails(1);
    expect(bodyOf(mail!)).toContain('complete: 1 page created');
    const [page] = await server.database.db.select().from(pages).where(eq(pages.name, 'Kia Leeds'));
    expect(page).toMatchObject({ slug: 'locations/kia-leeds', parentId: locationsId, published: true });
    expect(JSON.stringify(page!.items)).toContain('1 Kirkstall Road, Leeds, West Yorkshire, LS3 1AA');
    expect(JSON.stringify(page!.items)).toContain('Saturday: 9am to 5pm');
  });

  it('creates forms with their e-mails, thank-you message and fields', async () => {
    const before = await pageCount('form');
    const headers = [
      'Name',
      'Email subject',
      'Email title',
      'Email body',
      'Email lists',
      'Thank you message',
      'Meta description',
      'Fields',
    ];
    const res = await runImport(
      { email: 'editor@example.com', provider: 'forms' },
      {
        name: 'forms.xlsx',
        bytes: await workbook(headers, [
          [
            'Brochure request',
            'New request',
            'Brochure',
            'Post one',
            'a@example.com; b@example.com',
            'Thanks',
            'Ask',
            'Name* (text); E-mail (email)',
          ],
        ]),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('the forms are created');
    await nextMails(1);
    expect(await pageCount('form')).toBe(before + 1);
    const list = await server.call('GET', '/api/forms', { token });
    const form = list.json().data.find((f: { name: string }) => f.name === 'Brochure request');
    expect(form).toMatchObject({ handle: 'brochure-request' });
    const edit = await server.call('GET', `/api/forms/edit?id=${form.id}`, { token });
    expect(edit.json().data.emails).toMatchObject({
      subject: 'New request',
      email_lists: ['a@example.com', 'b@example.com'],
      send_email: 1,
    });
    expect(edit.json().data.items.map((i: { index: string; name: string }) => [i.index, i.name])).toEqual([
      ['input_text', 'Name'],
      ['input_email', 'E-mail'],
    ]);
  });

  it('reads a workbook whose parts come in another order (workbook part last, worksheet before styles)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-order-'));
    let reordered: Buffer;
    try {
      const file = await pagesFile([
        ['Reordered', 'kia', null, null, 'Parts in another order', 'Yes', '2024-05-06'],
      ]);
      writeFileSync(join(dir, 'in.xlsx'), file.bytes);
      execFileSync('unzip', ['-q', 'in.xlsx', '-d', 'parts'], { cwd: dir });
      // The order a streaming reader finds hardest: strings and relationships, the sheet, then the rest.
      const order = [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/sharedStrings.xml',
        'xl/worksheets/sheet1.xml',
        'xl/styles.xml',
        'xl/theme/theme1.xml',
        'docProps/app.xml',
        'docProps/core.xml',
        'xl/workbook.xml',
      ];
      execFileSync('zip', ['-q', '-X', '../out.xlsx', ...order], { cwd: join(dir, 'parts') });
      reordered = readFileSync(join(dir, 'out.xlsx'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const res = await runImport(
      { email: 'editor@example.com', provider: 'pages' },
      { name: 'out.xlsx', bytes: reordered },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await nextMails(1);
    expect(bodyOf(mail!)).toContain('complete: 1 page created');
    const [page] = await server.database.db.select().from(pages).where(eq(pages.name, 'Reordered'));
    // A date alone is midnight in the UK: BST in May.
    expect(page?.publishedAt?.toISOString()).toBe('2024-05-05T23:00:00.000Z');
  });

  it('reads a workbook written by SheetJS: a Windows line break arrives as a line break, times as UK time', async () => {
    // SheetJS (as Excel) writes the carriage return as the OOXML escape _x000D_.
    const bytes = sheetJsWorkbook(PAGE_HEADERS, [
      [
        'Line breaks',
        'kia',
        null,
        null,
        'Line one\r\nLine two',
        'Yes',
        '2024-07-01 09:30',
        null,
        'One\r\n\r\nTwo',
      ],
      ['Winter time', 'kia', null, null, 'In GMT', 'Yes', '15/01/2024 09:30', null, null],
      ['Zoned time', 'kia', null, null, 'With its zone', 'Yes', '2024-07-01T09:30Z', null, null],
    ]);
    const res = await runImport(
      { email: 'editor@example.com', provider: 'pages' },
      { name: 'sheetjs.xlsx', bytes },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await nextMails(1);
    expect(bodyOf(mail!)).toContain('complete: 3 pages created');
    const made = await server.database.db
      .select()
      .from(pages)
      .where(inArray(pages.name, ['Line breaks', 'Winter time', 'Zoned time']));
    const byName = Object.fromEntries(made.map((page) => [page.name, page]));
    expect(byName['Line breaks']!.meta).toEqual({ title: 'Line breaks', description: 'Line one\nLine two' });
    expect(byName['Line breaks']!.items).toMatchObject([
      { index: 'rich_text', sections: { content: { fields: { body: 'One\n\nTwo' } } } },
    ]);
    // 09:30 in July is BST (08:30 UTC); in January GMT; a time with its zone keeps it.
    expect(byName['Line breaks']!.publishedAt?.toISOString()).toBe('2024-07-01T08:30:00.000Z');
    expect(byName['Winter time']!.publishedAt?.toISOString()).toBe('2024-01-15T09:30:00.000Z');
    expect(byName['Zoned time']!.publishedAt?.toISOString()).toBe('2024-07-01T09:30:00.000Z');
  });

  it('runs two imports of one file sent at once: one creates the pages, the other creates nothing and says why', async () => {
    const before = await pageCount();
    const file = await pagesFile([
      ['Twin A', 'kia', null, null, 'One', null, null, 'Yes', null],
      ['Twin B', 'kia', 'Twin A', null, 'Two', null, null, null, null],
    ]);
    const answers = await Promise.all([
      runImport({ email: 'first@example.com', provider: 'pages' }, file),
      runImport({ email: 'second@example.com', provider: 'pages' }, file),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const mails = (await nextMails(2)).map(bodyOf);
    expect(mails.filter((m) => m.includes('complete: 2 pages created'))).toHaveLength(1);
    const refused = mails.filter((m) => m.includes('nothing was imported'));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('Row 2, column Name: A page named "Twin A" already exists there.');
    expect(await pageCount()).toBe(before + 2);
  });
});

describe(`POST /api/builder/imports/run refuses what it cannot import (${databaseKind})`, () => {
  const fields = { email: 'editor@example.com', provider: 'pages' };

  async function expectRefused(
    res: Awaited<ReturnType<typeof runImport>>,
    errors: Record<string, string>,
  ): Promise<void> {
    expect(res.statusCode, res.body).toBe(422);
    expect(
      Object.fromEntries(Object.entries(res.json().errors).map(([k, v]) => [k, (v as string[])[0]])),
    ).toEqual(errors);
  }

  it('asks for a valid confirmation e-mail, a provider that exists and a file', async () => {
    const before = await importCount();
    const file = await pagesFile([['A', 'kia', null, null, 'x', null, null, null, null]]);
    await expectRefused(await runImport({ provider: 'pages' }, file), { email: 'Enter an e-mail address.' });
    await expectRefused(await runImport({ email: 'not-an-address', provider: 'pages' }, file), {
      email: 'Enter a valid e-mail address.',
    });
    await expectRefused(await runImport({ email: 'a@example.com', provider: 'nope' }, file), {
      provider: 'Choose a provider from the list.',
    });
    await expectRefused(await runImport({ email: 'a@example.com', provider: '__proto__' }, file), {
      provider: 'Choose a provider from the list.',
    });
    await expectRefused(await runImport({ email: '', provider: '' }), {
      email: 'Enter an e-mail address.',
      provider: 'Choose a provider.',
      import: 'Choose a file to import.',
    });
    expect(await importCount()).toBe(before);
  });

  it('refuses a disguised, malformed, empty or oversize file and creates nothing', async () => {
    const before = await importCount();
    const pagesBefore = await pageCount();
    const uploadsBefore = waitingUploads();
    const good = await pagesFile([['A', 'kia', null, null, 'x', null, null, null, null]]);
    const dir = mkdtempSync(join(tmpdir(), 'import-zip-'));
    let zip: Buffer;
    let bomb: Buffer;
    try {
      // A real zip archive, even with a file named like a workbook's part, that is no workbook.
      writeFileSync(join(dir, '[Content_Types].xml'), '<Types/>');
      writeFileSync(join(dir, 'notes.txt'), 'hello');
      execFileSync('zip', ['-q', 'archive.zip', '[Content_Types].xml', 'notes.txt'], { cwd: dir });
      zip = readFileSync(join(dir, 'archive.zip'));
      // A few hundred kilobytes that unpack to 110 MB of zeros.
      execFileSync('truncate', ['-s', '110M', 'zeros.xml'], { cwd: dir });
      execFileSync('zip', ['-q', 'bomb.zip', '[Content_Types].xml', 'zeros.xml'], { cwd: dir });
      bomb = readFileSync(join(dir, 'bomb.zip'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const cases: [string, Buffer, string][] = [
      ['notes.xlsx', Buffer.from('Name,Brand\nA,kia\n'), 'The file must be an Excel workbook (.xlsx).'],
      [
        'picture.xlsx',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
        'The file must be an Excel workbook (.xlsx).',
      ],
      ['archive.xlsx', zip, 'The workbook has no sheet with a header row to import.'],
      ['bomb.xlsx', bomb, 'The workbook is too large once unpacked: split it into smaller files.'],
      [
        'cut.xlsx',
        good.bytes.subarray(0, Math.floor(good.bytes.length / 2)),
        'The file could not be read as an Excel workbook (.xlsx).',
      ],
      ['empty.xlsx', await workbook(PAGE_HEADERS, []), 'The sheet has no rows to import.'],
      [
        'columns.xlsx',
        await workbook(['Name', 'Parent'], [['A', null]]),
        'The sheet has no Brand, Meta description columns: the first row must name the columns (download the sample).',
      ],
      ['blank.xlsx', Buffer.alloc(0), 'Choose a file to import.'],
    ];
    for (const [name, bytes, message] of cases) {
      await expectRefused(await runImport(fields, { name, bytes }), { import: message });
    }
    const oversize = Buffer.concat([good.bytes, Buffer.alloc(5 * 1024 * 1024)]);
    await expectRefused(await runImport(fields, { name: 'big.xlsx', bytes: oversize }), {
      import: 'The file may not be greater than 5 MB.',
    });
    expect(await importCount()).toBe(before);
    expect(await pageCount()).toBe(pagesBefore);
    expect(waitingUploads()).toEqual(uploadsBefore);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await server.call('POST', '/api/builder/imports/run', {
      token,
      body: { email: 'a@example.com' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 404 for an import that does not exist', async () => {
    expect((await server.call('GET', '/api/imports/999999', { token })).statusCode).toBe(404);
  });
});
