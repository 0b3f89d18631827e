import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isGroupWide, type Scope } from '@/shared/access';

/**
 * Where the rows of a table belong, as SQL over the row: the brand it is under and, for the rows
 * that are a dealership's, the dealership. An area whose records are the group's own (templates)
 * names neither, and only group-wide users see it.
 */
export interface OwnerColumns {
  brand?: PgColumn | SQL;
  dealership?: PgColumn | SQL;
}

/** A list of ids as the `'{1,2}'::int[]` text the statements bind (one value, any length). */
export const intArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The placeholders a prepared statement binds the scope through (see `scopeValues`). */
export const scopePlaceholders = {
  brands: sql.placeholder('scope_brands'),
  dealerships: sql.placeholder('scope_dealerships'),
};

/** The values for `scopePlaceholders`. */
export function scopeValues(scope: Scope): { scope_brands: string; scope_dealerships: string } {
  return { scope_brands: intArray(scope.brand_ids), scope_dealerships: intArray(scope.dealership_ids) };
}

/**
 * The condition a scoped user's rows meet: owned by one of their brands or one of their
 * dealerships. A group-level row (both null) meets neither; a table with no owner columns has
 * only group-level rows. `brands`/`dealerships` are the bound lists (values or placeholders).
 */
function owned(owner: OwnerColumns, brands: SQL | unknown, dealerships: SQL | unknown): SQL {
  const parts: SQL[] = [];
  if (owner.brand) parts.push(sql`${owner.brand} = any(${brands}::int[])`);
  if (owner.dealership) parts.push(sql`${owner.dealership} = any(${dealerships}::int[])`);
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * `column = any(ids)`, the ids as one array parameter (drizzle would spread a JS array into a list
 * of parameters). One id is written `column = id`: PostgreSQL before 17 cannot walk an index in
 * order under `= any(...)`, and a page of the newest rows would be sorted instead.
 */
function oneOf(column: PgColumn | SQL, ids: readonly number[]): SQL {
  if (ids.length === 1) return sql`${column} = ${Math.trunc(ids[0]!)}`;
  return sql`${column} = any(${intArray(ids)}::int[])`;
}

/**
 * The scope as a WHERE condition on a table's rows; undefined for a group-wide user, whose
 * statements stay exactly as they are. An arm whose list is empty matches nothing and is left
 * out, so a scope of dealerships alone (or brands alone) is one indexed condition the planner can
 * walk in order.
 */
export function inScope(scope: Scope, owner: OwnerColumns): SQL | undefined {
  if (isGroupWide(scope)) return undefined;
  const arms: SQL[] = [];
  if (owner.brand && scope.brand_ids.length > 0) arms.push(oneOf(owner.brand, scope.brand_ids));
  if (owner.dealership && scope.dealership_ids.length > 0)
    arms.push(oneOf(owner.dealership, scope.dealership_ids));
  if (arms.length === 0) return sql`false`;
  return arms.length === 1 ? arms[0] : sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * The scope as one equality per owner id (`brand_id = 3`, `dealership_id = 7`, ...), whose OR is
 * `inScope`: each arm alone walks an `(..., owner, id)` index in order, where their OR (or one
 * `= any(...)`) reads every row in scope and sorts them. Undefined for a group-wide user.
 */
export function ownerArms(scope: Scope, owner: OwnerColumns): SQL[] | undefined {
  if (isGroupWide(scope)) return undefined;
  const arms = (column: PgColumn | SQL | undefined, ids: readonly number[]) =>
    column ? ids.map((id) => sql`${column} = ${Math.trunc(id)}`) : [];
  return [...arms(owner.brand, scope.brand_ids), ...arms(owner.dealership, scope.dealership_ids)];
}

/** Where a stored row belongs: a dealership with its brand, a brand alone, or the group (both null). */
export interface RowOwner {
  brandId: number | null;
  dealershipId: number | null;
}

export const GROUP_OWNED: RowOwner = { brandId: null, dealershipId: null };

/** As `inScope`, through `scopePlaceholders`, for a statement prepared once for every scoped user. */
export function inBoundScope(owner: OwnerColumns): SQL {
  return owned(owner, scopePlaceholders.brands, scopePlaceholders.dealerships);
}
