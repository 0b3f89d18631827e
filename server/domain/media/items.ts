import { and, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { MediaItem } from '@/api/contract/media';
import { isGroupWide, type Scope } from '@/shared/access';
import type { Db } from '../../db/open';
import { media, mediaSearchText, mediaUses } from '../../db/schema/media';
import { inScope } from '../access/scope';
import { isoTime, isoTimeOrNull } from '../isoTime';
import { storageUrl } from '../storage';
import { renditionsOf } from './renditions';

export type MediaRow = typeof media.$inferSelect;
export type MediaItemRow = MediaRow & { usesCount: number };

const usesCount = sql<number>`(select count(*) from ${mediaUses} u where u.media_id = ${media.id})`.mapWith(
  Number,
);

export const mediaItemColumns = { row: media, usesCount };

export const mediaKey = (sha256: string): string => `media/${sha256}`;

export function toMediaItem(row: MediaItemRow): MediaItem {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    alt: row.alt,
    decorative: row.decorative,
    caption: row.caption,
    credit: row.credit,
    tags: row.tags,
    folder_id: row.folderId,
    focal_point: { x: row.focalX, y: row.focalY },
    url: storageUrl(row.storageKey),
    renditions: renditionsOf(row),
    uses_count: row.usesCount,
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    deleted_at: isoTimeOrNull(row.deletedAt),
  };
}

/**
 * The folders a scope reaches, as SQL over a folder `f`: a brand's folder by its brand, a
 * dealership's by the dealership or the brand it is under now. Undefined for a group-wide user.
 */
export function folderScope(scope: Scope): SQL | undefined {
  return inScope(scope, {
    brand: sql`coalesce(f.brand_id, (select d.brand_id from dealerships d where d.id = f.dealership_id))`,
    dealership: sql`f.dealership_id`,
  });
}

/** The items a scope reaches: those in its folders (items outside any folder are the group's). */
export function mediaScope(scope: Scope): SQL | undefined {
  if (isGroupWide(scope)) return undefined;
  return sql`${media.folderId} in (select f.id from media_folders f where ${folderScope(scope)})`;
}

export interface MediaFilter {
  search: string;
  folderId?: number;
  type?: 'image' | 'document';
  unused?: boolean;
  trashed?: boolean;
}

function filterWhere(filter: MediaFilter, scope: Scope): SQL | undefined {
  const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    filter.trashed ? isNotNull(media.deletedAt) : isNull(media.deletedAt),
    mediaScope(scope),
    filter.search ? ilike(mediaSearchText(media), pattern) : undefined,
    filter.folderId ? eq(media.folderId, filter.folderId) : undefined,
    filter.type === 'image' ? sql`${media.mime} like 'image/%'` : undefined,
    filter.type === 'document' ? sql`${media.mime} not like 'image/%'` : undefined,
    filter.unused ? sql`not exists (select 1 from ${mediaUses} u where u.media_id = ${media.id})` : undefined,
  );
}

const countOf = async (db: Db, where: SQL | undefined): Promise<number> => {
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(media)
    .where(where);
  return counted?.total ?? 0;
};

/**
 * One page of the library, newest first, and how many items match, in one statement: a filtered
 * list (a search, a folder, a type, unused) finds its matches once and counts them as it goes (a
 * window count); an unfiltered one reads its page from the newest-first index and counts apart, in
 * a subquery run once. Only a page past the end counts on its own. Uses are counted for the page's
 * items only.
 */
export async function listMedia(
  db: Db,
  filter: MediaFilter,
  scope: Scope,
  page: number,
  perPage: number,
): Promise<{ rows: MediaItem[]; total: number }> {
  const where = filterWhere(filter, scope);
  const filtered = Boolean(filter.search || filter.folderId || filter.type || filter.unused);
  const total = filtered
    ? sql<number>`count(*) over ()`
    : sql<number>`(select count(*) from ${media} where ${where ?? sql`true`})`;
  const found = await db
    .select({ row: media, total: total.mapWith(Number) })
    .from(media)
    .where(where)
    .orderBy(desc(media.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const counted = found[0] ? found[0].total : page === 1 ? 0 : await countOf(db, where);
  const ids = found.map(({ row }) => row.id);
  const uses =
    ids.length === 0
      ? []
      : await db
          .select({ id: mediaUses.mediaId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(mediaUses)
          .where(inArray(mediaUses.mediaId, ids))
          .groupBy(mediaUses.mediaId);
  const usesById = new Map(uses.map((u) => [u.id, u.n]));
  return {
    rows: found.map(({ row }) => toMediaItem({ ...row, usesCount: usesById.get(row.id) ?? 0 })),
    total: counted,
  };
}

/** An item the scope reaches, binned or not; null when there is none (a 404 for the caller). */
export async function findMedia(db: Db, id: number, scope: Scope): Promise<MediaItemRow | null> {
  const [found] = await db
    .select(mediaItemColumns)
    .from(media)
    .where(and(eq(media.id, id), mediaScope(scope)));
  return found ? { ...found.row, usesCount: found.usesCount } : null;
}
