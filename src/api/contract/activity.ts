import { z } from 'zod';
import { id, pageNumber, paginator, timestamp } from './common';
import { defineCall } from './define';
import { actor } from './history';

/** The areas a change can belong to, as the activity log's area filter offers them. */
export const activityArea = z.enum([
  'auth',
  'users',
  'roles',
  'brands',
  'dealerships',
  'pages',
  'forms',
  'templates',
  'responses',
  'reservations',
  'settings',
  'webhooks',
]);
export type ActivityArea = z.infer<typeof activityArea>;

/** What was done, as the action filter offers it. */
export const activityAction = z.enum([
  'signed_in',
  'sign_in_failed',
  'created',
  'updated',
  'deleted',
  'restored',
  'deleted_forever',
  'published',
  'unpublished',
  'moved',
  'sorted',
  'duplicated',
  'imported',
  'import_requested',
  'export_requested',
  'submitted',
  'approved',
  'changes_requested',
]);
export type ActivityAction = z.infer<typeof activityAction>;

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

export const calls = { list: activityList };
