import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PageItem } from '@/api/contract/blocks';
import type { Scope } from '@/shared/access';
import { type MediaRef, mediaIdsOf, mediaRefsOf } from '@/shared/mediaRefs';
import type { FieldErrors } from '@/shared/schema';
import type { Db } from '../../db/open';
import { type MediaUseArea, media, mediaUses } from '../../db/schema/media';
import { invalid } from '../../http/errors';
import { readItems } from '../blocks';
import { mediaScope } from './items';
import { setMediaUses } from './uses';

export const UNKNOWN_MEDIA = 'This image is not in the library. Pick another.';
export const BINNED_MEDIA = 'This image is in the library’s bin. Restore it or pick another.';
export const MEDIA_OUT_OF_SCOPE = 'Pick an image from a folder you work with.';

/** What a save's blocks are checked and recorded from: its items and page-wide fields. */
export interface BlockValues {
  items: readonly PageItem[];
  configurables?: Record<string, { fields?: unknown }> | undefined;
}

interface Known {
  id: number;
  alt: string | null;
  decorative: boolean;
  name: string;
  binned: boolean;
  reachable: boolean;
}

async function knownItems(tx: Db, ids: number[], scope: Scope): Promise<Map<number, Known>> {
  if (ids.length === 0) return new Map();
  const reach = mediaScope(scope);
  const rows = await tx
    .select({
      id: media.id,
      alt: media.alt,
      decorative: media.decorative,
      name: media.name,
      binned: sql<boolean>`${media.deletedAt} is not null`,
      reachable: reach ? sql<boolean>`coalesce(${reach}, false)` : sql<boolean>`true`,
    })
    .from(media)
    .where(inArray(media.id, ids))
    // A delete for good waits for this save (and then sees its use), or this save for it (and then
    // finds the item gone): never a use of an item that is no longer there.
    .for('key share');
  return new Map(
    rows.map((row) => [row.id, { ...row, binned: Boolean(row.binned), reachable: Boolean(row.reachable) }]),
  );
}

/** The first error of each field path. */
function addError(errors: FieldErrors, ref: FieldMedia, message: string) {
  errors[ref.path] ??= message;
}

/** A library item a record refers to, by the field path its error goes under. */
export interface FieldMedia {
  path: string;
  media_id: number;
}

/**
 * Checks the library items a record saves and records them as its uses, in the save's transaction.
 * An id the library does not hold (or holds only in its bin) is refused, and so is an item outside
 * the writer's scope, unless the record already used it (someone with a wider scope placed it, and
 * it may stay): 422 under each field's path. Answers the items as checked; `record: false` only
 * checks (a validation call).
 */
export async function saveFieldMedia(
  tx: Db,
  area: MediaUseArea,
  recordId: number,
  refs: readonly FieldMedia[],
  scope: Scope,
  options: { record?: boolean } = {},
): Promise<Map<number, Known>> {
  const ids = [...new Set(refs.map((ref) => ref.media_id))];
  const before = new Set(
    (
      await tx
        .select({ id: mediaUses.mediaId })
        .from(mediaUses)
        .where(and(eq(mediaUses.area, area), eq(mediaUses.recordId, recordId)))
    ).map((row) => row.id),
  );
  const items = await knownItems(tx, ids, scope);
  const errors: FieldErrors = {};
  for (const ref of refs) {
    const item = items.get(ref.media_id);
    const kept = before.has(ref.media_id);
    if (!item) addError(errors, ref, UNKNOWN_MEDIA);
    else if (item.binned && !kept) addError(errors, ref, BINNED_MEDIA);
    else if (!item.reachable && !kept) addError(errors, ref, MEDIA_OUT_OF_SCOPE);
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  if (options.record !== false) await setMediaUses(tx, area, recordId, ids);
  return items;
}

/** Checks the library images a page, form or template saves and records them as its uses (saveFieldMedia). */
export async function saveBlockMedia(
  tx: Db,
  area: MediaUseArea,
  recordId: number,
  values: BlockValues,
  scope: Scope,
): Promise<{ refs: MediaRef[]; items: Map<number, Known> }> {
  const refs = mediaRefsOf(values);
  return { refs, items: await saveFieldMedia(tx, area, recordId, refs, scope) };
}

/** Images that say nothing to a reader who cannot see them: no alt text here or on the item, not decorative. */
export function undescribed(refs: readonly MediaRef[], items: ReadonlyMap<number, Known>) {
  return refs.flatMap((ref) => {
    const item = items.get(ref.media_id);
    if (!item || ref.alt?.trim() || item.alt?.trim() || item.decorative) return [];
    return [{ ref, name: item.name }];
  });
}

export const describeMessage = (names: readonly string[]) =>
  `Describe ${names.length === 1 ? 'this image' : 'these images'} before publishing (alt text, or mark ${
    names.length === 1 ? 'it' : 'them'
  } decorative): ${names.join(', ')}.`;

/**
 * Refuses to publish images without a text alternative: 422 with each field that holds one
 * ('Add alt text to hero.jpg, or mark it decorative.') and the list of them in the message.
 */
export function requireDescribed(refs: readonly MediaRef[], items: ReadonlyMap<number, Known>): void {
  const missing = undescribed(refs, items);
  if (missing.length === 0) return;
  const errors: FieldErrors = {};
  for (const { ref } of missing) {
    const named = missing.filter((m) => m.ref.path === ref.path).map((m) => m.name);
    errors[ref.path] ??=
      `Add alt text to ${named.join(', ')}, or mark ${named.length === 1 ? 'it' : 'them'} decorative.`;
  }
  throw invalid(errors, describeMessage([...new Set(missing.map((m) => `${m.name} (${m.ref.where})`))]));
}

/** Checks and records a save's images; one that leaves the record published must describe them. */
export async function saveRecordImages(
  tx: Db,
  area: MediaUseArea,
  recordId: number,
  values: BlockValues & { published?: number },
  scope: Scope,
): Promise<void> {
  const images = await saveBlockMedia(tx, area, recordId, values, scope);
  if (values.published === 1) requireDescribed(images.refs, images.items);
}

/** Checks a stored record's images before it is published, without saving it. */
export async function requireDescribedStored(
  tx: Db,
  stored: { items: unknown; configurables: unknown },
  scope: Scope,
): Promise<void> {
  const refs = mediaRefsOf({
    items: readItems(Array.isArray(stored.items) ? stored.items : []),
    configurables: stored.configurables as BlockValues['configurables'],
  });
  requireDescribed(refs, await knownItems(tx, mediaIdsOf(refs), scope));
}
