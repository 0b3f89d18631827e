import { dealerships } from '@server/db/schema/dealerships';
import { pages } from '@server/db/schema/pages';
import { responseOwnerTotals, responses } from '@server/db/schema/responses';
import { seedDealerGroup } from '@server/db/seed/dealerGroup';
import { enquiryFormRow } from '@server/db/seed/forms';
import { seedResponses } from '@server/db/seed/responses';
import { inScope } from '@server/domain/access/scope';
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '@/shared/access';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

let server: TestServer;
let admin: string;
type Site = { id: number; brandId: number };
/** Two live dealerships of one brand, one of another brand, and one that never gets an enquiry. */
let mine: Site;
let sameBrand: Site;
let other: Site;
let quiet: Site;

/** Who reads the enquiries, with their scopes. */
const people = {} as Record<
  'brand' | 'sales' | 'mixed' | 'otherSales' | 'outsider',
  { token: string; scope: Scope }
>;

const db = () => server.database.db;
const get = (url: string, token: string) => server.call('GET', url, { token });

let visitor = 0;
async function submit(handle: string, fields: Record<string, unknown>) {
  return server.call('POST', '/api/responses/submit', {
    body: { handle, fields },
    // A visitor each: the per-visitor allowance is not what is tested here.
    headers: { 'x-forwarded-for': `198.51.100.${++visitor % 250}` },
  });
}

const testDrive = (dealership: number, n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.org`,
  telephone: '07700 900123',
  derivative: 'Kia EV6 GT-Line',
  dealership,
  preferred_date: '2026-07-01',
  marketing: true,
});

/** What a user sees of one form: its count, the paginator's, and the ids on the first page. */
async function seen(token: string, handle: string) {
  const res = await get(`/api/responses?handle=${handle}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.responses.total).toBe(body.total);
  return {
    total: body.total as number,
    fullTotal: body.full_total as number,
    ids: (body.responses.data as Array<{ id: number }>).map((row) => row.id).sort((a, b) => a - b),
  };
}

/** The enquiries of one form a scope reaches, counted row by row: what every total must equal. */
async function counted(handle: string, scope: Scope): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(responses)
    .where(
      and(
        eq(responses.handle, handle),
        inScope(scope, { brand: responses.brandId, dealership: responses.dealershipId }),
      ),
    );
  return row!.n;
}

/** The kept totals equal the enquiries counted per form and owner, with no owner left over. */
async function expectTotalsToMatchRows() {
  const rows = await db()
    .select({
      handle: responses.handle,
      brandId: responses.brandId,
      dealershipId: responses.dealershipId,
      total: count(),
    })
    .from(responses)
    .groupBy(responses.handle, responses.brandId, responses.dealershipId);
  const kept = await db()
    .select({
      handle: responseOwnerTotals.handle,
      brandId: responseOwnerTotals.brandId,
      dealershipId: responseOwnerTotals.dealershipId,
      total: responseOwnerTotals.total,
    })
    .from(responseOwnerTotals)
    .where(ne(responseOwnerTotals.total, 0));
  const key = (r: { handle: string; brandId: number | null; dealershipId: number | null }) =>
    `${r.handle}/${r.brandId}/${r.dealershipId}`;
  const byKey = (list: typeof rows) => Object.fromEntries(list.map((r) => [key(r), r.total]));
  expect(byKey(kept)).toEqual(byKey(rows));
}

/** Each scoped reader's count of each form is the count of their rows, and so is their page. */
async function expectEveryoneToSeeTheirRows(handles: string[]) {
  for (const handle of handles) {
    for (const person of Object.values(people)) {
      const shown = await seen(person.token, handle);
      const expected = await counted(handle, person.scope);
      expect(shown.total, `${handle} ${JSON.stringify(person.scope)}`).toBe(expected);
      expect(shown.fullTotal).toBe(expected);
      expect(shown.ids).toHaveLength(Math.min(expected, 25));
    }
  }
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  await seedDealerGroup(db(), { total: 30 });
  const live = (await db()
    .select({ id: dealerships.id, brandId: dealerships.brandId })
    .from(dealerships)
    .where(and(isNull(dealerships.deletedAt), isNotNull(dealerships.publishedAt)))
    .orderBy(dealerships.id)) as Site[];
  mine = live[0]!;
  sameBrand = live.find((site) => site.brandId === mine.brandId && site.id !== mine.id)!;
  other = live.find((site) => site.brandId !== mine.brandId)!;
  quiet = live.find((site) => site.brandId !== mine.brandId && site.id !== other.id)!;
  expect([sameBrand, other, quiet].every(Boolean)).toBe(true);

  await db()
    .insert(pages)
    .values([
      enquiryFormRow('test-drive', 'Test Drive', { sortOrder: 1 }),
      // The brand's own newsletter: it asks for no dealership, so it belongs to the brand alone.
      enquiryFormRow('newsletter', 'Newsletter', { sortOrder: 2, brandId: mine.brandId }),
    ]);
  const scopes: Record<keyof typeof people, [string, Scope]> = {
    brand: ['Brand manager', { brand_ids: [mine.brandId], dealership_ids: [] }],
    sales: ['Sales', { brand_ids: [], dealership_ids: [mine.id] }],
    // A brand and a dealership of another brand: rows of both count once.
    mixed: ['Dealership manager', { brand_ids: [mine.brandId], dealership_ids: [other.id, mine.id] }],
    otherSales: ['Sales', { brand_ids: [], dealership_ids: [other.id] }],
    outsider: ['Sales', { brand_ids: [], dealership_ids: [quiet.id] }],
  };
  for (const [name, [role, scope]] of Object.entries(scopes)) {
    people[name as keyof typeof people] = { token: (await signedInAs(server, role, scope)).token, scope };
  }
});
afterAll(async () => {
  await server.close();
});

