import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Webhook, WebhookDelivery, WebhookValues } from '@/api/contract/webhooks';
import { isGroupWide, type Scope, wholeGroup } from '@/shared/access';
import { missingRecord } from '@/shared/missing';
import type { Db } from '../../db/open';
import { webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/webhooks';
import { invalid } from '../../http/errors';
import { forbidden } from '../access/require';
import { intArray } from '../access/scope';
import { choicesWithin, readScopeChoices } from '../access/scopeChoices';
import { isoTime, isoTimeOrNull } from '../isoTime';
import { PAGE_SIZE } from '../paginate';
import { refusedAddress } from './address';

export const WEBHOOK_NOT_FOUND = missingRecord('webhook');
export const DELIVERY_NOT_FOUND = missingRecord('delivery');
export const WEBHOOK_SCOPE_BEYOND = 'You cannot give a webhook a scope beyond your own.';

/**
 * The endpoints a user sees: every one for a group-wide user; for a scoped user, those whose
 * scope lies within theirs (a brand of theirs, a dealership of theirs or of one of their brands).
 */
function visibleTo(scope: Scope): SQL | undefined {
  if (isGroupWide(scope)) return undefined;
  const ownBrands = sql`${intArray(scope.brand_ids)}::int[]`;
  const ownDealerships = sql`${intArray(scope.dealership_ids)}::int[]`;
  return sql`(cardinality(${webhooks.brandIds}) + cardinality(${webhooks.dealershipIds}) > 0
    and ${webhooks.brandIds} <@ ${ownBrands}
    and ${webhooks.dealershipIds} <@ array(select d.id from dealerships d
      where d.id = any(${ownDealerships}) or d.brand_id = any(${ownBrands})))`;
}

/**
 * The last delivery of each endpoint, as the list shows it. The endpoint's id is spelled out in
 * full: drizzle leaves the columns of a one-table select unqualified, and `id` would then name the
 * delivery's own.
 */
const lastDelivery = sql<{ status: string; response_status: number | null; at: string } | null>`(
  select json_build_object('status', d.status, 'response_status', d.response_status,
    'at', to_char(coalesce(d.attempted_at, d.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  from webhook_deliveries d where d.webhook_id = "webhooks"."id" order by d.id desc limit 1)`;

type WebhookRow = typeof webhooks.$inferSelect;

function toWebhook(row: WebhookRow, last: Webhook['last_delivery']): Webhook {
  const previous = row.previousUntil && row.previousUntil.getTime() > Date.now() ? row.previousUntil : null;
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    brand_ids: row.brandIds,
    dealership_ids: row.dealershipIds,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    previous_secret_until: isoTimeOrNull(previous),
    last_delivery: last,
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
  };
}

/** One page of the endpoints the user sees, newest first. */
export async function listWebhooks(
  db: Db,
  scope: Scope,
  page: number,
): Promise<{ rows: Webhook[]; total: number }> {
  const where = visibleTo(scope);
  const rows = await db
    .select({ row: webhooks, last: lastDelivery, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(webhooks)
    .where(where)
    .orderBy(sql`${webhooks.id} desc`)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(webhooks).where(where);
    total = Number(counted?.n ?? 0);
  }
  return { rows: rows.map((r) => toWebhook(r.row, r.last as Webhook['last_delivery'])), total };
}

/** The stored endpoint, when the user sees it. */
export async function findWebhookRow(db: Db, id: number, scope: Scope): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), visibleTo(scope)));
  return row ?? null;
}

export async function findWebhook(db: Db, id: number, scope: Scope): Promise<Webhook | null> {
  const [found] = await db
    .select({ row: webhooks, last: lastDelivery })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), visibleTo(scope)));
  return found ? toWebhook(found.row, found.last as Webhook['last_delivery']) : null;
}

/**
 * Rules the schema cannot know: brands and dealerships that exist, or that the endpoint already
 * has (`held`; 422 under their field), an address that resolves to a public network (unless
 * private ones are allowed), and a scope within the user's own (403).
 */
export async function checkWebhook(
  db: Db,
  body: WebhookValues,
  scope: Scope,
  allowPrivate: boolean,
  held: Scope = wholeGroup,
): Promise<void> {
  const wanted = { brand_ids: body.brand_ids, dealership_ids: body.dealership_ids };
  const [choices, refused] = await Promise.all([
    readScopeChoices(db, wanted, held),
    refusedAddress(new URL(body.url), allowPrivate),
  ]);
  const errors: Record<string, string> = {};
  if (choices.refused.brands) errors.brand_ids = 'Choose brands from the list.';
  if (choices.refused.dealerships) errors.dealership_ids = 'Choose dealerships from the list.';
  if (refused) errors.url = refused;
  if (Object.keys(errors).length > 0) throw invalid(errors);
  if (!choicesWithin(scope, wanted, held, choices)) throw forbidden(WEBHOOK_SCOPE_BEYOND);
}

/** What an endpoint row stores from the form. */
export const webhookColumns = (body: WebhookValues) => ({
  url: body.url,
  events: body.events,
  brandIds: body.brand_ids,
  dealershipIds: body.dealership_ids,
  enabled: body.enabled,
});

/** One page of an endpoint's delivery log, newest first. */
export async function listDeliveries(
  db: Db,
  webhookId: number,
  page: number,
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  const rows = await db
    .select({
      d: webhookDeliveries,
      msgId: webhookEvents.msgId,
      type: webhookEvents.type,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(sql`${webhookDeliveries.id} desc`)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId));
    total = Number(counted?.n ?? 0);
  }
  return {
    rows: rows.map(({ d, msgId, type }) => ({
      id: d.id,
      message_id: msgId,
      type,
      status: d.status,
      attempts: d.attempts,
      response_status: d.responseStatus,
      duration_ms: d.durationMs,
      error: d.error,
      request_body: d.requestBody,
      response_body: d.responseBody,
      attempted_at: isoTimeOrNull(d.attemptedAt),
      next_attempt_at: d.status === 'pending' ? isoTimeOrNull(d.nextAttemptAt) : null,
      delivered_at: isoTimeOrNull(d.deliveredAt),
      replay_of: d.replayOf,
      created_at: isoTime(d.createdAt),
    })),
    total,
  };
}

/**
 * Puts an event in an endpoint's queue, after what waits there: a test event, or a replay of a
 * logged one (the same event, so the same `webhook-id`). Answers the new delivery's id.
 */
export async function queueDelivery(
  tx: Db,
  webhookId: number,
  eventId: number,
  replayOf: number | null = null,
): Promise<number> {
  const [seq] = await tx
    .update(webhooks)
    .set({ lastSeq: sql`${webhooks.lastSeq} + 1` })
    .where(eq(webhooks.id, webhookId))
    .returning({ lastSeq: webhooks.lastSeq });
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ webhookId, eventId, seq: seq!.lastSeq, replayOf })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

/** A test event, for one endpoint alone. */
export async function insertTestEvent(tx: Db, type: string): Promise<number> {
  const [row] = await tx
    .insert(webhookEvents)
    .values({
      txId: sql`txid_current()`,
      msgId: sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`,
      type,
      ids: [],
      data: { test: true },
    })
    .returning({ id: webhookEvents.id });
  return row!.id;
}
