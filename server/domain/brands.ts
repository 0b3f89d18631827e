import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  Brand,
  BrandValues,
  Manufacturer,
  ManufacturerRef,
  ManufacturerType,
} from '@/api/contract/brands';
import { type Scope, wholeGroup } from '@/shared/access';
import { MAX_SERIAL_ID } from '../db/errors';
import type { Db } from '../db/open';
import { brandSearchText, brands, manufacturers } from '../db/schema/brands';
import { isoTime, isoTimeOrNull } from './isoTime';
import { type LifecycleTable, listOrder, scopeOn } from './lifecycle';
import type { ListExtras, ListSource } from './listing';
import { type ImageRow, imagesJson, loadImageRows, recordImageOf } from './media/recordImages';
import type { OrderedList } from './ordering';

/** Staff order brands by hand: one list for the whole table. */
export const brandsOrder: OrderedList = {
  name: 'brands',
  table: brands,
  id: brands.id,
  position: brands.sortOrder,
  deletedAt: brands.deletedAt,
  key: 'brands',
  noun: 'brands',
};

export const brandsLifecycle: LifecycleTable = {
  table: brands,
  id: brands.id,
  deletedAt: brands.deletedAt,
  updatedAt: brands.updatedAt,
  order: brandsOrder,
  key: 'brands',
  noun: 'brands',
  activity: { area: 'brands', name: brands.name },
  // A brand belongs to itself.
  owner: { brand: brands.id },
  mediaUses: 'brands',
};

export const brandSlugs = { table: brands, id: brands.id, slug: brands.slug };

export type BrandRow = typeof brands.$inferSelect;

// A brand names its makes by code within a type, so each is joined under its own alias.
const carMaker = alias(manufacturers, 'car_manufacturer');
const lcvMaker = alias(manufacturers, 'lcv_manufacturer');

/** A brand's logo item, read with the brand. */
export const brandLogoJson = imagesJson(sql`jsonb_build_array(${brands.meta}->'logo_id')`);

/** A brand with the makes its codes name and its logo. */
function selectBrands(db: Db, extra?: ListExtras) {
  return db
    .select({
      brand: brands,
      manufacturer: { name: carMaker.name, code: carMaker.code },
      lcvManufacturer: { name: lcvMaker.name, code: lcvMaker.code },
      logo: brandLogoJson,
      ...extra,
    })
    .from(brands)
    .leftJoin(carMaker, and(eq(carMaker.type, 'Car'), eq(carMaker.code, brands.manufacturerId)))
    .leftJoin(lcvMaker, and(eq(lcvMaker.type, 'LCV'), eq(lcvMaker.code, brands.lcvManufacturerId)));
}

export function toBrand(row: {
  brand: BrandRow;
  manufacturer: ManufacturerRef | null;
  lcvManufacturer: ManufacturerRef | null;
  logo: ImageRow[] | null;
}): Brand {
  const { brand } = row;
  return {
    id: brand.id,
    name: brand.name,
    slug: brand.slug,
    live: brand.live,
    is_fake: brand.isFake,
    manufacturer_id: brand.manufacturerId,
    lcv_manufacturer_id: brand.lcvManufacturerId,
    logo: recordImageOf(brand.meta.logo_id, row.logo),
    manufacturer: row.manufacturer,
    lcvManufacturer: row.lcvManufacturer,
    code: brand.code,
    created_at: isoTime(brand.createdAt),
    updated_at: isoTime(brand.updatedAt),
    deleted_at: isoTimeOrNull(brand.deletedAt),
  };
}

type BrandJoined = Parameters<typeof toBrand>[0];

/** The brands list: both tabs in sort order, searched by name or slug. */
export const brandsListing: ListSource<BrandJoined, Brand> = {
  name: 'brands',
  lifecycle: brandsLifecycle,
  searchText: brandSearchText(brands),
  select: (db, extra) => selectBrands(db, extra).$dynamic(),
  toItem: toBrand,
};

/** What a brand row stores from the form. */
export function brandColumns(body: BrandValues) {
  return {
    name: body.name,
    slug: body.slug,
    live: body.live,
    isFake: body.is_fake,
    manufacturerId: body.manufacturer_id,
    lcvManufacturerId: body.lcv_manufacturer_id,
    meta: { logo_id: body.logo },
  };
}

/** A brand within the scope (all of them for a group-wide user), or null. */
export async function findBrand(db: Db, id: number, scope: Scope = wholeGroup): Promise<Brand | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await selectBrands(db).where(and(eq(brands.id, id), scopeOn(brandsLifecycle, scope)));
  return row ? toBrand(row) : null;
}

/** The stored row within the scope, for the version check before an update. */
export async function findBrandRow(db: Db, id: number, scope: Scope = wholeGroup): Promise<BrandRow | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, id), scopeOn(brandsLifecycle, scope)));
  return row ?? null;
}

/** Every active brand within the scope as a select option, in sort order. */
export function brandOptions(db: Db, scope: Scope = wholeGroup) {
  return db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(and(isNull(brands.deletedAt), scopeOn(brandsLifecycle, scope)))
    .orderBy(...listOrder(brandsLifecycle));
}

export function listManufacturers(db: Db, type: ManufacturerType): Promise<Manufacturer[]> {
  return db
    .select({ name: manufacturers.name, code: manufacturers.code, type: manufacturers.type })
    .from(manufacturers)
    .where(eq(manufacturers.type, type))
    .orderBy(asc(manufacturers.name), asc(manufacturers.code));
}

/** Whether a code names a make of this type; 0 (none) always does. */
export async function manufacturerExists(db: Db, type: ManufacturerType, code: number): Promise<boolean> {
  if (code === 0) return true;
  if (code > MAX_SERIAL_ID) return false;
  const [row] = await db
    .select({ code: manufacturers.code })
    .from(manufacturers)
    .where(and(eq(manufacturers.type, type), eq(manufacturers.code, code)));
  return Boolean(row);
}

/** A stored brand row (a revision's) as the show call answers it, with the makes its codes name now. */
export async function brandFromRow(db: Db, brand: BrandRow): Promise<Brand> {
  const maker = async (type: ManufacturerType, code: number) => {
    const [row] = await db
      .select({ name: manufacturers.name, code: manufacturers.code })
      .from(manufacturers)
      .where(and(eq(manufacturers.type, type), eq(manufacturers.code, code)));
    return row ?? null;
  };
  const [manufacturer, lcvManufacturer] = [
    await maker('Car', brand.manufacturerId),
    await maker('LCV', brand.lcvManufacturerId),
  ];
  const logo = await loadImageRows(db, [brand.meta.logo_id]);
  return toBrand({ brand, manufacturer, lcvManufacturer, logo });
}
