import { sql } from 'drizzle-orm';
import type { Storage } from '../../domain/storage';
import type { Db } from '../open';
import { brands, manufacturers } from '../schema/brands';
import {
  type DealershipOpeningTimes,
  type DealershipTeamMember,
  dealerships,
  vehicleDealers,
} from '../schema/dealerships';
import { CAR_MAKES, DEMO_BRANDS, type DemoBrand, LCV_MAKES, TEAM_ROLES } from './catalogue';
import { badgePng, bannerPng, hexColour } from './images';
import { FIRST_NAMES, LAST_NAMES } from './people';
import { fileSeededMedia, seedLibraryPng } from './seedMedia';
import { TOWNS, type Town } from './towns';

const GROUP = 'Northway';
const DAY = 24 * 3600_000;

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function codeOf(list: [string, number][], name: string | null): number {
  if (!name) return 0;
  const found = list.find(([make]) => make === name);
  if (!found) throw new Error(`No make called ${name}`);
  return found[1];
}

function openingTimes(n: number): DealershipOpeningTimes[] {
  const sundaySales = n % 4 === 0 ? 'Closed' : '10:30 - 16:30';
  return [
    {
      department: 'Sales',
      days: {
        monday: '9:00 - 18:00',
        tuesday: '9:00 - 18:00',
        wednesday: '9:00 - 18:00',
        thursday: '9:00 - 18:00',
        friday: '9:00 - 18:00',
        saturday: '9:00 - 17:00',
        sunday: sundaySales,
      },
    },
    {
      department: 'Service',
      days: {
        monday: '7:30 - 17:30',
        tuesday: '7:30 - 17:30',
        wednesday: '7:30 - 17:30',
        thursday: '7:30 - 17:30',
        friday: '7:30 - 17:30',
        saturday: n % 3 === 0 ? 'Closed' : '8:00 - 12:30',
        sunday: 'Closed',
      },
    },
    {
      department: 'Parts',
      days: {
        monday: '8:00 - 17:00',
        tuesday: '8:00 - 17:00',
        wednesday: '8:00 - 17:00',
        thursday: '8:00 - 17:00',
        friday: '8:00 - 17:00',
        saturday: '8:30 - 12:00',
        sunday: 'Closed',
      },
    },
  ];
}

function team(n: number, town: Town): DealershipTeamMember[] {
  return TEAM_ROLES.slice(0, 2 + (n % 3)).map((role, i) => {
    const first = FIRST_NAMES[(n * 5 + i * 7) % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(n * 3 + i * 11) % LAST_NAMES.length]!;
    return {
      name: `${first} ${last}`,
      content: `${role} at our ${town.city} site. Ask for ${first} when you visit.`,
      image: [],
    };
  });
}

/** The stock feed's name for a site. */
const feedName = (town: Town, brand: DemoBrand) => `${GROUP} ${town.city} (${brand.code ?? 'USED'})`;

/**
 * Manufacturers, the group's brands (with logos and banners drawn into storage when there is one),
 * the stock feed's dealers and `total` dealerships across UK towns: a few not yet live, a couple in
 * the bin.
 */
