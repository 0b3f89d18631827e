import { inArray } from 'drizzle-orm';
import type { SiteMedia, SiteMediaSource } from '@/shared/site';
import type { Db } from '../../db/open';
import { media } from '../../db/schema/media';
import { storageUrl } from '../storage';

/** A media row as a site shows it. */
export function siteMediaSource(row: typeof media.$inferSelect): SiteMediaSource {
  return {
    name: row.name,
    mime: row.mime,
    url: storageUrl(row.storageKey),
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    alt: row.alt,
    decorative: row.decorative,
    focal_point: { x: row.focalX, y: row.focalY },
  };
}

/**
 * The library items of these ids, as a site shows them. An item in the bin still shows where it is
 * used (the bin warns of its uses, and it can be restored); one deleted for good has no uses left.
 */
export async function loadSiteMedia(db: Db, ids: readonly number[]): Promise<SiteMedia> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(media)
    .where(inArray(media.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, siteMediaSource(row)]));
}
