import { sql } from 'drizzle-orm';
import { mediaIdsOf, mediaRefsOf } from '@/shared/mediaRefs';
import { readItems } from '../../domain/blocks';
import { mediaKey } from '../../domain/media/items';
import { sha256Of } from '../../domain/media/library';
import { setMediaUses } from '../../domain/media/uses';
import { rowsOf } from '../../domain/pages/transaction';
import type { Storage } from '../../domain/storage';
import type { Db } from '../open';
import { media } from '../schema/media';

/**
 * Puts a demo PNG into the media library as an upload would (its bytes under `media/<sha256>`, its
 * size read from its header) and answers its id. Renditions are made on their first request.
 */
export async function seedLibraryPng(db: Db, storage: Storage, bytes: Buffer, name: string): Promise<number> {
  const sha256 = sha256Of(bytes);
  const key = mediaKey(sha256);
  await storage.put(key, bytes, 'image/png');
  const [row] = await db
    .insert(media)
    .values({
      name,
      mime: 'image/png',
      size: bytes.length,
      width: bytes.readUInt32BE(16),
      height: bytes.readUInt32BE(20),
      sha256,
      storageKey: key,
      alt: name.replace(/\.png$/, ''),
    })
    .onConflictDoUpdate({ target: media.sha256, set: { name } })
    .returning({ id: media.id });
  return row!.id;
}

/** Files the seeded library items into the folders of the brands and dealerships that show them. */
export async function fileSeededMedia(db: Db): Promise<void> {
  await db.execute(sql`
    update media m set folder_id = f.id
    from media_uses u, media_folders f
    where u.media_id = m.id and m.folder_id is null and f.own and (
      (u.area = 'brands' and f.brand_id = u.record_id and f.dealership_id is null)
      or (u.area = 'dealerships' and f.dealership_id = u.record_id))`);
}

/** Records the library images of every seeded page, form and template as their uses. */
export async function recordSeededBlockUses(db: Db): Promise<void> {
  const rows = rowsOf<{ id: number; kind: string; items: unknown; configurables: unknown; area: string }>(
    await db.execute(sql`
      select id, kind, items, configurables, 'pages' as area from pages where items::text like '%media_id%' or configurables::text like '%media_id%'
      union all
      select id, 'template', items, null, 'templates' from templates where items::text like '%media_id%'`),
  );
  for (const row of rows) {
    const refs = mediaRefsOf({
      items: readItems(Array.isArray(row.items) ? row.items : []),
      configurables: (row.configurables ?? undefined) as Record<string, { fields?: unknown }> | undefined,
    });
    const area = row.area === 'templates' ? 'templates' : row.kind === 'form' ? 'forms' : 'pages';
    await setMediaUses(db, area, row.id, mediaIdsOf(refs));
  }
}
