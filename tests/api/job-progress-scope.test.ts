import { type ExportKind, exports, imports } from '@server/db/schema/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

/**
 * An export's or an import's progress is answered to whoever asked for it, and to a group-wide
 * user whose role may view the area it reads (enquiries, settings for vehicles, pages, forms).
 * Anyone else, a colleague at the same dealership included, is told it does not exist.
 */

let server: TestServer;
let admin: string;

const EXPORT_MISSING = 'The export you are looking for does not exist.';
const IMPORT_MISSING = 'The import you are looking for does not exist.';

async function exportBy(userId: number, kind: ExportKind): Promise<number> {
  const [row] = await server.database.db
    .insert(exports)
    .values({ kind, email: 'asker@example.com', userId, status: 'done', rowsDone: 1200, rowsTotal: 1200 })
    .returning({ id: exports.id });
  return row!.id;
}

async function pageImportBy(userId: number): Promise<number> {
  const [row] = await server.database.db
    .insert(imports)
    .values({
      kind: 'page',
      provider: 'pages',
      email: 'asker@example.com',
      file: '/nowhere/import.xlsx',
      filename: 'spring-offers.xlsx',
      status: 'rejected',
      rejected: [{ row: 2, column: 'Brand', reason: 'No brand is called "bravo".' }],
      userId,
    })
    .returning({ id: imports.id });
  return row!.id;
}

/** Each token's answer to `url`: its status and, when refused, its message. */
async function answers(url: string, tokens: Record<string, string>) {
  const seen: Record<string, [number, string | undefined]> = {};
  for (const [who, token] of Object.entries(tokens)) {
    const res = await server.call('GET', url, { token });
    seen[who] = [res.statusCode, res.statusCode === 200 ? undefined : res.json().message];
  }
  return seen;
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

describe(`following an export or an import by its id (${databaseKind})`, () => {
  it('answers an export to whoever asked for it and to group-wide viewers of its area only', async () => {
    const sales = await signedInAs(server, 'Sales', { dealership_ids: [7] });
    const colleague = await signedInAs(server, 'Sales', { dealership_ids: [7] });
    const brandManager = await signedInAs(server, 'Brand manager', { brand_ids: [3] });
    const marketing = await signedInAs(server, 'Marketing');
    const readOnly = await signedInAs(server, 'Read only');
    const enquiries = await exportBy(sales.id, 'responses');
    expect(
      await answers(`/api/exports/${enquiries}`, {
        sales: sales.token,
        colleague: colleague.token,
        brandManager: brandManager.token,
        marketing: marketing.token,
        readOnly: readOnly.token,
        admin,
      }),
    ).toEqual({
      sales: [200, undefined],
      colleague: [404, EXPORT_MISSING],
      // Scoped: an export reads beyond any one brand.
      brandManager: [404, EXPORT_MISSING],
      // Group-wide, but enquiries are not theirs to view.
      marketing: [404, EXPORT_MISSING],
      readOnly: [200, undefined],
      admin: [200, undefined],
    });
    const shown = (await server.call('GET', `/api/exports/${enquiries}`, { token: sales.token })).json();
    expect(shown.data).toMatchObject({ id: enquiries, kind: 'responses', rows_done: 1200 });

    // Vehicles are exported from the settings, which Read only may not view.
    const stock = await exportBy(server.adminId, 'vehicles');
    expect(
      await answers(`/api/exports/${stock}`, { sales: sales.token, readOnly: readOnly.token, admin }),
    ).toEqual({ sales: [404, EXPORT_MISSING], readOnly: [404, EXPORT_MISSING], admin: [200, undefined] });
  });

  it('answers an import, and lists it among the recent ones, to the same people only', async () => {
    const importer = await signedInAs(server, 'Marketing', { brand_ids: [3] });
    const otherImporter = await signedInAs(server, 'Marketing', { brand_ids: [4] });
    const readOnly = await signedInAs(server, 'Read only');
    const sales = await signedInAs(server, 'Sales');
    const id = await pageImportBy(importer.id);
    expect(
      await answers(`/api/imports/${id}`, {
        importer: importer.token,
        otherImporter: otherImporter.token,
        readOnly: readOnly.token,
        sales: sales.token,
        admin,
      }),
    ).toEqual({
      importer: [200, undefined],
      otherImporter: [404, IMPORT_MISSING],
      readOnly: [200, undefined],
      // Group-wide, but pages are not theirs to view.
      sales: [404, IMPORT_MISSING],
      admin: [200, undefined],
    });
    const recent = async (token: string) =>
      (await server.call('GET', '/api/imports?kind=page', { token })).json().data as { id: number }[];
    expect((await recent(importer.token)).map((row) => row.id)).toContain(id);
    expect((await recent(admin)).map((row) => row.id)).toContain(id);
    expect(await recent(otherImporter.token)).toEqual([]);
  });
});
