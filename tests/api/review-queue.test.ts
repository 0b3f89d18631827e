import { pages } from '@server/db/schema/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaAndBeta } from './accessFixtures';
import { addRole, createTestServer, databaseKind, roleId, signedInAs, type TestServer } from './harness';
import { ok, tokenCalls } from './tokenCalls';

/**
 * The approval queue (`pages/waiting?mine=1`) reads each waiting page's workflow and owning brand
 * from its review row: whatever moves a page to another brand, another place in the tree or
 * another workflow must move it in the queues too.
 */

let server: TestServer;
let admin: string;
let alpha: number;
let beta: number;
let checkerRole: number;
type Person = { id: number; token: string };
let alphaChecker: Person;
let betaChecker: Person;
let signer: Person;

const { post, get } = tokenCalls(() => server);

const pageBody = (name: string, brandId: number) => ({
  name,
  slug: 'ignored',
  brand_id: brandId,
  meta: { title: name, description: `About ${name}` },
  published: 0,
  is_allowed_children: 1,
});

const store = async (name: string, brandId: number, parent: number | null) =>
  (await ok(await post(admin, '/api/pages/store', { data: pageBody(name, brandId), parent }))).id as number;

/** The ids in a user's approval queue (or, with `mine` false, every page waiting in their scope). */
const queue = async (token: string, mine = true) =>
  ((await ok(await get(token, `/api/pages/waiting?mine=${mine ? 1 : 0}`))).data as { id: number }[]).map(
    (row) => row.id,
  );

const workflow = async (name: string, pageIds: number[], brandIds: number[], stage: object) =>
  (
    await ok(
      await post(admin, '/api/workflows/create', {
        name,
        applies_to: { page_ids: pageIds, brand_ids: brandIds, forms: false },
        stages: [
          { name: 'Check', role_ids: [], user_ids: [], due_hours: null, ...stage },
          { name: 'Sign-off', role_ids: [], user_ids: [server.adminId], due_hours: null },
        ],
      }),
    )
  ).id as number;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  ({ alpha, beta } = await alphaAndBeta(server));
  await addRole(server, 'Checker', { pages: ['view'] });
  await addRole(server, 'Writer', { pages: ['view', 'create', 'update'] });
  checkerRole = await roleId(server, 'Checker');
  alphaChecker = await signedInAs(server, 'Checker', { brand_ids: [alpha] });
  betaChecker = await signedInAs(server, 'Checker', { brand_ids: [beta] });
  signer = await signedInAs(server, 'Writer');
}, 60_000);
afterAll(() => server.close());

describe(`the approval queue follows its pages (${databaseKind})`, () => {
  it('to another brand, with the brandless pages under a section that changes brand, and to another place', async () => {
    const section = await store('Alpha range', alpha, null);
    const home = await store('Alpha home', alpha, null);
    const flow = await workflow('Offers', [section, home], [alpha, beta], { role_ids: [checkerRole] });
    const offer = await store('Finance offer', alpha, null);
    const child = await store('Range offer', alpha, section);
    // Saved without a brand: the section's brand owns it.
    await server.database.db.update(pages).set({ brandId: null }).where(eq(pages.id, child));
    for (const id of [offer, child]) await ok(await post(admin, '/api/pages/submit', { id }));
    expect((await queue(alphaChecker.token)).sort()).toEqual([offer, child].sort());
    expect(await queue(betaChecker.token)).toEqual([]);

    await ok(await post(admin, '/api/pages/update', { id: offer, data: pageBody('Finance offer', beta) }));
    expect(await queue(alphaChecker.token)).toEqual([child]);
    expect(await queue(betaChecker.token)).toEqual([offer]);

    await ok(await post(admin, '/api/pages/update', { id: section, data: pageBody('Beta range', beta) }));
    expect(await queue(alphaChecker.token)).toEqual([]);
    expect((await queue(betaChecker.token)).sort()).toEqual([offer, child].sort());

    await ok(await post(admin, '/api/pages/move', { id: child, parent: home }));
    expect(await queue(alphaChecker.token)).toEqual([child]);
    expect(await queue(betaChecker.token)).toEqual([offer]);
    expect(await queue(alphaChecker.token, false)).toEqual([child]);
    await ok(await post(admin, '/api/workflows/delete', { ids: [flow] }));
  });

  it('to the workflow that governs it: a more specific one that applies, the one left when it is deleted, none', async () => {
    const home = await store('Alpha showroom', alpha, null);
    const byBrand = await workflow('Alpha offers', [], [alpha], { role_ids: [checkerRole] });
    const page = await store('Showroom offer', alpha, home);
    await ok(await post(admin, '/api/pages/submit', { id: page }));
    expect(await queue(alphaChecker.token)).toEqual([page]);
    expect(await queue(signer.token)).toEqual([]);

    const bySection = await workflow('Showroom offers', [home], [], { user_ids: [signer.id] });
    expect(await queue(alphaChecker.token)).toEqual([]);
    expect(await queue(signer.token)).toEqual([page]);

    await ok(await post(admin, '/api/workflows/delete', { ids: [bySection] }));
    expect(await queue(signer.token)).toEqual([]);
    expect(await queue(alphaChecker.token)).toEqual([page]);

    await ok(await post(admin, '/api/workflows/delete', { ids: [byBrand] }));
    expect(await queue(alphaChecker.token)).toEqual([]);
    expect(await queue(admin, false)).toEqual([]);
  });
});
