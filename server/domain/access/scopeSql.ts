import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isGroupWide, type Scope } from '@/shared/access';

/**
 * `column = any(ids)`, the ids as one array parameter (drizzle would spread a JS array into a list
 * of parameters). One id is written `column = id`: PostgreSQL before 17 cannot walk an index in
 * order under `= any(...)`, and a page of the newest rows would be sorted instead.
 */
function oneOf(column: PgColumn | SQL, ids: readonly number[]): SQL {
  if (ids.length === 1) return sql`${column} = ${Math.trunc(ids[0]!)}`;
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}

/** Where a stored row belongs: a dealership with its brand, a brand alone, or the group (both null). */
export interface RowOwner {
  brandId: number | null;
  dealershipId: number | null;
}

export const GROUP_OWNED: RowOwner = { brandId: null, dealershipId: null };

/** Where a table stores its rows' owner (issue #25): a brand, a dealership (with its brand), or neither. */
export interface OwnerColumns {
  brandId: PgColumn | SQL;
  dealershipId: PgColumn | SQL;
}

/**
 * The scope rule as a condition on rows that store their owner (issue #25):
 * `brand_id = any(brands) or dealership_id = any(dealerships)`. Group-level rows (both null) match
 * neither arm. A group-wide scope gives no condition at all (undefined), so its statements stay
 * exactly as they were. An arm whose list is empty matches nothing and is left out, so a scope of
 * dealerships alone (or brands alone) is one indexed condition the planner can walk in order.
 */
export function inScope(scope: Scope, owner: OwnerColumns): SQL | undefined {
  if (isGroupWide(scope)) return undefined;
  const arms: SQL[] = [];
  if (scope.brand_ids.length > 0) arms.push(oneOf(owner.brandId, scope.brand_ids));
  if (scope.dealership_ids.length > 0) arms.push(oneOf(owner.dealershipId, scope.dealership_ids));
  return arms.length === 1 ? arms[0] : sql`(${sql.join(arms, sql` or `)})`;
}
