import { type SQL, sql } from 'drizzle-orm';
import type { ActivityAction, ActivityArea } from '@/api/contract/activity';
import type { WebhookEventType } from '@/api/contract/webhooks';
import type { Db } from '../../db/open';
import { serverAreas } from '../history/areas';
import { enqueueWithin } from '../jobs';

/** The queue whose job sends an endpoint's waiting deliveries, one at a time, in order. */
export const WEBHOOK_SEND_QUEUE = 'webhook-send';

export interface WebhookSendJob {
  webhookId: number;
}

/**
 * Asks for an endpoint's waiting deliveries to be sent (now, or at `startAfter`), through `within`:
 * in a change's transaction the job exists exactly when the change does. One job waits per
 * endpoint; asking again while it waits changes nothing.
 */
export async function kickEndpoint(within: Db, webhookId: number, startAfter?: Date): Promise<void> {
  await enqueueWithin<WebhookSendJob>(
    within,
    WEBHOOK_SEND_QUEUE,
    { webhookId },
    { key: String(webhookId), ...(startAfter ? { startAfter } : {}) },
  );
}

/** What an event says, besides its type: the records (ids), the site paths, anything else. */
export interface EventContent {
  type: WebhookEventType;
  /** Where the record belongs (null, null: the group's own); only endpoints whose scope reaches it hear it. */
  owner: { brand: SQL | number | null; dealership: SQL | number | null };
  ids?: SQL | readonly number[];
  /** Page events: the site paths to revalidate. */
  paths?: SQL | readonly string[];
  data?: Record<string, unknown>;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map(Math.trunc).join(',')}}`}::int[]`;
