import { type SQL, sql } from 'drizzle-orm';
import type { ActivityAction, ActivityArea } from '@/api/contract/activity';
import type { HistoryArea, RevisionAction } from '@/api/contract/history';
import type { Db } from '../../db/open';
import { activity } from '../../db/schema/history';
import { emitChange } from '../webhooks/outbox';
import { type Actor, currentActor } from './actor';
import { historyStore, serverAreas } from './areas';
import { currentRetention, prune } from './retention';
import { recordKey, sourceOf } from './rows';

/** One change for the activity log. */
export interface Change {
  area: ActivityArea;
  action: ActivityAction;
  /** The record changed, named as it is now; none for a change of many (a sort) or none (a sign-in). */
  record?: { id: number; name: string } | null;
  detail?: string | null;
  /** Who, where the change is not made by the signed-in user of the call (a sign-in). */
  actor?: Actor | null;
  revisionId?: number | null;
}

/** Where the changed record belongs, read in the change's statement; null for the group's own. */
function ownerOf(
  area: ActivityArea,
  id: SQL,
): { brand: SQL<number | null>; dealership: SQL<number | null> } | null {
  const owner = serverAreas[area].owner?.(id);
  return owner ? { brand: sql`${owner.brand}`, dealership: sql`${owner.dealership}` } : null;
}

/**
 * Writes one activity entry in `tx`, the transaction of the change itself: the entry commits with
 * the change or not at all.
 */
export async function recordChange(tx: Db, change: Change): Promise<void> {
  const who = change.actor === undefined ? currentActor() : change.actor;
  const owner = change.record ? ownerOf(change.area, sql`${change.record.id}::int`) : null;
  await tx.insert(activity).values({
    brandId: owner?.brand ?? null,
    dealershipId: owner?.dealership ?? null,
    userId: who?.id ?? null,
    userName: who?.name ?? null,
    area: change.area,
    action: change.action,
    recordId: change.record?.id ?? null,
    recordName: change.record?.name ?? null,
    revisionId: change.revisionId ?? null,
    detail: change.detail ?? null,
  });
  await emitChange(tx, change.area, change.action, change.record?.id ?? null);
}

/**
 * Stores the record as it now is in `tx` as a revision, with its activity entry, in one statement
 * (the row is read, split and written inside PostgreSQL), then prunes what retention no longer
 * keeps once the record has more revisions than it always keeps. Blocks go to `revision_blocks`
 * once per distinct block, so a save that edits one block of three hundred adds one. Call it
 * after the write, in its transaction.
 */
export async function recordRevision(
  tx: Db,
  area: HistoryArea,
  action: RevisionAction,
  id: number | null,
  detail: string | null = null,
): Promise<number> {
  const record = recordKey(area, id);
  const one = historyStore(area).one;
  const who = currentActor();
  const userId = sql`${who?.id ?? null}::int`;
  const userName = sql`${who?.name ?? null}::text`;
  const name = one ? sql`${one.name}::text` : sql`src.row->>'name'`;
  const recordId = one ? sql`null::int` : sql`${Number(id)}::int`;
  const owner = one ? null : ownerOf(area, recordId);
  const result = await tx.execute(sql`
    with src as (
      select to_jsonb(r) as row, jsonb_typeof(to_jsonb(r)->'items') = 'array' as has_items
      from (${sourceOf(area, record)}) r
    ),
    b as (
      select e, md5(e::text)::uuid as h, o
      from src, jsonb_array_elements(case when src.has_items then src.row->'items' else '[]'::jsonb end)
        with ordinality as t(e, o)
    ),
    kept as (
      insert into revision_blocks (area, record, hash, body)
      -- A block that repeats within the page conflicts with its own first copy and is skipped.
      select ${area}, ${record}, h, e from b
      on conflict do nothing
    ),
    rev as (
      insert into revisions (area, record, action, user_id, user_name, data, blocks)
      select ${area}, ${record}, ${action}, ${userId}, ${userName},
        case when src.has_items then src.row - 'items' else src.row end,
        case when src.has_items then coalesce((select array_agg(h order by o) from b), '{}'::uuid[]) end
      from src
      returning id
    ),
    logged as (
      insert into activity (user_id, user_name, area, action, record_id, record_name, revision_id, detail, brand_id, dealership_id)
      select ${userId}, ${userName}, ${area}, ${action}, ${recordId}, ${name}, rev.id, ${detail}::text,
        ${owner?.brand ?? sql`null::int`}, ${owner?.dealership ?? sql`null::int`}
      from rev, src
    )
    select rev.id, (select count(*) from revisions where area = ${area} and record = ${record})::int as before
    from rev`);
  const [row] = (result as { rows?: { id: number | string; before: number | string }[] }).rows ?? [];
  if (!row) throw new Error(`no ${area} record ${record} to keep a revision of`);
  await emitChange(tx, area, action, one ? null : Number(id));
  // The statement saw the revisions from before it: with the new one, is there anything to drop?
  if (Number(row.before) + 1 > currentRetention().keepLast) await prune(tx, area, record);
  return Number(row.id);
}
