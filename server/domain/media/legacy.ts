import { eq, like } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { media } from '../../db/schema/media';
import type { BlobStore } from '../storage';
import { mediaKey } from './items';
import { checkFile, type QueueRenditions, sha256Of } from './library';

/** The queue of the job that makes legacy items real (one waiting job, however many starts queue it). */
export const LEGACY_MEDIA_QUEUE = 'media-legacy';

/** What became of one legacy item. */
export interface LegacyOutcome {
  id: number;
  name: string;
  key: string;
  result: 'made real' | 'missing' | 'refused' | 'duplicate';
  detail?: string;
}

/**
 * Files uploaded before the library became items in migrations 0031 and 0036 with `legacy:<key>`
 * for a hash and no size, dimensions or renditions: SQL cannot read bytes. This reads each one's
 * file from storage and makes it an item like any upload: its SHA-256, size, type and dimensions
 * judged from its bytes, its bytes under `media/<sha256>`, its renditions queued with it. A file
 * that is not there any more, or that the library would refuse, is reported and the item left as
 * it is (it keeps showing its original, as before); one whose bytes another item already holds
 * stays legacy too, reported as such. The old file stays where it was: its old address keeps working.
 */
export async function realiseLegacyMedia(
  db: Db,
  blobs: BlobStore,
  queueRenditions: QueueRenditions,
): Promise<LegacyOutcome[]> {
  const legacy = await db
    .select({ id: media.id, name: media.name, key: media.storageKey, mime: media.mime })
    .from(media)
    .where(like(media.sha256, 'legacy:%'))
    .orderBy(media.id);
  const outcomes: LegacyOutcome[] = [];
  for (const item of legacy) {
    const base = { id: item.id, name: item.name, key: item.key };
    const bytes = await blobs.get(item.key).catch(() => null);
    if (!bytes) {
      outcomes.push({ ...base, result: 'missing', detail: `No file at ${item.key}.` });
      continue;
    }
    const checked = await checkFile({ name: item.name, bytes });
    if (!checked.ok) {
      outcomes.push({ ...base, result: 'refused', detail: checked.error });
      continue;
    }
    const sha256 = sha256Of(bytes);
    const [other] = await db.select({ id: media.id }).from(media).where(eq(media.sha256, sha256));
    if (other) {
      outcomes.push({ ...base, result: 'duplicate', detail: `Item ${other.id} holds the same file.` });
      continue;
    }
    const key = mediaKey(sha256);
    if (!(await blobs.exists(key))) await blobs.put(key, bytes, checked.mime);
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(media)
          .set({
            sha256,
            storageKey: key,
            size: bytes.length,
            mime: checked.mime,
            width: checked.width,
            height: checked.height,
          })
          .where(eq(media.id, item.id))
          .returning();
        if (row) await queueRenditions(row, tx as unknown as Db);
      });
      outcomes.push({ ...base, result: 'made real' });
    } catch (error) {
      // Another process made the same bytes an item meanwhile.
      if ((error as { code?: string }).code !== '23505') throw error;
      outcomes.push({ ...base, result: 'duplicate', detail: 'Another item holds the same file.' });
    }
  }
  return outcomes;
}
