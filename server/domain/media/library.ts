import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MediaFolder } from '@/api/contract/media';
import { isGroupWide, type Scope } from '@/shared/access';
import type { Db } from '../../db/open';
import { media, mediaFolders, mediaUses } from '../../db/schema/media';
import { notFound, unprocessable } from '../../http/errors';
import { type BlobStore, CONTENT_TYPES, sniff } from '../storage';
import { sniffImage } from './imageHeader';
import { findMedia, folderScope, type MediaItemRow, mediaItemColumns, mediaKey, mediaScope } from './items';
import { MAX_IMAGE_BYTES, probeImage } from './probe';
import type { RenditionItem } from './renditions';

/** Queues the renditions of an item within the transaction that stores it. */
export type QueueRenditions = (item: RenditionItem, within: Db) => Promise<unknown>;

export type FileCheck =
  | { ok: true; mime: string; width: number | null; height: number | null }
  | { ok: false; error: string };

/**
 * What an uploaded file is, judged by its bytes, or why the library refuses it: a PDF, or an image
 * the pipeline's probe passes (type as named, no bomb, no SVG that could run anything, decodes).
 */
export async function checkFile(file: { name: string; mime?: string; bytes: Buffer }): Promise<FileCheck> {
  if (file.bytes.length === 0) return { ok: false, error: 'The file is empty.' };
  if (file.bytes.length <= MAX_IMAGE_BYTES && sniff(file.bytes) === 'pdf') {
    return { ok: true, mime: CONTENT_TYPES.pdf, width: null, height: null };
  }
  if (file.bytes.length <= MAX_IMAGE_BYTES && !sniffImage(file.bytes)) {
    return { ok: false, error: 'The file must be an image (JPEG, PNG, GIF, WebP, AVIF or SVG) or a PDF.' };
  }
  const probed = await probeImage(file.bytes, { name: file.name, mime: file.mime });
  if (!probed.ok) return { ok: false, error: probed.message };
  return { ok: true, mime: probed.mime, width: probed.width, height: probed.height };
}

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const f = alias(mediaFolders, 'f');
const folderColumns = {
  id: f.id,
  name: f.name,
  brand_id: f.brandId,
  dealership_id: f.dealershipId,
  own: f.own,
};

/** The folders a scope reaches, by name. */
export async function listFolders(db: Db, scope: Scope): Promise<MediaFolder[]> {
  return db.select(folderColumns).from(f).where(folderScope(scope)).orderBy(f.name, f.id);
}

/** A folder the scope reaches, or 404. */
export async function folderInScope(db: Db, id: number, scope: Scope): Promise<MediaFolder> {
  const [found] = await db
    .select(folderColumns)
    .from(f)
    .where(and(eq(f.id, id), folderScope(scope)));
  if (!found) throw notFound('No such folder.');
  return found;
}

/** Where an upload goes: the folder asked for (in scope), or none for a group-wide user. */
export async function uploadFolder(
  db: Db,
  folderId: number | undefined,
  scope: Scope,
): Promise<number | null> {
  if (folderId) return (await folderInScope(db, folderId, scope)).id;
  if (!isGroupWide(scope)) throw unprocessable({ folder_id: ['Choose a folder.'] });
  return null;
}

export type Stored = { item: MediaItemRow; duplicate: boolean };

/**
 * Stores one uploaded file: refused with a sentence when it is not a file the library takes, else
 * its bytes under `media/<sha256>` and its item. The same bytes uploaded before answer the item
 * that holds them (brought back from the bin if it was there).
 */
export async function storeUpload(
  db: Db,
  blobs: BlobStore,
  queueRenditions: QueueRenditions,
  file: { name: string; mime?: string; bytes: Buffer },
  folderId: number | null,
): Promise<Stored | { error: string }> {
  const checked = await checkFile(file);
  if (!checked.ok) return { error: checked.error };
  const sha256 = sha256Of(file.bytes);
  const key = mediaKey(sha256);
  // Content-addressed: writing the same bytes twice, even at once, leaves one file.
  if (!(await blobs.exists(key))) await blobs.put(key, file.bytes, checked.mime);
  // The item and its renditions job are stored together: a new item always has its job.
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({
        name: file.name,
        mime: checked.mime,
        size: file.bytes.length,
        width: checked.width,
        height: checked.height,
        sha256,
        storageKey: key,
        folderId,
      })
      .onConflictDoNothing({ target: media.sha256 })
      .returning();
    if (row) await queueRenditions(row, tx as unknown as Db);
    return row;
  });
  if (inserted) return { item: { ...(await itemById(db, inserted.id)) }, duplicate: false };
  const [existing] = await db
    .update(media)
    .set({ deletedAt: null })
    .where(eq(media.sha256, sha256))
    .returning({ id: media.id });
  if (!existing) throw new Error('The item holding these bytes vanished.');
  return { item: await itemById(db, existing.id), duplicate: true };
}

