import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS } from './activityNames';
import { id, option, pageNumber, paginator, timestamp } from './common';
import { defineCall } from './define';
import { actor } from './history';

export type { ActivityAction, ActivityArea } from './activityNames';

export const activityArea = z.enum(ACTIVITY_AREAS);

export const activityAction = z.enum(ACTIVITY_ACTIONS);

/** One change by anyone: who, when, what, and the record (and revision) it made, where there is one. */
export const activityEntry = z.object({
  id: z.number().int(),
  created_at: timestamp,
  user: actor,
  area: activityArea,
  action: activityAction,
  /** The record changed, named as it was then; null for a change of many (a sort) or none (a sign-in). */
  record: z
    .object({
      id: z.number().int(),
      name: z.string(),
      /**
       * Whether the record is gone now: deleted forever, or (a page or form) deleted and waiting
       * to be purged. Its editor would answer not found, so there is nothing to link to.
       */
      deleted: z.boolean(),
    })
    .nullable(),
  /** The revision the change stored, for the areas that keep them. */
  revision_id: z.number().int().nullable(),
  /** A short detail a person reads: the e-mail a failed sign-in tried, how many rows an import made. */
  detail: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

const day = z.iso.date('Enter a date.');

export const activityQuery = z
  .object({
    page: pageNumber,
    user: id.optional(),
    area: activityArea.optional(),
    action: activityAction.optional(),
    /** Inclusive days, in the group's time zone (Europe/London). */
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: 'Choose an end date on or after the start date.',
  });

export const activityList = defineCall({
  method: 'GET',
  path: 'activity',
  query: activityQuery,
  response: paginator(activityEntry),
  summary:
    'Every change by anyone, newest first, filtered by user, area, action and date range (not in the spec)',
});

/**
 * The people the User filter offers: those with an entry in the log that the user may read, by
 * the log's own rule. Their names are already on those entries, so a role that may not open the
 * users list may still filter by them.
 */
export const activityUsers = defineCall({
  method: 'GET',
  path: 'activity/users',
  response: z.object({ data: z.array(option) }),
  summary:
    'The people whose entries in the activity log the user may read, for its User filter (not in the spec)',
});

export const calls = { list: activityList, users: activityUsers };
