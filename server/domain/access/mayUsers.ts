import { type SQL, sql } from 'drizzle-orm';
import type { AccessAction, AccessArea } from '@/shared/access';
import type { OwnerColumns } from './scope';

/**
 * The one rule (`can` in `src/shared/access.ts`) as a condition over a users row `u` and its role
 * `ro`, for statements that pick the people a record concerns: a live user whose role allows
 * `action` in `area` and whose scope reaches a record owned as `owner` (both scope lists empty:
 * the whole group; otherwise one of their brands or dealerships owns it, so a group-level record
 * reaches only group-wide users).
 */
export function userMay(action: AccessAction, area: AccessArea, owner: OwnerColumns): SQL {
  const reaches: SQL[] = [
    sql`(cardinality(u.scope_brand_ids) = 0 and cardinality(u.scope_dealership_ids) = 0)`,
  ];
  if (owner.brand) reaches.push(sql`${owner.brand} = any(u.scope_brand_ids)`);
  if (owner.dealership) reaches.push(sql`${owner.dealership} = any(u.scope_dealership_ids)`);
  return sql`(u.deleted_at is null
    and coalesce(ro.permissions->${area}::text, '[]'::jsonb) @> jsonb_build_array(${action}::text)
    and (${sql.join(reaches, sql` or `)}))`;
}
