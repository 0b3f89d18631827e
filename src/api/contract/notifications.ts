import { z } from 'zod';
import { idList, pageNumber, paginator, timestamp } from './common';
import { defineCall } from './define';

/** What a notice tells of. */
export const noticeKinds = ['review_waiting', 'changes_requested', 'approved', 'mention'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** A notice to the signed-in user: a page waiting for them, back with them, approved, or a mention. */
export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(noticeKinds),
  text: z.string(),
  /** The record it is about (`pages:12`). */
  record: z.string(),
  /** Where the record opens in the console (`/pages/edit/12`). */
  url: z.string(),
  read_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Notification = z.infer<typeof notification>;

const unread = z.number().int().describe('How many of the user\u2019s notices are unread.');

export const notificationsList = defineCall({
  method: 'GET',
  path: 'notifications',
  query: z.object({ page: pageNumber }),
  response: z.object({ notifications: paginator(notification), unread }),
  summary: 'The signed-in user\u2019s notices, newest first, with how many are unread',
});

export const notificationsRead = defineCall({
  method: 'POST',
  path: 'notifications/read',
  body: z
    .object({
      ids: idList('notice').optional(),
      /** Every notice of the user, instead of `ids`. */
      all: z.literal(true).optional(),
    })
    .refine((body) => body.ids !== undefined || body.all === true, {
      path: ['ids'],
      message: 'Select at least one notice.',
    }),
  response: z.object({ message: z.string(), unread }),
  summary: 'Marks notices of the signed-in user as read (`ids`, or `all: true`)',
});

export const calls = { list: notificationsList, read: notificationsRead };
