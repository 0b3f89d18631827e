import { sql } from 'drizzle-orm';
import { slugify } from '@/shared/slug';
import type { Db } from '../../db/open';
import type { TreeKind } from './lists';
import { rowsOf } from './transaction';

export const HOMEPAGE = '/';

/** The part of a slug a name gives, never empty. */
export function slugPart(name: string, fallback: string): string {
  return slugify(name).slice(0, 120).replace(/-+$/, '') || fallback;
}

/** Children's slugs follow the parent's; the homepage's children start afresh at the top. */
export function childSlug(parentSlug: string | null, part: string): string {
  return parentSlug === null || parentSlug === HOMEPAGE ? part : `${parentSlug}/${part}`;
}

/**
 * The first of `base`, `base-2`, `base-3`... that no other live page of the kind uses. Checked a
 * batch at a time through the unique (kind, slug) index; the index still decides a race, and the
 * tree transaction retries then.
 */
export async function freeSlug(db: Db, kind: TreeKind, base: string, exceptId?: number): Promise<string> {
  for (let start = 1; ; start += 25) {
    const candidates = Array.from({ length: 25 }, (_, i) =>
      start + i === 1 ? base : `${base}-${start + i}`,
    );
    const result = await db.execute(sql`
      select slug from pages
      where kind = ${kind} and deleted_at is null and slug = any(${`{${candidates.map((c) => `"${c}"`).join(',')}}`}::text[])
        ${exceptId ? sql`and id <> ${exceptId}` : sql``}`);
    const taken = new Set(rowsOf<{ slug: string }>(result).map((r) => r.slug));
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
  }
}
