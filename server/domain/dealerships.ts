import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Dealership, DealershipValues, VehicleDealer } from '@/api/contract/dealerships';
import { type Scope, wholeGroup } from '@/shared/access';
import { MAX_SERIAL_ID } from '../db/errors';
import type { Db } from '../db/open';
import { type BrandMeta, brands } from '../db/schema/brands';
import {
  type DealershipAddress,
  type DealershipOpeningTimes,
  dealershipSearchText,
  dealerships,
  vehicleDealers,
} from '../db/schema/dealerships';
import { isoTime, isoTimeOrNull } from './isoTime';
import { type LifecycleTable, scopeOn } from './lifecycle';
import type { ListExtras, ListSource } from './listing';
import {
  type ImageRow,
  imagesJson,
  loadImageRows,
  recordImageOf,
  recordImagesOf,
} from './media/recordImages';
import type { OrderedList } from './ordering';

/** Staff order dealerships by hand: one list for the whole table. */
export const dealershipsOrder: OrderedList = {
  name: 'dealerships',
  table: dealerships,
  id: dealerships.id,
  position: dealerships.sortOrder,
  deletedAt: dealerships.deletedAt,
  key: 'dealerships',
  noun: 'dealerships',
};

export const dealershipsLifecycle: LifecycleTable = {
  table: dealerships,
  id: dealerships.id,
  deletedAt: dealerships.deletedAt,
  updatedAt: dealerships.updatedAt,
  order: dealershipsOrder,
  key: 'dealerships',
  noun: 'dealerships',
  activity: { area: 'dealerships', name: dealerships.name },
  // A dealership belongs to itself and to its brand.
  owner: { brand: dealerships.brandId, dealership: dealerships.id },
  mediaUses: 'dealerships',
};

export const dealershipSlugs = { table: dealerships, id: dealerships.id, slug: dealerships.slug };

export type DealershipRow = typeof dealerships.$inferSelect;
type BrandRef = { id: number; name: string; meta: BrandMeta } | null;

/** Every library item a dealership shows: its banner, dealership and team images and its brand's logo. */
export const dealershipImagesJson = imagesJson(
  sql`(coalesce(${dealerships.images}->'banner_img', '[]'::jsonb) || coalesce(${dealerships.images}->'dealer_img', '[]'::jsonb)
    || jsonb_path_query_array(${dealerships.team}, '$[*].image[*]') || jsonb_build_array(${brands.meta}->'logo_id'))`,
);

/** A dealership with the brand the list shows beside it (logo and name) and its images. */
function selectDealerships(db: Db, extra?: ListExtras) {
  return db
    .select({
      dealership: dealerships,
      brand: { id: brands.id, name: brands.name, meta: brands.meta },
      images: dealershipImagesJson,
      ...extra,
    })
    .from(dealerships)
    .leftJoin(brands, eq(brands.id, dealerships.brandId));
}

/**
 * Stored JSON in the contract's key order: `jsonb` gives its keys back in its own order (shortest
 * first), and an answer in the contract's order is written whole by JSON.stringify (decision 039).
 */
const addressOf = (a: DealershipAddress): DealershipAddress => ({
  address_line_1: a.address_line_1,
  address_line_2: a.address_line_2,
  city: a.city,
  postcode: a.postcode,
  county: a.county,
  lat: a.lat,
  lng: a.lng,
});

const openingTimesOf = ({ department, days }: DealershipOpeningTimes): DealershipOpeningTimes => ({
  department,
  days: {
    monday: days.monday,
    tuesday: days.tuesday,
    wednesday: days.wednesday,
    thursday: days.thursday,
    friday: days.friday,
    saturday: days.saturday,
    sunday: days.sunday,
  },
});

export function toDealership(row: {
  dealership: DealershipRow;
  brand: BrandRef;
  images: ImageRow[] | null;
}): Dealership {
  const d = row.dealership;
  const images = (ids: readonly unknown[] | undefined) => recordImagesOf(ids, row.images);
  return {
    id: d.id,
    name: d.name,
    slug: d.slug,
    copy: d.copy,
    live: d.publishedAt !== null,
    brand_id: d.brandId,
    brand: row.brand
      ? { id: row.brand.id, name: row.brand.name, logo: recordImageOf(row.brand.meta.logo_id, row.images) }
      : null,
    vehicles_dealer_id: d.vehiclesDealerId,
    banner_img: images(d.images.banner_img),
    dealer_img: images(d.images.dealer_img),
    email: d.email,
    telephone: d.telephone,
    address: addressOf(d.address),
    opening_times: d.openingTimes.map(openingTimesOf),
    team: d.team.map((member) => ({
      name: member.name,
      content: member.content,
      image: images(member.image),
    })),
    quotee_uid: d.quoteeUid,
    pinnacle_enquiry_id: d.pinnacleEnquiryId,
    pinnacle_used_enquiry_id: d.pinnacleUsedEnquiryId,
    crm_emails: d.crmEmails,
    crm_format: d.crmFormat,
    published_at: isoTimeOrNull(d.publishedAt),
    created_at: isoTime(d.createdAt),
    updated_at: isoTime(d.updatedAt),
    deleted_at: isoTimeOrNull(d.deletedAt),
  };
}

