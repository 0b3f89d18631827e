import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { deletedAt, stamps } from './columns';

/** A dealer known to the vehicle stock feed. */
export const vehicleDealers = pgTable(
  'vehicle_dealers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: stamps.createdAt,
  },
  (t) => [index('vehicle_dealers_name_idx').on(t.name)],
);

export interface DealershipAddress {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  postcode: string;
  county: string;
  lat: number;
  lng: number;
}

export type DealershipDays = Record<
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday',
  string | null
>;

export interface DealershipOpeningTimes {
  department: string;
  days: DealershipDays;
}

export interface DealershipTeamMember {
  name: string;
  content: string | null;
  /** Library items' ids (at most one). */
  image: number[];
}

/** Library items' ids (each list holds at most one, spec §5). */
export interface DealershipImages {
  banner_img: number[];
  dealer_img: number[];
}

/** What a dealership list search looks through: name, slug, town and postcode. */
export const dealershipSearchText = (t: { name: PgColumn; slug: PgColumn; address: PgColumn }) =>
  sql`(${t.name} || ' ' || ${t.slug} || ' ' || coalesce(${t.address}->>'city', '') || ' ' || coalesce(${t.address}->>'postcode', ''))`;

export const dealerships = pgTable(
  'dealerships',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    copy: text('copy'),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    vehiclesDealerId: integer('vehicles_dealer_id').references(() => vehicleDealers.id, {
      onDelete: 'set null',
    }),
    images: jsonb('images').$type<DealershipImages>().notNull().default({ banner_img: [], dealer_img: [] }),
    email: text('email').notNull(),
    telephone: text('telephone').notNull(),
    address: jsonb('address').$type<DealershipAddress>().notNull(),
    openingTimes: jsonb('opening_times').$type<DealershipOpeningTimes[]>().notNull().default([]),
    team: jsonb('team').$type<DealershipTeamMember[]>().notNull().default([]),
    quoteeUid: text('quotee_uid'),
    pinnacleEnquiryId: text('pinnacle_enquiry_id').notNull(),
    pinnacleUsedEnquiryId: text('pinnacle_used_enquiry_id').notNull(),
    /** Where each enquiry and reservation of this dealership goes as a lead (its CRM's lead addresses). */
    crmEmails: text('crm_emails').array().notNull().default(sql`'{}'::text[]`),
    /** How those leads are written: an ADF 1.0 document, or a plain e-mail. */
    crmFormat: text('crm_format').$type<'adf' | 'email'>().notNull().default('adf'),
    /** Live means published: set when the dealership went live, null otherwise. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date', precision: 3 }),
    sortOrder: integer('sort_order').notNull().default(0),
    ...stamps,
    deletedAt,
  },
  (t) => [
    uniqueIndex('dealerships_slug_unique').on(sql`lower(${t.slug})`),
    uniqueIndex('dealerships_position_unique').on(t.sortOrder).where(sql`${t.deletedAt} is null`),
    index('dealerships_bin_order_idx').on(t.sortOrder, t.id).where(sql`${t.deletedAt} is not null`),
    index('dealerships_search_idx')
      .using('gin', sql`${dealershipSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Deleting a brand or a stock-feed dealer forever clears these references.
    index('dealerships_brand_idx').on(t.brandId),
    index('dealerships_vehicles_dealer_idx').on(t.vehiclesDealerId),
  ],
);
