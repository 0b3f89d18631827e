import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, roleTemplates, type Scope } from '@/shared/access';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

/**
 * Every role template, scoped to a brand or to a dealership of the demo group, against every list
 * of owned records it may view: what the API lists, counts, searches and shows is exactly what the
 * scope rule reaches, as an independent statement over the tables counts it. Nothing out of
 * scope is listed, counted, found or shown; nothing in scope is missing.
 */
let server: TestServer;
let brand: number;
let dealership: number;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The ids a scope reaches in a table of owned rows, by the rule itself written out in SQL. */
async function reachable(
  table: string,
  owner: { brand: string; dealership?: string },
  scope: Scope,
  extra = 'true',
) {
  const arms = [`${owner.brand} = any('{${scope.brand_ids.join(',')}}'::int[])`];
  if (owner.dealership) arms.push(`${owner.dealership} = any('{${scope.dealership_ids.join(',')}}'::int[])`);
  const found = await rows<{ id: number }>(
    sql.raw(`select id from ${table} where (${arms.join(' or ')}) and ${extra} order by id`),
  );
  return found.map((r) => r.id);
}

type Page = { data: Array<{ id: number }>; total: number };
/** A list answer: its paginators by key (the JSON as the API sent it). */
type Paged = Record<string, Page> & { responses: Page; total: number };

/** Every row of a paged list, page after page. */
async function everyRow(
  token: string,
  url: (page: number) => string,
  pick: (body: Paged) => { data: Array<{ id: number }>; total: number },
) {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; page < 200; page++) {
    const res = await server.call('GET', url(page), { token });
    expect(res.statusCode, res.body).toBe(200);
    const paged = pick(res.json());
    total = paged.total;
    ids.push(...paged.data.map((row) => row.id));
    if (paged.data.length === 0 || ids.length >= total) break;
  }
  return { ids: ids.sort((a, b) => a - b), total };
}

beforeAll(async () => {
  server = await createTestServer({}, { seed: true });
  // A brand with live dealerships, and one of its dealerships that has enquiries and reservations.
  const [picked] = await rows<{ brand: number; dealership: number }>(sql`
    select d.brand_id as brand, d.id as dealership from dealerships d
    where d.deleted_at is null and exists (select 1 from responses r where r.dealership_id = d.id)
      and exists (select 1 from reservations v where v.dealership_id = d.id)
    order by d.id limit 1`);
  brand = picked!.brand;
  dealership = picked!.dealership;
}, 120_000);
afterAll(() => server.close());

const scopeKinds = ['a brand', 'a dealership'] as const;

describe(`Scoped roles see exactly their scope (${databaseKind})`, () => {
  for (const role of roleTemplates.filter((r) => r.name !== 'Group administrator')) {
    for (const kind of scopeKinds) {
      it(`${role.name}, scoped to ${kind}: lists, counts, search and show hold nothing else`, async () => {
        const scope: Scope =
          kind === 'a brand'
            ? { brand_ids: [brand], dealership_ids: [] }
            : { brand_ids: [], dealership_ids: [dealership] };
        const { token } = await signedInAs(server, role.name, scope);
        const may = (area: 'brands' | 'dealerships' | 'responses' | 'reservations') =>
          allows(role.permissions, 'view', area);
        let checked = 0;

        if (may('dealerships')) {
          for (const tab of ['dealerships', 'trashed'] as const) {
            const listed = await everyRow(
              token,
              (page) => `/api/dealerships?page=${page}`,
              (body) => body[tab]!,
            );
            const expected = await reachable(
              'dealerships',
              { brand: 'brand_id', dealership: 'id' },
              scope,
              tab === 'trashed' ? 'deleted_at is not null' : 'deleted_at is null',
            );
            expect(listed.ids, `dealerships ${tab}`).toEqual(expected);
            expect(listed.total).toBe(expected.length);
          }
          const [outside] = await rows<{ id: number }>(
            sql`select id from dealerships where brand_id <> ${brand} and deleted_at is null order by id limit 1`,
          );
          expect(
            (await server.call('GET', `/api/dealerships/show/${outside!.id}`, { token })).statusCode,
          ).toBe(404);
          checked++;
        }

        if (may('brands')) {
          const listed = await everyRow(
            token,
            (page) => `/api/brands?page=${page}`,
            (body) => body.brands!,
          );
          expect(listed.ids, 'brands').toEqual(
            await reachable('brands', { brand: 'id' }, scope, 'deleted_at is null'),
          );
          const [outside] = await rows<{ id: number }>(
            sql`select id from brands where id <> ${brand} order by id limit 1`,
          );
          expect((await server.call('GET', `/api/brands/show/${outside!.id}`, { token })).statusCode).toBe(
            404,
          );
          checked++;
        }

        if (may('reservations')) {
          const listed = await everyRow(
            token,
            (page) => `/api/reservations?page=${page}`,
            (body) => body.reservations!,
          );
          const expected = await reachable(
            'reservations',
            { brand: 'brand_id', dealership: 'dealership_id' },
            scope,
          );
          expect(listed.ids, 'reservations').toEqual(expected);
          expect(listed.total).toBe(expected.length);
          // A search for someone else's reservation by its registration finds nothing.
          const [outside] = await rows<{ id: number; registration: string }>(sql`
            select id, registration from reservations
            where dealership_id is distinct from ${dealership} and brand_id is distinct from ${brand} order by id limit 1`);
          const search = await server.call(
            'GET',
            `/api/reservations?search=${encodeURIComponent(outside!.registration)}`,
            { token },
          );
          expect(search.json().reservations.data).toEqual([]);
          expect((await server.call('GET', `/api/reservations/${outside!.id}`, { token })).statusCode).toBe(
            404,
          );
          checked++;
        }

        if (may('responses')) {
          const handles = await rows<{ handle: string }>(
            sql`select distinct handle from responses order by handle`,
          );
          for (const { handle } of handles) {
            const listed = await everyRow(
              token,
              (page) => `/api/responses?handle=${handle}&page=${page}`,
              (body) => ({
                data: body.responses.data,
                total: body.total,
              }),
            );
            const expected = await reachable(
              'responses',
              { brand: 'brand_id', dealership: 'dealership_id' },
              scope,
              `handle = '${handle}'`,
            );
            expect(listed.ids, `responses of ${handle}`).toEqual(expected);
            expect(listed.total).toBe(expected.length);
          }
          const [outside] = await rows<{ id: number }>(sql`
            select id from responses
            where dealership_id is distinct from ${dealership} and brand_id is distinct from ${brand} order by id limit 1`);
          expect(
            (await server.call('GET', `/api/responses/show?id=${outside!.id}`, { token })).statusCode,
          ).toBe(404);
          checked++;
        }

        // Every role but the administrator's views at least one list of owned records here, or none at all.
        expect(checked).toBe(
          (['brands', 'dealerships', 'responses', 'reservations'] as const).filter(may).length,
        );
      });
    }
  }
});
