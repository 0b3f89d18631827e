import { z } from 'zod';
import { pageConfigurables, pageItem } from './blocks';
import {
  bool,
  emailField,
  flagValue,
  id,
  idQuery,
  messageResponse,
  optionalId,
  optionalPageNumber,
  requiredText,
  savedResponse,
  timestamp,
  versionSavedResponse,
} from './common';
import { defineCall } from './define';
import { historyCalls } from './history';
import { treeCalls, treeSlugQuery } from './lifecycle';
import { PREVIEW_LINK_DAYS, pageFields, sortBy, sortByMode } from './pageFields';
import { pagesApprove, pagesRequestChanges, pagesSubmit, pagesWaiting } from './pageReview';
import { pagesSchedule, SCHEDULE_DAYS, type ScheduledChange, scheduledChange } from './pageSchedule';
import { review } from './workflows';

export {
  builderPageFields,
  HOMEPAGE_SLUG,
  type PageInput,
  type PageValues,
  PREVIEW_LINK_DAYS,
  pageFields,
  pageFieldsBase,
  pageSlug,
  sortBy,
  sortByMode,
  UNPUBLISH_AFTER_PUBLISH,
  withPublishRules,
} from './pageFields';
export {
  pagesApprove,
  pagesRequestChanges,
  pagesSchedule,
  pagesSubmit,
  pagesWaiting,
  SCHEDULE_DAYS,
  type ScheduledChange,
  scheduledChange,
};

/** What a page list row shows; also the parent a children list belongs to. */
export const pageSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand_id: z.number().int().nullable(),
  published: flagValue,
  published_at: timestamp.nullable(),
  /** When a published page comes down by itself; null: it stays up. */
  unpublish_at: timestamp.nullable(),
  locked: flagValue,
  child_template_id: z.number().int().nullable(),
  sort_by: sortBy,
  sort_by_mode: sortByMode,
  parent_id: z.number().int().nullable(),
  total_children: z.number().int(),
  is_allowed_children: flagValue,
  is_tree_recursive: flagValue,
  /**
   * For a user with part of the group in their scope: pages of other brands lie below this one, so
   * its publishing, place and slug are not theirs to change, nor may they delete it (decision 042).
   * Absent for a group-wide user, who reaches every page.
   */
  others_below: z.boolean().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PageSummary = z.infer<typeof pageSummary>;

export const pageMeta = z.object({ title: z.string(), description: z.string() });

/** A page as the builder edits it. */
export const page = pageSummary.extend({
  meta: pageMeta,
  items: z.array(pageItem),
  configurables: pageConfigurables,
});
export type Page = z.infer<typeof page>;

/** The duplicate modal (spec §3 Page duplicate form). */
export const pageDuplicateFields = z.object({
  name: requiredText('Enter a name.'),
  children: bool.default(true),
  publish_children: bool.default(false),
});
export type PageDuplicateInput = z.input<typeof pageDuplicateFields>;

/** A place in the tree: a page id, or null for the top level. */
const parent = optionalId;

/** What the move and duplicate pickers offer at one level of the tree. */
export const pageOption = z.object({
  id: z.number().int(),
  name: z.string(),
  total_children: z.number().int(),
  is_allowed_children: flagValue,
});

export const pageSortBody = z.object({
  data: z
    .array(z.object({ id, index: z.coerce.number().int().min(1, 'Indexes start at 1.') }))
    .min(1, 'Select at least one page.')
    .max(1000, 'Sort at most 1000 pages at once.')
    .superRefine((rows, ctx) => {
      if (new Set(rows.map((r) => r.id)).size !== rows.length) {
        ctx.addIssue({ code: 'custom', message: 'Each page may appear only once.' });
      }
    }),
});

export const pagesList = defineCall({
  method: 'GET',
  path: 'pages',
  // Shape not shown by the spec: the top level of the tree in the three groups the list shows.
  response: z.object({
    /** A brand's sections: pages of a brand that hold (or may hold) children. */
    brands: z.array(pageSummary),
    /** Group sections: the group's own pages (no brand) that hold (or may hold) children. */
    folders: z.array(pageSummary),
    /** Pages that hold no children, the group's and the brands'. */
    files: z.array(pageSummary),
  }),
  summary: 'The top level of the page tree, grouped as the page list shows it',
});

/** One step of the way from the top of the tree down to a page. */
export const pageCrumb = z.object({ id: z.number().int(), name: z.string() });
export type PageCrumb = z.infer<typeof pageCrumb>;

export const pagesShow = defineCall({
  method: 'GET',
  path: 'pages/show',
  query: idQuery,
  // `ancestors` is not in the spec: the breadcrumb of a children list, top level first.
  response: z.object({ data: pageSummary, ancestors: z.array(pageCrumb) }),
  summary: 'One page without its items (the parent of a children list)',
});

/** Children lists page themselves when asked; without `page` and `perPage` every child comes back. */
export const childrenQuery = idQuery.extend({
  page: optionalPageNumber,
  perPage: z.coerce.number().int().min(1).max(1000).optional(),
});

