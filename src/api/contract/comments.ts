import { z } from 'zod';
import { id, timestamp } from './common';
import { defineCall } from './define';

/** The records comments are left on: a page, as `pages:ID`. */
export const commentRecord = z
  .string('Name the page as pages:ID.')
  .regex(/^pages:[1-9][0-9]{0,9}$/, 'Name the page as pages:ID.');

/** A comment: on the whole page, on one block (by its id, wherever it moves), or on one field of it. */
export const comment = z.object({
  id: z.number().int(),
  record: z.string(),
  /** The thread's first comment, for a reply (which is about what that one is about); null otherwise. */
  reply_to: z.number().int().nullable(),
  /** The block's id (PageItem.id); null for a comment on the page. */
  block_key: z.string().nullable(),
  /** The field of the block (`section.field`); null for the page or the whole block. */
  field: z.string().nullable(),
  body: z.string(),
  author: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** Users named with @ in the body, who can see the page. */
  mentions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The page's revision when the comment was made (null for a page never saved since history began). */
  revision_id: z.number().int().nullable(),
  created_at: timestamp,
  resolved_at: timestamp.nullable(),
  resolved_by: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
});
export type Comment = z.infer<typeof comment>;

export const commentsList = defineCall({
  method: 'GET',
  path: 'comments',
  query: z.object({ record: commentRecord }),
  response: z.object({ data: z.array(comment) }),
  summary: "A page's comments, open and resolved, oldest first",
});

export const commentCreation = z.object({
  record: commentRecord,
  /** A reply to this comment's thread: it is about what the thread is about, whatever else is sent. */
  reply_to: id.nullish(),
  block_key: z.uuid('Name the block by its id.').nullish(),
  field: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Name the field as section.field.')
    .nullish(),
  body: z
    .string('Write a comment.')
    .trim()
    .min(1, 'Write a comment.')
    .max(5000, 'Use at most 5,000 characters.'),
});

export const commentsCreate = defineCall({
  method: 'POST',
  path: 'comments/create',
  body: commentCreation.refine((b) => !b.field || b.block_key, {
    path: ['field'],
    message: 'A field comment names its block too.',
  }),
  response: z.object({ data: comment, message: z.string() }),
  summary:
    'Leaves a comment on a page, one of its blocks or one field of a block, or a reply in a thread; @Name mentions a user',
});

export const commentsResolve = defineCall({
  method: 'POST',
  path: 'comments/resolve',
  body: z.object({ id }),
  response: z.object({ data: comment, message: z.string() }),
  summary: 'Marks a comment thread resolved (a reply names its thread)',
});

export const commentsReopen = defineCall({
  method: 'POST',
  path: 'comments/reopen',
  body: z.object({ id }),
  response: z.object({ data: comment, message: z.string() }),
  summary: 'Opens a resolved comment thread again',
});

export const calls = {
  list: commentsList,
  create: commentsCreate,
  resolve: commentsResolve,
  reopen: commentsReopen,
};
