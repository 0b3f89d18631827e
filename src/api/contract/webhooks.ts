import { z } from 'zod';
import { bool, id, idList, idParams, messageResponse, pageNumber, paginator, timestamp } from './common';
import { defineCall } from './define';
import { refuseEmptyChoice, scopeIds } from './users';

/** What an endpoint can ask to hear of, as the events' `type` names them. */
export const webhookEventTypes = [
  'page.published',
  'page.unpublished',
  'page.updated',
  'page.moved',
  'page.deleted',
  'form.updated',
  'brand.updated',
  'dealership.updated',
  'settings.updated',
  'response.received',
  'reservation.paid',
  'reservation.refunded',
  'import.finished',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The type of the event 'Send test event' sends: nobody subscribes to it, it goes where asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The events in the form's groups, each with its label. */
export const webhookEventGroups: { label: string; events: { type: WebhookEventType; label: string }[] }[] = [
  {
    label: 'Pages',
    events: [
      { type: 'page.published', label: 'Page published' },
      { type: 'page.unpublished', label: 'Page unpublished' },
      { type: 'page.updated', label: 'Page updated' },
      { type: 'page.moved', label: 'Page moved' },
      { type: 'page.deleted', label: 'Page deleted' },
    ],
  },
  {
    label: 'Content and settings',
    events: [
      { type: 'form.updated', label: 'Form changed' },
      { type: 'brand.updated', label: 'Brand changed' },
      { type: 'dealership.updated', label: 'Dealership changed' },
      { type: 'settings.updated', label: 'Settings changed' },
      { type: 'import.finished', label: 'Import finished' },
    ],
  },
  {
    label: 'Enquiries and reservations',
    events: [
      { type: 'response.received', label: 'Enquiry received' },
      { type: 'reservation.paid', label: 'Reservation paid' },
      { type: 'reservation.refunded', label: 'Reservation refunded' },
    ],
  },
];

const URL_MESSAGE = 'Enter a web address starting with https:// or http://.';

/** An endpoint's address: http or https, no credentials in it, at most 2,000 characters. */
export const webhookUrl = z
  .string(URL_MESSAGE)
  .trim()
  .min(1, 'Enter the address to send events to.')
  .max(2000, 'Use at most 2000 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, URL_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'Leave the user name and password out of the address.');

/** The form (spec: issue #27); the console and the server check it with the same schema. */
export const webhookFields = z
  .object({
    url: webhookUrl,
    events: z.preprocess(
      // A form posts one ticked box as text, and a hidden blank entry that makes the field present.
      (v) =>
        typeof v === 'string' ? (v === '' ? [] : [v]) : Array.isArray(v) ? v.filter((x) => x !== '') : v,
      z
        .array(z.enum(webhookEventTypes, 'Choose events from the list.'), 'Choose at least one event.')
        .min(1, 'Choose at least one event.')
        .transform((events) => webhookEventTypes.filter((type) => events.includes(type))),
    ),
    brand_ids: scopeIds('brands'),
    dealership_ids: scopeIds('dealerships'),
    /** Limited by choice: nothing chosen is refused rather than every brand and dealership. */
    scope_chosen: bool.optional(),
    enabled: bool.default(false),
  })
  .superRefine((value, ctx) => refuseEmptyChoice({ ...value, chosen: value.scope_chosen }, ctx));
export type WebhookValues = z.output<typeof webhookFields>;
export type WebhookInput = z.input<typeof webhookFields>;

export const deliveryStatus = z.enum(['pending', 'delivered', 'failed']);

/** The last delivery of an endpoint, as its list shows it. */
const lastDelivery = z.object({
  status: deliveryStatus,
  response_status: z.number().int().nullable(),
  at: timestamp,
});

export const webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  brand_ids: z.array(z.number().int()),
  dealership_ids: z.array(z.number().int()),
  enabled: z.boolean(),
  /** Why it was disabled by itself (a day of failures); null when it was not. */
  disabled_reason: z.string().nullable(),
  /** Until when the secret before the last rotation is still signed with; null when there is none. */
  previous_secret_until: timestamp.nullable(),
  last_delivery: lastDelivery.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Webhook = z.infer<typeof webhook>;

/** One event sent (or being sent) to one endpoint. */
export const webhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt. */
  message_id: z.string(),
  type: z.string(),
  status: deliveryStatus,
  attempts: z.number().int(),
  /** The last attempt's answer: null when none came (refused, timed out, not yet tried). */
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  /** What was sent and what came back, each cut to 4,000 characters. */
  request_body: z.string().nullable(),
  response_body: z.string().nullable(),
  attempted_at: timestamp.nullable(),
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  replay_of: z.number().int().nullable(),
  created_at: timestamp,
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhooksList = defineCall({
  method: 'GET',
  path: 'webhooks',
  query: z.object({ page: pageNumber }),
  response: z.object({ webhooks: paginator(webhook) }),
  summary: 'Webhook endpoints, newest first, each with its last delivery',
});

export const webhooksShow = defineCall({
  method: 'GET',
  path: 'webhooks/show/:id',
  params: idParams,
  response: z.object({ data: webhook }),
  summary: 'One webhook endpoint (its secret is never shown again)',
});

const withSecret = z.object({ id: z.number().int(), message: z.string(), secret: z.string() });

export const webhooksCreate = defineCall({
  method: 'POST',
  path: 'webhooks/create',
  body: webhookFields,
  response: withSecret,
  summary: 'Adds a webhook endpoint; answers its signing secret, this once',
});

export const webhooksUpdate = defineCall({
  method: 'POST',
  path: 'webhooks/update/:id',
  params: idParams,
  body: webhookFields,
  response: z.object({ id: z.number().int(), message: z.string() }),
  summary: 'Changes a webhook endpoint (its secret stays)',
});

export const webhooksDelete = defineCall({
  method: 'POST',
  path: 'webhooks/delete',
  body: z.object({ ids: idList('webhook') }),
  response: messageResponse,
  summary: 'Deletes webhook endpoints with their delivery logs',
});

export const webhooksRotate = defineCall({
  method: 'POST',
  path: 'webhooks/rotate/:id',
  params: idParams,
  response: withSecret,
  summary: 'Gives an endpoint a new secret; the old one is signed with too for 24 hours',
});

export const webhooksTest = defineCall({
  method: 'POST',
  path: 'webhooks/test/:id',
  params: idParams,
  response: z.object({ delivery_id: z.number().int(), message: z.string() }),
  summary: 'Sends a test event to one endpoint, after what it is waiting to receive',
});

export const webhooksDeliveries = defineCall({
  method: 'GET',
  path: 'webhooks/deliveries',
  query: z.object({ id, page: pageNumber }),
  response: z.object({ deliveries: paginator(webhookDelivery) }),
  summary: 'The delivery log of one endpoint (30 days), newest first',
});

export const webhooksReplay = defineCall({
  method: 'POST',
  path: 'webhooks/replay',
  body: z.object({ delivery_id: id }),
  response: z.object({ delivery_id: z.number().int(), message: z.string() }),
  summary: 'Sends a logged event again, with the same webhook-id, after what is waiting',
});

export const calls = {
  list: webhooksList,
  show: webhooksShow,
  create: webhooksCreate,
  update: webhooksUpdate,
  delete: webhooksDelete,
  rotate: webhooksRotate,
  test: webhooksTest,
  deliveries: webhooksDeliveries,
  replay: webhooksReplay,
};