async function itemById(db: Db, id: number): Promise<MediaItemRow> {
  const found = await findMedia(db, id, { brand_ids: [], dealership_ids: [] });
  if (!found) throw new Error(`No media item ${id}.`);
  return found;
}

/** Replaces an item's bytes, keeping its id and so every use; the old file goes once nothing holds it. */
export async function replaceFile(
  db: Db,
  blobs: BlobStore,
  queueRenditions: QueueRenditions,
  item: MediaItemRow,
  file: { name: string; mime?: string; bytes: Buffer },
): Promise<MediaItemRow> {
  const checked = await checkFile(file);
  if (!checked.ok) throw unprocessable({ file: [checked.error] });
  const sha256 = sha256Of(file.bytes);
  if (sha256 === item.sha256) return item;
  const [other] = await db.select({ name: media.name }).from(media).where(eq(media.sha256, sha256));
  if (other) throw unprocessable({ file: [`This file is already in the library as ${other.name}.`] });
  const key = mediaKey(sha256);
  await blobs.put(key, file.bytes, checked.mime);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(media)
        .set({
          name: file.name,
          mime: checked.mime,
          size: file.bytes.length,
          width: checked.width,
          height: checked.height,
          sha256,
          storageKey: key,
          updatedAt: new Date(),
        })
        .where(eq(media.id, item.id))
        .returning();
      if (row) await queueRenditions(row, tx as unknown as Db);
    });
  } catch (error) {
    // Another upload took these bytes meanwhile: nothing changed here.
    if ((error as { code?: string }).code === '23505') {
      throw unprocessable({ file: ['This file is already in the library.'] });
    }
    throw error;
  }
  await blobs.delete(item.storageKey);
  return itemById(db, item.id);
}

/** The items of `ids` the scope reaches, in the bin or not; 404 when any is out of reach. */
async function reachable(db: Db, ids: number[], scope: Scope, binned: boolean) {
  const rows = await db
    .select(mediaItemColumns)
    .from(media)
    .where(
      and(
        inArray(media.id, ids),
        mediaScope(scope),
        binned ? isNotNull(media.deletedAt) : isNull(media.deletedAt),
      ),
    );
  if (rows.length !== new Set(ids).size)
    throw notFound(binned ? 'No such item in the bin.' : 'No such item.');
  return rows.map(({ row, usesCount }) => ({ ...row, usesCount }));
}

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;
const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export async function binItems(db: Db, ids: number[], scope: Scope): Promise<string> {
  const rows = await reachable(db, ids, scope, false);
  await db.update(media).set({ deletedAt: new Date() }).where(inArray(media.id, ids));
  const uses = rows.reduce((sum, row) => sum + row.usesCount, 0);
  return uses > 0
    ? `Moved ${items(rows.length)} to the bin; still used in ${places(uses)}.`
    : `Moved ${items(rows.length)} to the bin.`;
}

export async function restoreItems(db: Db, ids: number[], scope: Scope): Promise<string> {
  const rows = await reachable(db, ids, scope, true);
  await db.update(media).set({ deletedAt: null }).where(inArray(media.id, ids));
  return `Restored ${items(rows.length)}.`;
}

/** Deletes binned items and their files for good, none of them while anything still uses it. */
export async function deleteForever(db: Db, blobs: BlobStore, ids: number[], scope: Scope): Promise<string> {
  const keys = await db.transaction(async (tx) => {
    const rows = await reachable(tx as unknown as Db, ids, scope, true);
    // Locks the items' uses, so a save that adds one waits and then finds the item gone.
    await tx.execute(sql`select 1 from ${media} where ${inArray(media.id, ids)} for update`);
    const used = await tx
      .select({ id: mediaUses.mediaId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(mediaUses)
      .where(inArray(mediaUses.mediaId, ids))
      .groupBy(mediaUses.mediaId);
    if (used.length > 0) {
      const names = new Map(rows.map((row) => [row.id, row.name]));
      throw unprocessable({
        ids: used.map((u) => `${names.get(u.id)} is still used in ${places(u.n)}.`),
      });
    }
    await tx.delete(media).where(inArray(media.id, ids));
    return rows.map((row) => row.storageKey);
  });
  for (const key of keys) await blobs.delete(key);
  return `Deleted ${items(keys.length)} for good.`;
}