describe(`scoped enquiry counts from the per-owner totals (${databaseKind})`, () => {
  let sent: { mine: number[]; sameBrand: number[]; other: number[]; brandForm: number[] };

  it('counts exactly every enquiry of many sent at once, for each scope', async () => {
    const many = (n: number, send: (i: number) => Promise<{ statusCode: number; body: string }>) =>
      Array.from({ length: n }, (_, i) => send(i));
    const batches = {
      mine: many(8, (i) => submit('test-drive', testDrive(mine.id, i))),
      sameBrand: many(5, (i) => submit('test-drive', testDrive(sameBrand.id, 100 + i))),
      other: many(6, (i) => submit('test-drive', testDrive(other.id, 200 + i))),
      brandForm: many(4, (i) =>
        submit('newsletter', { name: `Reader ${i}`, email: `r${i}@example.org`, subscribe: true }),
      ),
    };
    const answered = await Promise.all(Object.values(batches).map((batch) => Promise.all(batch)));
    for (const res of answered.flat()) expect(res.statusCode, res.body).toBe(200);
    const ids = answered.map((batch) =>
      batch.map((res) => JSON.parse(res.body).id as number).sort((a, b) => a - b),
    );
    sent = { mine: ids[0]!, sameBrand: ids[1]!, other: ids[2]!, brandForm: ids[3]! };

    expect((await seen(admin, 'test-drive')).total).toBe(19);
    const brand = await seen(people.brand.token, 'test-drive');
    expect(brand.total).toBe(13);
    expect(brand.ids).toEqual([...sent.mine, ...sent.sameBrand].sort((a, b) => a - b));
    expect(await seen(people.brand.token, 'newsletter')).toEqual({
      total: 4,
      fullTotal: 4,
      ids: sent.brandForm,
    });
    expect(await seen(people.sales.token, 'test-drive')).toEqual({ total: 8, fullTotal: 8, ids: sent.mine });
    expect((await seen(people.sales.token, 'newsletter')).total).toBe(0);
    const mixed = await seen(people.mixed.token, 'test-drive');
    expect(mixed.total).toBe(19);
    expect(new Set(mixed.ids).size).toBe(19);
    expect(await seen(people.otherSales.token, 'test-drive')).toEqual({
      total: 6,
      fullTotal: 6,
      ids: sent.other,
    });
    await expectTotalsToMatchRows();
  });

  it('answers the totals of the forms in scope, and N/A for forms with none there', async () => {
    const totals = async (token: string) => (await get('/api/responses/totals', token)).json().data;
    const brand = await totals(people.brand.token);
    expect(brand.Sales.groups['Test Drive']).toBe(13);
    expect(brand.Marketing).toEqual({ total: 4, groups: { Newsletter: 4 } });
    const sales = await totals(people.sales.token);
    expect(sales.Sales.groups['Test Drive']).toBe(8);
    expect(sales.Marketing.total).toBe('N/A');
    const outsider = await totals(people.outsider.token);
    expect(outsider.Sales.total).toBe('N/A');
    expect(outsider.Sales.groups['Test Drive']).toBe('N/A');
  });

  it('shows a user out of scope nothing: a count of 0, an empty page, and 404 for each enquiry', async () => {
    const shown = await seen(people.outsider.token, 'test-drive');
    expect(shown).toEqual({ total: 0, fullTotal: 0, ids: [] });
    for (const id of [sent.mine[0], sent.other[0], sent.brandForm[0]]) {
      const res = await get(`/api/responses/show?id=${id}`, people.outsider.token);
      expect(res.statusCode).toBe(404);
    }
    // The Sales user of one dealership cannot open its brand's other enquiries either.
    expect((await get(`/api/responses/show?id=${sent.sameBrand[0]}`, people.sales.token)).statusCode).toBe(
      404,
    );
    // A role without enquiries is refused the list, count and all.
    const marketing = await signedInAs(server, 'Marketing', { brand_ids: [mine.brandId] });
    expect((await get('/api/responses?handle=test-drive', marketing.token)).statusCode).toBe(403);
  });

  it('follows enquiries moved to another owner, many at once, and moved back', async () => {
    const moved = sent.mine.slice(0, 3);
    const moveTo = (site: Site | null, ids: number[]) =>
      Promise.all(
        ids.map((id) =>
          db()
            .update(responses)
            .set({ brandId: site?.brandId ?? null, dealershipId: site?.id ?? null })
            .where(eq(responses.id, id)),
        ),
      );
    await moveTo(other, moved);
    expect((await seen(people.sales.token, 'test-drive')).total).toBe(5);
    expect((await seen(people.brand.token, 'test-drive')).total).toBe(10);
    expect((await seen(people.otherSales.token, 'test-drive')).total).toBe(9);
    expect((await seen(people.mixed.token, 'test-drive')).total).toBe(19);
    // To the group: nobody scoped counts them.
    await moveTo(null, moved);
    expect((await seen(people.otherSales.token, 'test-drive')).total).toBe(6);
    expect((await seen(people.mixed.token, 'test-drive')).total).toBe(16);
    expect((await seen(admin, 'test-drive')).total).toBe(19);
    await expectTotalsToMatchRows();

    await moveTo(mine, moved);
    // A change that moves nothing counts nothing.
    await db()
      .update(responses)
      .set({ data: sql`${responses.data}` })
      .where(inArray(responses.id, sent.mine));
    expect((await seen(people.sales.token, 'test-drive')).total).toBe(8);
    expect((await seen(people.brand.token, 'test-drive')).total).toBe(13);
    await expectTotalsToMatchRows();
  });

  it('follows enquiries removed, many at once, and put back', async () => {
    const removed = [...sent.mine.slice(0, 2), sent.sameBrand[0]!, sent.brandForm[0]!];
    const rows = await db().select().from(responses).where(inArray(responses.id, removed));
    await Promise.all(removed.map((id) => db().delete(responses).where(eq(responses.id, id))));
    expect((await seen(people.sales.token, 'test-drive')).total).toBe(6);
    expect((await seen(people.brand.token, 'test-drive')).total).toBe(10);
    expect((await seen(people.brand.token, 'newsletter')).total).toBe(3);
    expect((await seen(people.otherSales.token, 'test-drive')).total).toBe(6);
    const show = await get(`/api/responses/show?id=${removed[0]}`, people.sales.token);
    expect(show.statusCode).toBe(404);
    await expectTotalsToMatchRows();

    await db().insert(responses).values(rows);
    expect((await seen(people.sales.token, 'test-drive')).total).toBe(8);
    expect((await seen(people.brand.token, 'test-drive')).total).toBe(13);
    expect((await seen(people.brand.token, 'newsletter')).total).toBe(4);
    await expectTotalsToMatchRows();
  });

  it('counts enquiries stored in bulk (demo data and imports) and sent at once beside them', async () => {
    await Promise.all([
      seedResponses(db(), 2000),
      ...Array.from({ length: 4 }, (_, i) => submit('test-drive', testDrive(sameBrand.id, 300 + i))),
    ]);
    await expectTotalsToMatchRows();
    const handles = (
      await db().selectDistinct({ handle: responses.handle }).from(responses).orderBy(responses.handle)
    ).map((row) => row.handle);
    expect(handles.length).toBeGreaterThan(3);
    // More than a page for the Brand manager somewhere, so totals and pages are told apart.
    const brandCounts = await Promise.all(handles.map((handle) => counted(handle, people.brand.scope)));
    expect(Math.max(...brandCounts)).toBeGreaterThan(25);
    await expectEveryoneToSeeTheirRows(handles);
    // Page by page, each reader sees every one of their enquiries once, newest first.
    const busiest = handles[brandCounts.indexOf(Math.max(...brandCounts))]!;
    for (const person of Object.values(people)) {
      const expected = await db()
        .select({ id: responses.id })
        .from(responses)
        .where(
          and(
            eq(responses.handle, busiest),
            inScope(person.scope, { brand: responses.brandId, dealership: responses.dealershipId }),
          ),
        )
        .orderBy(desc(responses.id));
      const walked: number[] = [];
      for (let page = 1; ; page++) {
        const res = await get(`/api/responses?handle=${busiest}&page=${page}`, person.token);
        const rows = res.json().responses.data as Array<{ id: number }>;
        if (rows.length === 0) break;
        walked.push(...rows.map((row) => row.id));
      }
      expect(walked, JSON.stringify(person.scope)).toEqual(expected.map((row) => row.id));
    }
  });
});
