import { sql } from 'drizzle-orm';
import type { ActivityAction, ActivityArea } from '@/api/contract/activity';
import type { HistoryArea, RevisionAction } from '@/api/contract/history';
import type { Db } from '../../db/open';
import { activity } from '../../db/schema';
import { type Actor, currentActor } from './actor';
import { prune } from './retention';
import { loadRow, nameOf, SETTINGS_KEY } from './rows';

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

/**
 * Writes one activity entry in `tx`, the transaction of the change itself: the entry commits with
 * the change or not at all.
 */
export async function recordChange(tx: Db, change: Change): Promise<void> {
  const who = change.actor === undefined ? currentActor() : change.actor;
  await tx.insert(activity).values({
    userId: who?.id ?? null,
    userName: who?.name ?? null,
    area: change.area,
    action: change.action,
    recordId: change.record?.id ?? null,
    recordName: change.record?.name ?? null,
    revisionId: change.revisionId ?? null,
    detail: change.detail ?? null,
  });
}

/**
 * Stores the record as it now is in `tx` as a revision, with its activity entry, and prunes the
 * revisions retention no longer keeps. Blocks go to `revision_blocks` once per distinct block, so
 * a save that edits one block of three hundred adds one. Call it after the write, in its transaction.
 */
export async function recordRevision(
  tx: Db,
  area: HistoryArea,
  action: RevisionAction,
  id: number | null,
  detail: string | null = null,
): Promise<number> {
  const record = area === 'settings' ? SETTINGS_KEY : String(id);
  const row = await loadRow(tx, area, record);
  if (!row) throw new Error(`no ${area} record ${record} to keep a revision of`);
  const who = currentActor();
  const { items, ...rest } = row;
  const blocks = Array.isArray(items) ? JSON.stringify(items) : null;
  const result = await tx.execute(sql`
    with b as (
      select e, md5(e::text)::uuid as h, o
      from jsonb_array_elements(coalesce(${blocks}::jsonb, '[]'::jsonb)) with ordinality as t(e, o)
    ),
    kept as (
      insert into revision_blocks (area, record, hash, body)
      select distinct on (h) ${area}, ${record}, h, e from b
      on conflict do nothing
    )
    insert into revisions (area, record, action, user_id, user_name, data, blocks)
    values (
      ${area}, ${record}, ${action}, ${who?.id ?? null}, ${who?.name ?? null}, ${JSON.stringify(rest)}::jsonb,
      case when ${blocks}::jsonb is null then null
        else coalesce((select array_agg(h order by o) from b), '{}'::uuid[]) end
    )
    returning id`);
  const revisionId = Number(((result as { rows?: { id: number | string }[] }).rows ?? [])[0]?.id);
  await prune(tx, area, record);
  await recordChange(tx, {
    area,
    action,
    record: area === 'settings' ? null : { id: Number(id), name: nameOf(area, row) },
    revisionId,
    detail,
  });
  return revisionId;
}