type DealershipJoined = Parameters<typeof toDealership>[0];

/** The dealerships list: both tabs in sort order, searched by name, slug, town or postcode. */
export const dealershipsListing: ListSource<DealershipJoined, Dealership> = {
  name: 'dealerships',
  lifecycle: dealershipsLifecycle,
  searchText: dealershipSearchText(dealerships),
  select: (db, extra) => selectDealerships(db, extra).$dynamic(),
  toItem: toDealership,
};

/** A dealership within the scope (any for a group-wide user), or null. */
export async function findDealership(
  db: Db,
  id: number,
  scope: Scope = wholeGroup,
): Promise<Dealership | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await selectDealerships(db).where(
    and(eq(dealerships.id, id), scopeOn(dealershipsLifecycle, scope)),
  );
  return row ? toDealership(row) : null;
}

/** The stored row within the scope, for the version check before an update. */
export async function findDealershipRow(
  db: Db,
  id: number,
  scope: Scope = wholeGroup,
): Promise<DealershipRow | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await db
    .select()
    .from(dealerships)
    .where(and(eq(dealerships.id, id), scopeOn(dealershipsLifecycle, scope)));
  return row ?? null;
}

/** Whether a dealership may be put under this brand: an active one, or the one it already has. */
export async function brandSelectable(db: Db, brandId: number, currentBrandId: number | null) {
  if (brandId === currentBrandId) return true;
  if (brandId > MAX_SERIAL_ID) return false;
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, brandId), isNull(brands.deletedAt)));
  return Boolean(row);
}

export async function vehicleDealerExists(db: Db, id: number): Promise<boolean> {
  if (id > MAX_SERIAL_ID) return false;
  const [row] = await db
    .select({ id: vehicleDealers.id })
    .from(vehicleDealers)
    .where(eq(vehicleDealers.id, id));
  return Boolean(row);
}

export function listVehicleDealers(db: Db): Promise<VehicleDealer[]> {
  return db
    .select({ id: vehicleDealers.id, name: vehicleDealers.name })
    .from(vehicleDealers)
    .orderBy(asc(vehicleDealers.name), asc(vehicleDealers.id));
}

/**
 * Reads a form's date-time as an instant. One without an offset is read as UTC, so the same
 * text means the same instant on every server. Null when the calendar has no such day (30 Feb).
 */
export function parseDateTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  const date = new Date(/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * When a dealership went live: live wins over published_at. Not live clears it; live keeps the
 * date given, else the one it already had, else now.
 */
export function publishedAtFor(body: DealershipValues, current: Date | null): Date | null {
  if (!body.live) return null;
  if (body.published_at) return parseDateTime(body.published_at);
  return current ?? new Date();
}

/** The library images the form carries, by the field their errors go under. */
export function imageFields(body: DealershipValues): Record<string, readonly number[]> {
  return {
    banner_img: body.banner_img,
    dealer_img: body.dealer_img,
    ...Object.fromEntries(body.team.map((member, m) => [`team.${m}.image`, member.image])),
  };
}

/** What a dealership row stores from the form. */
export function dealershipColumns(body: DealershipValues, publishedAt: Date | null) {
  return {
    name: body.name,
    slug: body.slug,
    copy: body.copy,
    brandId: body.brand_id,
    vehiclesDealerId: body.vehicles_dealer_id,
    images: { banner_img: body.banner_img, dealer_img: body.dealer_img },
    email: body.email,
    telephone: body.telephone,
    address: body.address,
    openingTimes: body.opening_times,
    team: body.team,
    quoteeUid: body.quotee_uid,
    pinnacleEnquiryId: body.pinnacle_enquiry_id,
    pinnacleUsedEnquiryId: body.pinnacle_used_enquiry_id,
    crmEmails: body.crm_emails,
    crmFormat: body.crm_format,
    publishedAt,
  };
}

/** A stored dealership row (a revision's) as the show call answers it, with its brand as it is now. */
export async function dealershipFromRow(db: Db, dealership: DealershipRow): Promise<Dealership> {
  const [brand] =
    dealership.brandId === null
      ? []
      : await db
          .select({ id: brands.id, name: brands.name, meta: brands.meta })
          .from(brands)
          .where(eq(brands.id, dealership.brandId));
  const images = await loadImageRows(db, [
    ...(dealership.images.banner_img ?? []),
    ...(dealership.images.dealer_img ?? []),
    ...dealership.team.flatMap((member) => member.image ?? []),
    brand?.meta.logo_id,
  ]);
  return toDealership({ dealership, brand: brand ?? null, images });
}
