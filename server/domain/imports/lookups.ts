import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Scope, wholeGroup } from '@/shared/access';
import type { Db } from '../../db/open';
import { brands } from '../../db/schema/brands';
import { dealerships } from '../../db/schema/dealerships';
import type { ImportKind } from '../../db/schema/jobs';
import { pages } from '../../db/schema/pages';
import { brandsLifecycle } from '../brands';
import { dealershipsLifecycle } from '../dealerships';
import { scopeOn } from '../lifecycle';
import { pageInScope } from '../pages/scope';
import type { DealershipInfo, ImportLookups } from './provider';

export interface ExistingPage {
  id: number;
  name: string;
  isAllowedChildren: boolean;
}

/** Reads an import needs besides the providers': parent pages by slug and names already taken. */
export interface TreeLookups {
  /** A live page by its slug ('about-us/team', with or without slashes around it). */
  page(slug: string): Promise<ExistingPage | null>;
  /** Whether a live page (or form) of that name already sits under the parent. */
  nameTaken(kind: ImportKind, parentId: number | null, name: string): Promise<boolean>;
}

/**
 * Lookups for one run, each answer kept: a sheet names the same brand or parent many times. With
 * the importer's scope, only the brands, dealerships and pages in it are found (the places they
 * may write; the rest read as not there).
 */
export function createLookups(db: Db, scope: Scope = wholeGroup): ImportLookups & TreeLookups {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!cache.has(key)) cache.set(key, read());
    return cache.get(key) as Promise<T>;
  };
  return {
    brand: (text) =>
      once(`brand:${text.toLowerCase()}`, async () => {
        const value = text.trim().toLowerCase();
        const [row] = await db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(
            and(
              isNull(brands.deletedAt),
              sql`(lower(${brands.slug}) = ${value} or lower(${brands.name}) = ${value})`,
              scopeOn(brandsLifecycle, scope),
            ),
          )
          .orderBy(brands.id)
          .limit(1);
        return row ?? null;
      }),
    dealership: (slug) =>
      once(`dealership:${slug.toLowerCase()}`, async (): Promise<DealershipInfo | null> => {
        const [row] = await db
          .select({ dealership: dealerships, brandName: brands.name })
          .from(dealerships)
          .leftJoin(brands, and(eq(brands.id, dealerships.brandId), isNull(brands.deletedAt)))
          .where(
            and(
              isNull(dealerships.deletedAt),
              sql`lower(${dealerships.slug}) = ${slug.trim().toLowerCase()}`,
              scopeOn(dealershipsLifecycle, scope),
            ),
          )
          .limit(1);
        if (!row) return null;
        const d = row.dealership;
        return {
          name: d.name,
          brandId: row.brandName === null ? null : d.brandId,
          brandName: row.brandName,
          email: d.email,
          telephone: d.telephone,
          address: d.address,
          openingTimes: d.openingTimes,
          live: d.publishedAt !== null,
        };
      }),
    page: (slug) =>
      once(`page:${slug.toLowerCase()}`, async () => {
        const trimmed = slug.trim().toLowerCase();
        const value = trimmed === '/' ? '/' : trimmed.replace(/^\/+|\/+$/g, '');
        const [row] = await db
          .select({ id: pages.id, name: pages.name, isAllowedChildren: pages.isAllowedChildren })
          .from(pages)
          .where(
            and(eq(pages.kind, 'page'), eq(pages.slug, value), isNull(pages.deletedAt), pageInScope(scope)),
          )
          .limit(1);
        return row ?? null;
      }),
    // Not cached: asked again inside the import's transaction, where the answer must be current.
    nameTaken: (kind, parentId, name) => nameTaken(db, kind, parentId, name),
  };
}

/** Whether a live page (or form) of that name already sits under the parent (or at the top level). */
export async function nameTaken(
  db: Db,
  kind: ImportKind,
  parentId: number | null,
  name: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(
      and(
        eq(pages.kind, kind),
        parentId === null ? isNull(pages.parentId) : eq(pages.parentId, parentId),
        sql`lower(${pages.name}) = ${name.trim().toLowerCase()}`,
        isNull(pages.deletedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Which of these names are taken, as `parentId|lower-case name` (parentId empty for the top level): one statement. */
export async function takenNames(db: Db, kind: ImportKind, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const wanted = [...new Set(names.map((name) => name.trim().toLowerCase()))];
  const rows = await db
    .select({ parentId: pages.parentId, name: pages.name })
    .from(pages)
    .where(
      and(
        eq(pages.kind, kind),
        isNull(pages.deletedAt),
        sql`lower(${pages.name}) in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`,
      ),
    );
  return new Set(rows.map((row) => `${row.parentId ?? ''}|${row.name.trim().toLowerCase()}`));
}