export async function seedDealerGroup(db: Db, opts: { storage?: Storage; total: number }): Promise<void> {
  await db
    .insert(manufacturers)
    .values([
      ...CAR_MAKES.map(([name, code]) => ({ name, code, type: 'Car' as const })),
      ...LCV_MAKES.map(([name, code]) => ({ name, code, type: 'LCV' as const })),
    ]);

  // One brand after another: the seed runs in one transaction, whose one connection takes one
  // statement at a time (node-postgres warns of a query sent while another runs).
  const { storage } = opts;
  const art: { logo: number | null; banner: number | null }[] = [];
  for (const brand of DEMO_BRANDS) {
    const colour = hexColour(brand.colour);
    art.push(
      storage
        ? {
            logo: await seedLibraryPng(
              db,
              storage,
              badgePng(brand.initials, colour),
              `${brand.name} badge.png`,
            ),
            banner: await seedLibraryPng(db, storage, bannerPng(colour), `${brand.name} showroom.png`),
          }
        : { logo: null, banner: null },
    );
  }

  const now = Date.now();
  // Active rows of a hand-ordered list hold positions 1..n; binned ones keep the place they had.
  let brandPosition = 0;
  const brandIds = await db
    .insert(brands)
    .values(
      DEMO_BRANDS.map((brand, i) => {
        const created = new Date(now - (720 - i * 9) * DAY);
        return {
          name: brand.name,
          slug: brand.slug,
          code: brand.code,
          live: brand.live ?? true,
          isFake: brand.isFake ?? false,
          manufacturerId: codeOf(CAR_MAKES, brand.car),
          lcvManufacturerId: codeOf(LCV_MAKES, brand.lcv),
          meta: { logo_id: art[i]!.logo },
          sortOrder: brand.binned ? i + 1 : ++brandPosition,
          createdAt: created,
          updatedAt: new Date(created.getTime() + (i % 5) * 30 * DAY),
          deletedAt: brand.binned ? new Date(now - 12 * DAY) : null,
        };
      }),
    )
    .returning({ id: brands.id });

  // Sites sell the active brands; every ninth is a used-car centre under the group's own brand.
  const selling = DEMO_BRANDS.map((brand, i) => ({ brand, i })).filter(
    ({ brand }) => !brand.binned && !brand.isFake,
  );
  const used = DEMO_BRANDS.findIndex((brand) => brand.isFake);
  const sites = Array.from({ length: opts.total }, (_, n) => {
    const round = Math.floor(n / TOWNS.length);
    const town = TOWNS[n % TOWNS.length]!;
    const pick = n % 9 === 8 && used >= 0 ? used : selling[(n * 5 + round) % selling.length]!.i;
    return { n, round, town, index: pick, brand: DEMO_BRANDS[pick]! };
  });

  // The stock feed knows the first sites by name, and a couple the group has not opened yet.
  const feedSites = sites.slice(0, TOWNS.length);
  const dealerIds = await db
    .insert(vehicleDealers)
    .values([
      ...feedSites.map(({ town, brand }) => ({ name: feedName(town, brand) })),
      { name: `${GROUP} Scarborough (KIA)` },
      { name: `${GROUP} Carlisle (FOR)` },
    ])
    .returning({ id: vehicleDealers.id });

  let dealershipPosition = 0;
  const rows = sites.map(({ n, round, town, index, brand }) => {
    const created = new Date(now - (700 - ((n * 13) % 690)) * DAY);
    const suffix = round > 0 ? ` ${round + 1}` : '';
    const binned = opts.total > 40 ? n % 50 === 49 : n >= opts.total - 2;
    // A few sites are not open yet, as is every site of a brand that is not live.
    const live = n % 11 !== 5 && brand.live !== false;
    const jitter = (k: number) => (((n * k) % 100) - 50) / 10_000;
    return {
      name: `${GROUP} ${brand.name} ${town.city}${suffix}`,
      slug: `${slugOf(brand.slug)}-${slugOf(town.city)}${round > 0 ? `-${round + 1}` : ''}`,
      copy:
        `Welcome to **${GROUP} ${brand.name} ${town.city}**, on ${town.street}. ` +
        `Our team can help with a new or used car, finance, servicing and genuine parts.\n\n` +
        `Free customer parking and a courtesy car for every booked service.`,
      brandId: brandIds[index]!.id,
      vehiclesDealerId: n < feedSites.length ? dealerIds[n]!.id : null,
      images: { banner_img: art[index]!.banner ? [art[index]!.banner!] : [], dealer_img: [] as number[] },
      email: `${slugOf(brand.slug)}.${slugOf(town.city)}${round > 0 ? round + 1 : ''}@northway.example`,
      telephone: `${town.phone}${String(100 + ((n * 7) % 900))}`,
      address: {
        address_line_1: `${(n % 9) + 1} ${town.street}`,
        address_line_2: n % 2 === 0 ? `${GROUP} Motor Park` : null,
        city: town.city,
        county: town.county,
        postcode: town.postcode,
        lat: Number((town.lat + jitter(37)).toFixed(6)),
        lng: Number((town.lng + jitter(53)).toFixed(6)),
      },
      openingTimes: openingTimes(n),
      team: team(n, town),
      quoteeUid: n % 3 === 0 ? null : `NW${String(100_000 + n)}`,
      pinnacleEnquiryId: String(40_000 + n),
      pinnacleUsedEnquiryId: String(60_000 + n),
      publishedAt: live ? new Date(created.getTime() + 14 * DAY) : null,
      sortOrder: binned ? n + 1 : ++dealershipPosition,
      createdAt: created,
      updatedAt: new Date(created.getTime() + 20 * DAY),
      deletedAt: binned ? new Date(now - 3 * DAY) : null,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(dealerships).values(rows.slice(i, i + 500));
  // Every brand and dealership showing a library image is recorded as its use, in its folder.
  await db.execute(sql`
    insert into media_uses (media_id, area, record_id)
    select (b.meta->>'logo_id')::int, 'brands', b.id from brands b where b.meta->>'logo_id' is not null
    union all
    select e.v::int, 'dealerships', d.id from dealerships d, jsonb_array_elements_text(d.images->'banner_img') e(v)
    on conflict do nothing`);
  await fileSeededMedia(db);
}