const textArray = (items: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;
const asSql = <T>(value: SQL | readonly T[] | undefined, of: (v: readonly T[]) => SQL, empty: SQL) =>
  value === undefined ? empty : Array.isArray(value) ? of(value as readonly T[]) : (value as SQL);
const merged = (column: string) =>
  sql.raw(
    `(select coalesce(array_agg(distinct x order by x), '{}') from unnest(coalesce(webhook_events.${column}, '{}') || coalesce(excluded.${column}, '{}')) x)`,
  );

/**
 * Writes an event in `tx`, the transaction of the change, when an enabled endpoint wants its type.
 * Events of one transaction, type and owner are one event (a sort, an import, a subtree: every id
 * and path once). A new event gets one delivery per endpoint that wants it and whose scope
 * reaches its owner, each numbered after that endpoint's last (the endpoint's row is locked until
 * the transaction ends, so the numbers follow the order of the commits), and each endpoint a job.
 */
export async function emitEvent(tx: Db, event: EventContent): Promise<void> {
  const brand = event.owner.brand === null ? sql`null::int` : sql`${event.owner.brand}::int`;
  const dealership = event.owner.dealership === null ? sql`null::int` : sql`${event.owner.dealership}::int`;
  const ids = asSql(event.ids, intArray, sql`'{}'::int[]`);
  const paths = asSql(event.paths, textArray, sql`null::text[]`);
  const result = await tx.execute(sql`
    with owner as (select ${brand} as brand_id, ${dealership} as dealership_id),
    ev as (
      insert into webhook_events (tx_id, msg_id, type, brand_id, dealership_id, ids, paths, data)
      select txid_current(), 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${event.type},
        owner.brand_id, owner.dealership_id, ${ids}, ${paths}, ${JSON.stringify(event.data ?? {})}::jsonb
      from owner
      where exists (select 1 from webhooks w where w.enabled and ${event.type} = any(w.events))
      on conflict (tx_id, type, coalesce(brand_id, 0), coalesce(dealership_id, 0)) do update set
        ids = ${merged('ids')},
        paths = case when webhook_events.paths is null and excluded.paths is null then null else ${merged('paths')} end,
        data = webhook_events.data || excluded.data
      returning id, (xmax = 0) as fresh
    ),
    targets as (
      update webhooks w set last_seq = w.last_seq + 1
      from ev, owner
      where ev.fresh and w.enabled and ${event.type} = any(w.events)
        and (
          (cardinality(w.brand_ids) = 0 and cardinality(w.dealership_ids) = 0)
          or owner.brand_id = any(w.brand_ids)
          or owner.dealership_id = any(w.dealership_ids)
        )
      returning w.id, w.last_seq, ev.id as event_id
    ),
    queued as (
      insert into webhook_deliveries (webhook_id, event_id, seq)
      select id, event_id, last_seq from targets
      returning webhook_id
    )
    select webhook_id from queued`);
  for (const row of (result as unknown as { rows: { webhook_id: number }[] }).rows)
    await kickEndpoint(tx, Number(row.webhook_id));
}

/** A page's full site path from its stored slug (the homepage's is '/'). */
const sitePath = (slug: SQL) => sql`case when ${slug} = '/' then '/' else '/' || ${slug} end`;

/**
 * A page's site paths for revalidation: its own, and its parent's, which lists it (the top of
 * the tree is listed by the navigation every page draws, so a top-level page names only itself).
 */
export function pagePaths(id: SQL): SQL {
  return sql`(select array_remove(array[${sitePath(sql`p.slug`)},
      (select ${sitePath(sql`q.slug`)} from pages q where q.id = p.parent_id)], null)
    from pages p where p.id = ${id} and p.kind = 'page')`;
}

/**
 * The page events of a path changing (a move, a rename): the page's and every descendant's path
 * as they were and as they are now. Call it before the descendants' slugs are rewritten.
 */
export async function emitPathChange(tx: Db, id: number, from: string, to: string): Promise<void> {
  const old = (slug: string) => (slug === '/' ? '/' : `/${slug}`);
  const prefix = (slug: string) => (slug === '/' ? '/' : `/${slug}/`);
  await emitEvent(tx, {
    type: 'page.moved',
    owner: serverAreas.pages.owner!(sql`${id}::int`),
    ids: [id],
    paths: sql`(select array[${old(from)}::text, ${old(to)}::text] || coalesce(array_agg(p), '{}') from (
      select ${sitePath(sql`d.slug`)} as s from pages d
      where d.kind = 'page' and d.deleted_at is null and d.slug like ${`${from === '/' ? '' : from}/%`}
    ) x, lateral (values (x.s), (${prefix(to)} || substr(x.s, ${prefix(from).length + 1}))) v(p))`,
  });
}

/** Which event a change in the activity log is, where other systems hear of it. */
const changeEvents: Partial<Record<ActivityArea, Partial<Record<ActivityAction, WebhookEventType>>>> = {
  pages: {
    created: 'page.updated',
    updated: 'page.updated',
    restored: 'page.updated',
    duplicated: 'page.updated',
    published: 'page.published',
    unpublished: 'page.unpublished',
    moved: 'page.moved',
    deleted: 'page.deleted',
    deleted_forever: 'page.deleted',
  },
  forms: {
    created: 'form.updated',
    updated: 'form.updated',
    restored: 'form.updated',
    published: 'form.updated',
    unpublished: 'form.updated',
    moved: 'form.updated',
    sorted: 'form.updated',
    deleted: 'form.updated',
  },
  brands: {
    created: 'brand.updated',
    updated: 'brand.updated',
    restored: 'brand.updated',
    sorted: 'brand.updated',
    deleted: 'brand.updated',
    deleted_forever: 'brand.updated',
  },
  dealerships: {
    created: 'dealership.updated',
    updated: 'dealership.updated',
    restored: 'dealership.updated',
    sorted: 'dealership.updated',
    deleted: 'dealership.updated',
    deleted_forever: 'dealership.updated',
  },
  settings: { updated: 'settings.updated' },
};

/**
 * The event of a change as it is logged (history's `recordChange` and `recordRevision`), in its
 * transaction: the one place saves of every area are heard. A page event names the page's paths.
 */
export async function emitChange(
  tx: Db,
  area: ActivityArea,
  action: ActivityAction,
  id: number | null,
): Promise<void> {
  const type = changeEvents[area]?.[action];
  if (!type) return;
  const record = id === null ? null : sql`${id}::int`;
  const owner = record ? serverAreas[area].owner?.(record) : undefined;
  await emitEvent(tx, {
    type,
    owner: owner ?? { brand: null, dealership: null },
    ids: id === null ? [] : [id],
    ...(area === 'pages' && record ? { paths: pagePaths(record) } : {}),
  });
}
