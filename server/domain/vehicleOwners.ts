import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { dealerships, vehicleDealers } from '../db/schema/dealerships';
import { vehicles } from '../db/schema/vehicles';
import type { RowOwner } from './access/scope';

/**
 * Where the reservations of these registrations belong (issue #25): the dealership of the vehicle
 * in stock with that registration (compared in upper case), and that dealership's brand. The stock
 * row names its dealership by text: a dealership of exactly that name, else the dealership linked
 * to the stock feed's dealer of that name; of several, one not in the bin first, then the oldest.
 * A registration with no stock row, or a stock row whose dealership is unknown, is left out: its
 * reservation belongs to the group. Migration 0023 attributes the reservations stored before it
 * by the same rule. Keyed by the registration in upper case.
 */
export async function ownersOfVehicles(
  db: Db,
  registrations: readonly string[],
): Promise<Map<string, RowOwner>> {
  const wanted = [...new Set(registrations.map((r) => r.toUpperCase()))];
  if (wanted.length === 0) return new Map();
  const list = `{${wanted.map((r) => `"${r.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  const result = (await db.execute(sql`
    with stock as (
      select upper(v.registration) as registration, v.dealership from ${vehicles} v
      where upper(v.registration) = any(${list}::text[])
    )
    select distinct on (registration) registration, dealership_id, brand_id from (
      select s.registration, d.id as dealership_id, d.brand_id, 0 as via, d.deleted_at
        from stock s join ${dealerships} d on d.name = s.dealership
      union all
      select s.registration, d.id, d.brand_id, 1, d.deleted_at
        from stock s
        join ${vehicleDealers} f on f.name = s.dealership
        join ${dealerships} d on d.vehicles_dealer_id = f.id
    ) as found
    order by registration, via, deleted_at nulls first, dealership_id
  `)) as unknown as { rows: Array<{ registration: string; dealership_id: number; brand_id: number | null }> };
  return new Map(
    result.rows.map((row) => [row.registration, { brandId: row.brand_id, dealershipId: row.dealership_id }]),
  );
}
