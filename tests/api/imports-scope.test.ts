import { brands } from '@server/db/schema/brands';
import { pages } from '@server/db/schema/pages';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { type SmtpCatcher, startSmtp } from './smtp';
import { multipartBody } from './uploads';
import { PAGE_HEADERS, type SheetCell, workbook } from './workbooks';

/**
 * A page import writes only where its importer may: under their brands' pages, with their brands,
 * and published only when their role may publish. Anything else reads as not there.
 */

let server: TestServer;
let smtp: SmtpCatcher;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ SMTP_URL: smtp.url });
  admin = await server.login();
  const [alpha, bravo] = await server.database.db
    .insert(brands)
    .values([
      { name: 'Alpha Motors', slug: 'alpha', sortOrder: 1 },
      { name: 'Bravo Cars', slug: 'bravo', sortOrder: 2 },
    ])
    .returning({ id: brands.id });
  const store = async (name: string, brandId: number, parent: number | null) => {
    const res = await server.call('POST', '/api/pages/store', {
      token: admin,
      body: {
        data: {
          name,
          slug: 'x',
          brand_id: brandId,
          meta: { title: name, description: name },
          is_allowed_children: 1,
        },
        parent,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  const models = await store('Models', alpha!.id, null);
  await store('Alpha range', alpha!.id, models);
  await store('Bravo range', bravo!.id, models);
  await addRole(server, 'Importer', { pages: ['view', 'create', 'update', 'import'] });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Runs a page import as `token` and answers the body of the mail it sends when it has finished. */
async function imported(token: string, rows: SheetCell[][]): Promise<string> {
  const before = smtp.received.length;
  const { payload, headers } = multipartBody([
    { name: 'email', value: 'importer@example.com' },
    { name: 'provider', value: 'pages' },
    { name: 'import', filename: 'pages.xlsx', bytes: await workbook(PAGE_HEADERS, rows) },
  ]);
  const res = await server.call('POST', '/api/builder/imports/run', { token, body: payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  const mail = (await smtp.waitFor(before + 1))[before]!;
  return mail.raw.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
}

async function pageNamed(name: string) {
  const [row] = await server.database.db
    .select()
    .from(pages)
    .where(and(eq(pages.name, name), isNull(pages.deletedAt)));
  return row ?? null;
}

const row = (
  name: string,
  brand: string,
  parent: string | null,
  published: string | null = null,
): SheetCell[] => [
  name,
  brand,
  parent,
  null,
  `About ${name}`,
  published,
  published ? '2024-03-01' : null,
  null,
  null,
];

describe(`page imports by a scoped user (${databaseKind})`, () => {
  it('creates pages under their brand’s pages only, and finds nothing of another brand’s', async () => {
    const [alpha] = await server.database.db.select().from(brands).where(eq(brands.slug, 'alpha'));
    const { token } = await signedInAs(server, 'Marketing', { brand_ids: [alpha!.id] });
    const refused = await imported(token, [
      row('Alpha news', 'alpha', 'models/alpha-range'),
      row('Bravo news', 'bravo', 'models/alpha-range'),
      row('Sneaky', 'alpha', 'models/bravo-range'),
    ]);
    expect(refused).toContain('Row 3, column Brand: No brand is called "bravo".');
    expect(refused).toContain(
      'Row 4, column Parent: No page has the slug "models/bravo-range", and no earlier row is named so.',
    );
    expect(await pageNamed('Alpha news')).toBeNull();

    const top = await imported(token, [row('Top page', 'alpha', null)]);
    expect(top).toContain('Row 2, column Parent:');
    expect(await pageNamed('Top page')).toBeNull();

    const done = await imported(token, [row('Alpha news', 'alpha', 'models/alpha-range', 'Yes')]);
    expect(done).toContain('1 page');
    expect(await pageNamed('Alpha news')).toMatchObject({
      slug: 'models/alpha-range/alpha-news',
      published: true,
    });
  });

  it('creates no published page for an importer whose role may not publish', async () => {
    const { token } = await signedInAs(server, 'Importer');
    const refused = await imported(token, [row('Live import', 'alpha', 'models/alpha-range', 'Yes')]);
    expect(refused).toContain('Your role, Importer, cannot publish pages.');
    expect(await pageNamed('Live import')).toBeNull();
    await imported(token, [row('Draft import', 'alpha', 'models/alpha-range')]);
    expect(await pageNamed('Draft import')).toMatchObject({ published: false });
  });
});