export const pagesChildren = defineCall({
  method: 'GET',
  path: 'pages/children',
  query: childrenQuery,
  // `total` is not in the spec: how many children there are when the answer is one page of them.
  response: z.object({ data: z.array(pageSummary), total: z.number().int() }),
  summary: "A page's children, in the parent's sort_by and sort_by_mode order",
});

/** A search hit: the page and the way down to it. */
export const pageHit = pageSummary.extend({ path: z.array(pageCrumb) });
export type PageHit = z.infer<typeof pageHit>;

export const pagesSearch = defineCall({
  method: 'GET',
  path: 'pages/search',
  query: z.object({ search: z.string().trim().min(1, 'Enter a name or slug.').max(255) }),
  response: z.object({ data: z.array(pageHit) }),
  summary:
    'Pages anywhere in the tree whose name or slug holds the search, with their paths (not in the spec)',
});

export const pagesEdit = defineCall({
  method: 'GET',
  path: 'pages/edit',
  query: idQuery,
  response: z.object({ data: page, review: review.nullable() }),
  summary: 'One page with its items and configurables, and where it stands in its review, for the builder',
});

export const pagesOptions = defineCall({
  method: 'GET',
  path: 'pages/list',
  // Meaning of `default` not shown by the spec: it names the page whose children to offer; absent, the top level.
  query: z.object({ default: id.optional() }),
  response: z.object({ data: z.array(pageOption) }),
  summary: 'One level of the tree for the move and duplicate pickers',
});

export const pagesSlug = defineCall({
  method: 'GET',
  path: 'pages/slug',
  query: treeSlugQuery,
  response: z.object({ slug: z.string() }),
  summary: 'A free slug made from a name, under a parent or for an existing page',
});

/** A saved page: its new version and the slug the server gave it. */
export const pageSavedResponse = versionSavedResponse.extend({ slug: z.string() });

const pageTree = treeCalls('pages', pageFields, pageSavedResponse);
export const pagesStore = pageTree.store;

export const pagesUpdate = pageTree.update;

export const pagesDelete = pageTree.remove;

/** How long a deleted page can be put back (the Undo on the delete toast). */
export const PAGE_RESTORE_SECONDS = 10;

export const pagesRestore = defineCall({
  method: 'POST',
  path: 'pages/restore',
  body: z.object({ id }),
  response: messageResponse,
  summary: 'Puts a page deleted moments ago back where it was (not in the spec: Undo of a delete)',
});

export const pagesSort = defineCall({
  method: 'POST',
  path: 'pages/sort',
  body: pageSortBody,
  response: messageResponse,
  summary: 'Saves the order of sibling pages: {id, index} with indexes from 1',
});

export const pagesDuplicate = defineCall({
  method: 'POST',
  path: 'pages/duplicate',
  body: z.object({ id, parent, fields: pageDuplicateFields }),
  response: savedResponse,
  summary: 'Copies a page (and optionally its children) under a parent; answers the new id',
});

export const pagesPublishable = defineCall({
  method: 'POST',
  path: 'pages/publishable',
  body: z.object({ id }),
  response: z.object({ message: z.string(), published: flagValue }),
  summary: 'Toggles whether a page is published',
});

export const pagesMove = defineCall({
  method: 'POST',
  path: 'pages/move',
  body: z.object({ id, parent }),
  response: messageResponse,
  summary: 'Moves a page under another parent (null for the top level); refuses cycles',
});

export const pagesShare = defineCall({
  method: 'POST',
  path: 'pages/share',
  body: z.object({
    id,
    /**
     * A reviewer without an account (issue #28): the link then names them and lets them approve or
     * request changes, for the stage the page waits in now (one that allows it) and this revision.
     */
    reviewer_email: emailField.optional(),
  }),
  response: z.object({
    /**
     * Opens the page's saved state, published or not, without signing in: /site/_preview/<token>,
     * or /site/_review/<token> with Approve and Request changes for a named reviewer.
     */
    url: z.string(),
    expires_at: timestamp,
    /** The reviewer the link names and the stage it is good for; null for a plain preview link. */
    reviewer_email: z.string().nullable(),
    stage: z.string().nullable(),
  }),
  summary: `A signed link showing a page as last saved, to anyone (or, naming a reviewer, with Approve and Request changes for the stage it waits in), for ${PREVIEW_LINK_DAYS} days or until the page is deleted`,
});

/** The revisions of one record: `pages/history` and `pages/history/show`. */
export const { history: pagesHistory, historyShow: pagesHistoryShow } = historyCalls('pages', page);

/** Every call of this area, under the name the console's `api.pages` gives it. */
export const calls = {
  history: pagesHistory,
  historyShow: pagesHistoryShow,
  list: pagesList,
  show: pagesShow,
  children: pagesChildren,
  edit: pagesEdit,
  options: pagesOptions,
  slug: pagesSlug,
  store: pagesStore,
  update: pagesUpdate,
  delete: pagesDelete,
  sort: pagesSort,
  duplicate: pagesDuplicate,
  publishable: pagesPublishable,
  move: pagesMove,
  search: pagesSearch,
  restore: pagesRestore,
  share: pagesShare,
  schedule: pagesSchedule,
  waiting: pagesWaiting,
  submit: pagesSubmit,
  approve: pagesApprove,
  requestChanges: pagesRequestChanges,
};
