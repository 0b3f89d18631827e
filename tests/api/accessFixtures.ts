import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import type { TestServer } from './harness';

let n = 0;

/** A brand straight in the database; answers its id. */
export async function insertBrand(server: TestServer, name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(brands)
    .values({ name, slug: `access-brand-${++n}`, sortOrder: 1000 + n })
    .returning({ id: brands.id });
  return row!.id;
}

/** Two live brands straight in the database, Alpha Motors and then Beta Cars in the group's order. */
export async function alphaAndBeta(server: TestServer): Promise<{ alpha: number; beta: number }> {
  const [alpha, beta] = await server.database.db
    .insert(brands)
    .values([
      { name: 'Alpha Motors', slug: 'alpha', live: true, sortOrder: 1 },
      { name: 'Beta Cars', slug: 'beta', live: true, sortOrder: 2 },
    ])
    .returning({ id: brands.id });
  return { alpha: alpha!.id, beta: beta!.id };
}

/** A dealership of a brand straight in the database; answers its id. */
export async function insertDealership(server: TestServer, name: string, brandId: number): Promise<number> {
  const [row] = await server.database.db
    .insert(dealerships)
    .values({
      name,
      slug: `access-dealership-${++n}`,
      brandId,
      sortOrder: 1000 + n,
      email: 'dealer@example.com',
      telephone: '01632 960000',
      address: {} as never,
      pinnacleEnquiryId: '',
      pinnacleUsedEnquiryId: '',
    })
    .returning({ id: dealerships.id });
  return row!.id;
}

/** A dealership as dealerships/create takes it, of `brandId` (null: the group's own), with `extra` over it. */
export function dealershipBody(name: string, brandId: number | null, extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    copy: '',
    live: true,
    brand_id: brandId,
    vehicles_dealer_id: null,
    published_at: null,
    banner_img: [],
    dealer_img: [],
    email: 'showroom@example.com',
    telephone: '0113 496 0000',
    address: {
      address_line_1: '1 High Street',
      address_line_2: '',
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS1 1AA',
      lat: 53.8,
      lng: -1.5,
    },
    opening_times: [{ department: 'Sales', days: { monday: '9 - 5' } }],
    team: [],
    quotee_uid: '',
    pinnacle_enquiry_id: '1',
    pinnacle_used_enquiry_id: '2',
    ...extra,
  };
}
