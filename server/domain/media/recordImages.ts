import { type SQL, sql } from 'drizzle-orm';
import type { RecordImage, SiteFile } from '@/api/contract/images';
import type { Scope } from '@/shared/access';
import { type FileUrl, relativeFileUrl, type SiteMediaSource, siteImageOf } from '@/shared/site';
import type { Db } from '../../db/open';
import type { MediaUseArea } from '../../db/schema/media';
import { rowsOf } from '../pages/transaction';
import { storageUrl } from '../storage';
import { type FieldMedia, saveFieldMedia } from './blockUses';

/**
 * Library images held by records rather than blocks: a brand's logo (`meta.logo_id`), a
 * dealership's banner, dealership and team images (`images`, `team[].image`: ids) and a user's
 * avatar (`meta.avatar_id`). Answers read the items in the same statement as their records.
 */

/** A library item as a record's answer reads it from SQL (`imagesJson`). */
export interface ImageRow {
  id: number;
  name: string;
  mime: string;
  sha256: string;
  storage_key: string;
  width: number | null;
  height: number | null;
  alt: string | null;
  decorative: boolean;
  focal_x: number;
  focal_y: number;
}

/** The items of the ids in a jsonb array of ids (`ids`, any jsonb), as json; ids of no item are left out. */
export function imagesJson(ids: SQL): SQL<ImageRow[]> {
  return sql<ImageRow[]>`(select coalesce(jsonb_agg(jsonb_build_object(
      'id', m.id, 'name', m.name, 'mime', m.mime, 'sha256', m.sha256, 'storage_key', m.storage_key,
      'width', m.width, 'height', m.height, 'alt', m.alt, 'decorative', m.decorative,
      'focal_x', m.focal_x, 'focal_y', m.focal_y)), '[]'::jsonb)
    from media m where m.id in (
      select e.v::int from jsonb_array_elements_text(case when jsonb_typeof(${ids}) = 'array' then ${ids} else '[]'::jsonb end) e(v)
      where e.v ~ '^[1-9][0-9]{0,8}$'))`;
}

/** The items of these ids as `imagesJson` reads them, for a record read on its own (a revision). */
export async function loadImageRows(db: Db, ids: readonly unknown[]): Promise<ImageRow[]> {
  const wanted = ids.filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0);
  if (wanted.length === 0) return [];
  const [row] = rowsOf<{ images: ImageRow[] }>(
    await db.execute(sql`select ${imagesJson(sql`${JSON.stringify(wanted)}::jsonb`)} as images`),
  );
  return row?.images ?? [];
}

function sourceOf(row: ImageRow): SiteMediaSource {
  return {
    name: row.name,
    mime: row.mime,
    url: storageUrl(row.storage_key),
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    alt: row.alt,
    decorative: row.decorative,
    focal_point: { x: row.focal_x, y: row.focal_y },
  };
}

/** The images of these ids, in their order, as a site shows them (uncropped); ids of no item are left out. */
export function siteImagesOf(
  ids: readonly unknown[] | null | undefined,
  rows: readonly ImageRow[] | null | undefined,
  fileUrl: FileUrl = relativeFileUrl,
): SiteFile[] {
  const byId = new Map((rows ?? []).map((row) => [row.id, row]));
  return (ids ?? []).flatMap((id) => {
    const row = typeof id === 'number' ? byId.get(id) : undefined;
    return row ? [siteImageOf(sourceOf(row), {}, 'original', fileUrl)] : [];
  });
}

/** The images of these ids as a record answers them: as a site shows them, with their ids. */
export function recordImagesOf(
  ids: readonly unknown[] | null | undefined,
  rows: readonly ImageRow[] | null | undefined,
): RecordImage[] {
  const byId = new Map((rows ?? []).map((row) => [row.id, row]));
  return (ids ?? []).flatMap((id) => {
    const row = typeof id === 'number' ? byId.get(id) : undefined;
    // The contract's order, the site file's keys and then the id: the answer is written whole (decision 039).
    return row ? [{ ...siteImageOf(sourceOf(row), {}, 'original', relativeFileUrl), id: row.id }] : [];
  });
}

/** A record's one image, or null. */
export const recordImageOf = (
  id: unknown,
  rows: readonly ImageRow[] | null | undefined,
): RecordImage | null => recordImagesOf([id], rows)[0] ?? null;

/**
 * Checks the images a brand, dealership or user saves (422 under the field for an id the library
 * does not hold, holds in its bin, or holds outside the writer's folders) and records them as the
 * record's uses, in the save's transaction.
 */
export async function saveRecordMedia(
  tx: Db,
  area: MediaUseArea,
  recordId: number,
  fields: Record<string, number | null | readonly number[]>,
  scope: Scope,
  options: { record?: boolean } = {},
): Promise<void> {
  const refs: FieldMedia[] = Object.entries(fields).flatMap(([path, value]) =>
    value === null
      ? []
      : typeof value === 'number'
        ? [{ path, media_id: value }]
        : value.map((media_id, i) => ({ path: `${path}.${i}`, media_id })),
  );
  await saveFieldMedia(tx, area, recordId, refs, scope, options);
}

/** What a validation call checks of a record's images, as its save would, recording nothing (`id` 0: a new record). */
export const checkRecordMedia = (
  db: Db,
  area: MediaUseArea,
  recordId: number | undefined,
  fields: Record<string, number | null | readonly number[]>,
  scope: Scope,
): Promise<void> => saveRecordMedia(db, area, recordId ?? 0, fields, scope, { record: false });
