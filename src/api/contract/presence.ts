import { z } from 'zod';
import { defineCall } from './define';

/**
 * A record people can have open, as `area:id` (`pages:12`, `forms:3`, `brands:2`,
 * `dealerships:5`), `settings` for the site settings, or `pages` for the page tree.
 */
export const recordRef = z
  .string('Name the record as area:id, for example pages:12.')
  .regex(
    /^(?:(?:pages|forms|templates|brands|dealerships):[1-9][0-9]{0,9}|settings|pages)$/,
    'Name the record as area:id, for example pages:12.',
  );
export type RecordRef = z.infer<typeof recordRef>;

/** Someone who has the record open: one entry per person, however many tabs they use. */
export const presentPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When they first opened it, of their tabs still open. */
  since: z.string(),
  /** Whether their role may change the record (else they can only read it). */
  editing: z.boolean(),
});
export type PresentPerson = z.infer<typeof presentPerson>;

/**
 * One `presence` event of the stream: everyone who has the record open now, the listener included,
 * and in how many tabs the listener's own user has it open, this one included.
 */
export const presenceEvent = z.object({
  record: recordRef,
  people: z.array(presentPerson),
  own_tabs: z.number().int().min(0),
});
export type PresenceEvent = z.infer<typeof presenceEvent>;

/** Where the stream's token comes from when a browser's EventSource cannot send a header. */
export const PRESENCE_TOKEN_QUERY = 'token';
export const PRESENCE_TOKEN_COOKIE = 'console_access';

export const presenceStream = defineCall({
  method: 'GET',
  path: 'presence/stream',
  query: z.object({
    record: recordRef,
    /** The access token, for clients that cannot send the Authorization header (EventSource). */
    token: z.string().max(4096).optional(),
  }),
  response: presenceEvent,
  summary:
    'Server-sent events: a `presence` event with everyone who has the record open and in how many tabs the caller has it open, at once and whenever that changes; this connection counts as the caller having it open',
});

export const calls = { stream: presenceStream };
