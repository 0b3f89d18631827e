import { and, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Scope, scopeWithin } from '@/shared/access';
import type { Db } from '../../db/open';
import { brands } from '../../db/schema/brands';
import { dealerships } from '../../db/schema/dealerships';
import { readTogether } from '../transaction';

/** The brands and dealerships a scope names, as read for a grant: each with its name. */
export interface ScopeChoices {
  brands: { id: number; name: string }[];
  dealerships: { id: number; name: string; brandId: number | null }[];
  /** Which lists name something that may not be chosen: missing, or in the bin and not already held. */
  refused: { brands: boolean; dealerships: boolean };
}

/** Active rows, or rows the record already holds (which may be in the bin). */
function choosable(id: PgColumn, deletedAt: PgColumn, held: number[]): SQL | undefined {
  return held.length ? or(isNull(deletedAt), inArray(id, held)) : isNull(deletedAt);
}

/**
 * Reads the brands and dealerships of a scope being given to a record (a user, a webhook). Each must
 * exist and be out of the bin, except those the record already `held`: a brand or dealership that
 * went to the bin, or was deleted forever, stays in the scopes naming it (there it matches
 * nothing) and is kept when the record is saved unchanged. Taking it out would leave a scope of
 * that brand alone empty, which is the whole group.
 */
export async function readScopeChoices(db: Db, wanted: Scope, held: Scope): Promise<ScopeChoices> {
  const [foundBrands, foundDealerships] = await readTogether(db, [
    async () =>
      wanted.brand_ids.length
        ? db
            .select({ id: brands.id, name: brands.name })
            .from(brands)
            .where(
              and(
                inArray(brands.id, wanted.brand_ids),
                choosable(brands.id, brands.deletedAt, held.brand_ids),
              ),
            )
        : [],
    async () =>
      wanted.dealership_ids.length
        ? db
            .select({ id: dealerships.id, name: dealerships.name, brandId: dealerships.brandId })
            .from(dealerships)
            .where(
              and(
                inArray(dealerships.id, wanted.dealership_ids),
                choosable(dealerships.id, dealerships.deletedAt, held.dealership_ids),
              ),
            )
        : [],
  ]);
  const allKnown = (ids: number[], found: { id: number }[], kept: number[]) =>
    ids.every((id) => kept.includes(id) || found.some((row) => row.id === id));
  return {
    brands: foundBrands,
    dealerships: foundDealerships,
    refused: {
      brands: !allKnown(wanted.brand_ids, foundBrands, held.brand_ids),
      dealerships: !allKnown(wanted.dealership_ids, foundDealerships, held.dealership_ids),
    },
  };
}

/**
 * Whether a scope lies within the giver's: what the record already holds counts as within (it was
 * checked when given, and a dealership deleted forever no longer names its brand).
 */
export function choicesWithin(own: Scope, wanted: Scope, held: Scope, choices: ScopeChoices): boolean {
  const brandOf = new Map(choices.dealerships.map((d) => [d.id, d.brandId]));
  const newOnes: Scope = {
    brand_ids: wanted.brand_ids.filter((id) => !held.brand_ids.includes(id)),
    dealership_ids: wanted.dealership_ids.filter((id) => !held.dealership_ids.includes(id)),
  };
  // Nothing new in a scope that names something is within; an empty scope is the whole group.
  const named = wanted.brand_ids.length + wanted.dealership_ids.length > 0;
  if (named && newOnes.brand_ids.length + newOnes.dealership_ids.length === 0) return true;
  return scopeWithin(own, named ? newOnes : wanted, (id) => brandOf.get(id) ?? null);
}
