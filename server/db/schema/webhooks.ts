import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * An endpoint another system listens on: the events it wants, the brands and dealerships whose
 * changes it hears (both empty: the whole group), and the secret its requests are signed with.
 */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull().default(sql`'{}'::text[]`),
  brandIds: integer('brand_ids').array().notNull().default(sql`'{}'::integer[]`),
  dealershipIds: integer('dealership_ids').array().notNull().default(sql`'{}'::integer[]`),
  enabled: boolean('enabled').notNull().default(true),
  /** `whsec_` and base64, as the Standard Webhooks libraries take it. */
  secret: text('secret').notNull(),
  /** The secret before the last rotation, still signed with until `previous_until`. */
  previousSecret: text('previous_secret'),
  previousUntil: at('previous_until'),
  /** Who added it: they are told when it is disabled. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The last sequence number given to one of its deliveries: they are sent in this order. */
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  /** A sender holds the endpoint until then; another waits (one request at a time, in order). */
  leasedUntil: at('leased_until'),
  /** Since when every attempt has failed; null while it is healthy. */
  failingSince: at('failing_since'),
  /** Why it was disabled by itself, if it was. */
  disabledReason: text('disabled_reason'),
  ...stamps,
});

/**
 * One change other systems hear of, written in the change's own transaction: the outbox. Changes
 * of one transaction of one type and owner become one event (a sort, an import: every path once).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    /** The writing transaction, which merges its changes into one event. */
    txId: bigint('tx_id', { mode: 'number' }).notNull(),
    /** The `webhook-id` header: the same on every attempt and every endpoint. */
    msgId: text('msg_id').notNull(),
    type: text('type').notNull(),
    brandId: integer('brand_id'),
    dealershipId: integer('dealership_id'),
    ids: integer('ids').array().notNull().default(sql`'{}'::integer[]`),
    paths: text('paths').array(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: stamps.createdAt,
  },
  (t) => [
    uniqueIndex('webhook_events_tx_unique').on(
      t.txId,
      t.type,
      sql`coalesce(${t.brandId}, 0)`,
      sql`coalesce(${t.dealershipId}, 0)`,
    ),
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint: sent in `seq` order, attempt after attempt, until it is answered 2xx. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** The last attempt: its answer's status (null: no answer), time taken, and what went and came back. */
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    requestBody: text('request_body'),
    responseBody: text('response_body'),
    error: text('error'),
    attemptedAt: at('attempted_at'),
    deliveredAt: at('delivered_at'),
    /** The delivery this one replays. */
    replayOf: integer('replay_of'),
    createdAt: stamps.createdAt,
  },
  (t) => [
    uniqueIndex('webhook_deliveries_seq_unique').on(t.webhookId, t.seq),
    index('webhook_deliveries_pending_idx').on(t.webhookId, t.seq).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_list_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
