import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import { exports, imports } from '@server/db/schema/jobs';
import { media } from '@server/db/schema/media';
import { roles } from '@server/db/schema/roles';
import { users } from '@server/db/schema/users';
import { webhooks } from '@server/db/schema/webhooks';
import { workflows } from '@server/db/schema/workflows';
import { storeReservations } from '@server/domain/reservations';
import { registeredCalls } from '@server/http/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '@/api/contract/define';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let token: string;

/** Spellings a lenient number parser reads as 1, 10 or 16: records that exist in every table here. */
const NOT_CANONICAL = ['%201', '1%20', '0x10', '0X10', '+1', '1e1', '01', '1.0', '0b1', '0o1', '%091', '1_0'];

const RECORD_IDS = [1, 10, 16];

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  const { db } = server.database;
  // The admin is user 1; 10 and 16 are what `1e1` and `0x10` would name.
  await db
    .insert(users)
    .values(
      [10, 16].map((id) => ({ id, name: `User ${id}`, email: `user${id}@example.com`, passwordHash: 'x' })),
    );
  // Roles 1..6 are the seeded templates; 10 and 16 are added.
  await db.insert(roles).values([10, 16].map((id) => ({ id, name: `Role ${id}` })));
  await db
    .insert(brands)
    .values(RECORD_IDS.map((id) => ({ id, name: `Brand ${id}`, slug: `brand-${id}`, sortOrder: id })));
  await db.insert(dealerships).values(
    RECORD_IDS.map((id) => ({
      id,
      name: `Dealership ${id}`,
      slug: `dealership-${id}`,
      email: `d${id}@example.com`,
      telephone: '0113 496 0000',
      address: {
        address_line_1: '1 Kirkstall Road',
        address_line_2: null,
        city: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'LS4 2AZ',
        lat: 53.8,
        lng: -1.5,
      },
      pinnacleEnquiryId: '1',
      pinnacleUsedEnquiryId: '2',
      sortOrder: id,
    })),
  );
  await storeReservations(
    db,
    RECORD_IDS.map((id) => ({
      id,
      name: `Reserver ${id}`,
      email: `r${id}@example.com`,
      registration: `AB${id}CDE`,
      reservedAt: new Date('2026-01-02T10:00:00Z'),
      amount: 9900,
      brand: 'visa',
      expYear: 2030,
      last4: '4242',
      chargeId: `ch_${id}`,
    })),
  );
  await db
    .insert(exports)
    .values(RECORD_IDS.map((id) => ({ id, kind: 'vehicles' as const, email: `e${id}@example.com` })));
  await db.insert(media).values(
    RECORD_IDS.map((id) => {
      const sha256 = String(id).padStart(64, '0');
      return {
        id,
        name: `photo-${id}.jpg`,
        mime: 'image/jpeg',
        size: 10,
        sha256,
        storageKey: `media/${sha256}`,
      };
    }),
  );
  await db
    .insert(webhooks)
    .values(RECORD_IDS.map((id) => ({ id, url: `https://hooks.example.com/${id}`, secret: `whsec_${id}` })));
  await db.insert(workflows).values(RECORD_IDS.map((id) => ({ id, name: `Workflow ${id}` })));
  await db.insert(imports).values(
    RECORD_IDS.map((id) => ({
      id,
      kind: 'page' as const,
      provider: 'pages',
      email: `i${id}@example.com`,
      file: `import-${id}.xlsx`,
      filename: `import-${id}.xlsx`,
    })),
  );
});
afterAll(() => server.close());

/** Every call the server serves that names a record in its path, straight from the contract. */
function pathIdCalls(): CallDef[] {
  const unique = new Map(registeredCalls.map((call) => [`${call.method} ${call.path}`, call]));
  return [...unique.values()].filter((call) => call.path.includes(':id'));
}

const urlOf = (call: CallDef, id: string) => `/api/${call.path.replace(':id', id)}`;

describe(`Record ids (${databaseKind})`, () => {
  it('finds every call with a path id in the contract, show and update of each area among them', () => {
    const names = pathIdCalls().map((call) => `${call.method} ${call.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET users/show/:id',
        'POST users/update/:id',
        'GET brands/show/:id',
        'POST brands/update/:id',
        'GET dealerships/show/:id',
        'POST dealerships/update/:id',
      ]),
    );
  });

  it('shows a record named by its plain decimal id', async () => {
    for (const call of pathIdCalls().filter((c) => c.method === 'GET')) {
      for (const id of RECORD_IDS) {
        const res = await server.call('GET', urlOf(call, String(id)), { token });
        expect(res.statusCode, `${urlOf(call, String(id))} ${res.body}`).toBe(200);
      }
    }
  });

  it('answers 404 when a path id is any other spelling of a number, on every call', async () => {
    const before = await server.database.db.select().from(users);
    for (const call of pathIdCalls()) {
      for (const spelling of NOT_CANONICAL) {
        const url = urlOf(call, spelling);
        const res = await server.call(call.method, url, {
          token,
          body:
            call.method === 'POST' ? { name: 'Renamed by a trick', email: 'trick@example.com' } : undefined,
        });
        expect(res.statusCode, `${call.method} ${url} -> ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found.' });
      }
    }
    expect(await server.database.db.select().from(users)).toEqual(before);
  });

  it('refuses ids in a body that are not plain decimal numbers with 422 and a field error', async () => {
    for (const spelling of [' 1', '0x10', '+1', '1e1', '01', '1.5', 'abc']) {
      const restore = await server.call('POST', '/api/brands/restore', {
        token,
        body: { brands: [spelling] },
      });
      expect(restore.statusCode, `restore ${spelling}`).toBe(422);
      expect(restore.json().errors['brands.0'], `restore ${spelling}`).toEqual([
        'Use a whole number from 1.',
      ]);

      const validation = await server.call('POST', '/api/users/validation', {
        token,
        body: { id: spelling, name: 'A', email: 'user10@example.com' },
      });
      expect(validation.statusCode, `validation ${spelling}`).toBe(422);
      expect(validation.json().errors.id, `validation ${spelling}`).toEqual(['Use a whole number from 1.']);

      const dealership = await server.call('POST', '/api/dealerships/validation', {
        token,
        body: { brand_id: spelling },
      });
      expect(dealership.statusCode, `brand_id ${spelling}`).toBe(422);
      expect(dealership.json().errors.brand_id, `brand_id ${spelling}`).toEqual([
        'Use a whole number from 1.',
      ]);
    }
  });

  it('still takes an id as a JSON number or as its decimal string in a body', async () => {
    for (const value of [10, '10']) {
      // User 10 may keep its own e-mail: the id was read as user 10's.
      const res = await server.call('POST', '/api/users/validation', {
        token,
        body: { id: value, name: 'User 10', email: 'user10@example.com' },
      });
      expect(res.statusCode, `${JSON.stringify(value)} -> ${res.body}`).toBe(200);
    }
  });
});
