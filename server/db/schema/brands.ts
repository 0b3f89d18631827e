import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { deletedAt, stamps } from './columns';

/** A vehicle make as the stock feed knows it; brands store its `code` (0 means none). */
export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: integer('code').notNull(),
    type: text('type').$type<'Car' | 'LCV'>().notNull(),
  },
  (t) => [
    check('manufacturers_type_check', sql`${t.type} in ('Car', 'LCV')`),
    // A brand names its make by type and code; the form lists one type by name.
    uniqueIndex('manufacturers_type_code_unique').on(t.type, t.code),
    index('manufacturers_type_name_idx').on(t.type, t.name),
  ],
);

export interface BrandMeta {
  /** The logo: a library item's id. */
  logo_id?: number | null;
}

/** The text a brand list search looks through; the same expression is indexed, so the index serves it. */
export const brandSearchText = (t: { name: PgColumn; slug: PgColumn }) =>
  sql`(${t.name} || ' ' || ${t.slug})`;

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** The make's short code in the stock feed (e.g. KIA); not edited in the console. */
    code: text('code'),
    live: boolean('live').notNull().default(false),
    isFake: boolean('is_fake').notNull().default(false),
    /** Manufacturer codes (Car and LCV); 0 means none. */
    manufacturerId: integer('manufacturer_id').notNull().default(0),
    lcvManufacturerId: integer('lcv_manufacturer_id').notNull().default(0),
    meta: jsonb('meta').$type<BrandMeta>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    ...stamps,
    deletedAt,
  },
  (t) => [
    // Unique among all brands, binned ones too: a restored brand keeps its address.
    uniqueIndex('brands_slug_unique').on(sql`lower(${t.slug})`),
    // The All tab pages in sort order; positions of active brands are unique (1..n, see ordering.ts).
    uniqueIndex('brands_position_unique').on(t.sortOrder).where(sql`${t.deletedAt} is null`),
    // The Bin tab keeps the positions binned brands last had, so they can repeat: ties by id.
    index('brands_bin_order_idx').on(t.sortOrder, t.id).where(sql`${t.deletedAt} is not null`),
    // Substring search (ILIKE '%...%') through a trigram index. Written straight into the index
    // (no pending list): PGlite has no autovacuum to flush one, and edits here are rare.
    index('brands_search_idx')
      .using('gin', sql`${brandSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);
