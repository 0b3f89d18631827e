import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  type PgColumn,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { deletedAt, stamps } from './columns';
import { dealerships } from './dealerships';

/**
 * A folder of the media library. A brand's or a dealership's folder follows its access scope;
 * one with neither is the group's, seen by group-wide users only.
 */
export const mediaFolders = pgTable(
  'media_folders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    dealershipId: integer('dealership_id').references(() => dealerships.id, { onDelete: 'cascade' }),
    /** The folder made for its brand or dealership (renamed with it, never removed by hand). */
    own: boolean('own').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('media_folders_own_brand_unique')
      .on(t.brandId)
      .where(sql`${t.own} and ${t.dealershipId} is null`),
    uniqueIndex('media_folders_own_dealership_unique').on(t.dealershipId).where(sql`${t.own}`),
    index('media_folders_name_idx').on(t.name),
    // One folder of a name (in any case) under the same brand, dealership or the group; a brand's or
    // dealership's own folder is named after it and renamed with it, so it is left out.
    uniqueIndex('media_folders_name_unique')
      .on(sql`coalesce(${t.brandId}, 0)`, sql`coalesce(${t.dealershipId}, 0)`, sql`lower(${t.name})`)
      .where(sql`not ${t.own}`),
  ],
);

/**
 * The text a library search looks through: name, alt text and tags. `media_search_text` (migration
 * 0029) is array_to_string declared immutable, as an index expression must be.
 */
export const mediaSearchText = (t: { name: PgColumn; alt: PgColumn; tags: PgColumn }) =>
  sql`media_search_text(${t.name}, ${t.alt}, ${t.tags})`;

/** One file of the library; its bytes live in the storage under `storage_key` (`media/<sha256>`). */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    /** The name the file was uploaded with. */
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    alt: text('alt'),
    decorative: boolean('decorative').notNull().default(false),
    caption: text('caption'),
    credit: text('credit'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    folderId: integer('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    focalX: real('focal_x').notNull().default(0.5),
    focalY: real('focal_y').notNull().default(0.5),
    ...stamps,
    deletedAt,
  },
  (t) => [
    // The same bytes are stored once: a second upload answers the first item.
    uniqueIndex('media_sha256_unique').on(t.sha256),
    check('media_focal_check', sql`${t.focalX} between 0 and 1 and ${t.focalY} between 0 and 1`),
    // The library's first page: the newest items, in the bin or not.
    index('media_recent_idx').on(t.id).where(sql`${t.deletedAt} is null`),
    index('media_folder_idx').on(t.folderId, t.id),
    index('media_search_idx')
      .using('gin', sql`${mediaSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** The areas whose records refer to library items. */
export type MediaUseArea = 'pages' | 'forms' | 'templates' | 'brands' | 'dealerships' | 'users';

/**
 * Which record refers to which item, written with the record: what "where used" lists and what
 * keeps an item from being deleted forever.
 */
export const mediaUses = pgTable(
  'media_uses',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    area: text('area').$type<MediaUseArea>().notNull(),
    recordId: integer('record_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.area, t.recordId] }),
    index('media_uses_record_idx').on(t.area, t.recordId),
  ],
);
