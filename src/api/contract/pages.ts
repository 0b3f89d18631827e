import { z } from 'zod';
import { pageConfigurables, pageItem } from './blocks';
import {
  bool,
  fieldGroup,
  flag,
  flagValue,
  id,
  idQuery,
  messageResponse,
  optionalDateTime,
  optionalId,
  requiredText,
  savedResponse,
  timestamp,
  versionSavedResponse,
} from './common';
import { defineCall } from './define';
import { historyCalls } from './history';
import { treeCalls, treeSlugQuery } from './lifecycle';
import { pagesApprove, pagesRequestChanges, pagesSubmit, pagesWaiting } from './pageReview';

export { pagesApprove, pagesRequestChanges, pagesSubmit, pagesWaiting };

import { review } from './workflows';

export const sortBy = z.enum(['sort_order', 'published_at'], 'Choose how children are sorted.');
export const sortByMode = z.enum(['asc', 'desc'], 'Choose ascending or descending.');

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

/** The homepage's slug: the one slug a page is given by asking, not made from its name. */
export const HOMEPAGE_SLUG = '/';

/** '/' (the homepage) or lowercase words joined by hyphens, in segments joined by '/'. */
export const pageSlug = z
  .string('Enter a slug.')
  .trim()
  .min(1, 'Enter a slug.')
  .max(500, 'Use at most 500 characters.')
  .regex(
    /^(?:\/|[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)$/,
    'Use lowercase letters, numbers, hyphens and slashes only.',
  );

/** Fields the page and form builders share (spec §3 Page), before the rules that span fields. */
export const builderPageFields = z.object({
  name: requiredText('Enter a name.'),
  meta: fieldGroup(
    z.object({
      title: requiredText('Enter a meta title.'),
      description: requiredText('Enter a meta description.', 1000),
    }),
  ),
  published: flag.default(0),
  published_at: optionalDateTime('Enter a publish date.'),
  /** Optional: when a published page or form comes down by itself. */
  unpublish_at: optionalDateTime('Enter an unpublish date.'),
  items: z.array(pageItem).max(1000, 'Use at most 1000 blocks.').default([]),
  configurables: pageConfigurables.default({}),
  locked: flag.default(0),
  child_template_id: optionalId,
  sort_by: sortBy.default('sort_order'),
  sort_by_mode: sortByMode.default('asc'),
  is_allowed_children: flag.default(0),
  is_tree_recursive: flag.default(0),
});

type PublishFields = { published: 0 | 1; published_at: string | null; unpublish_at: string | null };

export const UNPUBLISH_AFTER_PUBLISH = 'Choose a time after the publish time.';

/** A date-time the contract accepted ('2026-01-02T09:30', with or without seconds and offset) as an instant. */
const instantOf = (value: string): number => new Date(value).getTime();

/**
 * Published = Yes needs a publish date; published = No drops it and the unpublish time (spec §4
 * Page published). An unpublish time comes after the publish time. The rules run as soon as
 * those fields are readable, so their errors show with the others.
 */
export function withPublishRules<T extends z.ZodType<PublishFields>>(schema: T) {
  return schema
    .superRefine(
      (value, ctx) => {
        if (value.published === 1 && !value.published_at) {
          ctx.addIssue({ code: 'custom', path: ['published_at'], message: 'Enter a publish date.' });
        }
        if (
          value.published === 1 &&
          value.published_at &&
          value.unpublish_at &&
          instantOf(value.unpublish_at) <= instantOf(value.published_at)
        ) {
          ctx.addIssue({ code: 'custom', path: ['unpublish_at'], message: UNPUBLISH_AFTER_PUBLISH });
        }
      },
      {
        // Only on an object whose two fields parsed: a missing or broken body has its own issues.
        when: (payload) =>
          typeof payload.value === 'object' &&
          payload.value !== null &&
          !payload.issues.some(
            (i) =>
              (i.path?.length ?? 0) === 0 ||
              i.path?.[0] === 'published' ||
              i.path?.[0] === 'published_at' ||
              i.path?.[0] === 'unpublish_at',
          ),
      },
    )
    .transform((value) =>
      value.published === 1 ? value : { ...value, published_at: null, unpublish_at: null },
    );
}

export const pageFieldsBase = builderPageFields.extend({
  /**
   * The server makes a page's slug from its name (the answer says which); only '/' is read: it
   * asks for the homepage, so a client sends the slug only for that.
   */
  slug: pageSlug.optional(),
  /**
   * A new page needs a brand; the group's own pages (the homepage, About Us...) were made without one
   * and keep none (null), so an existing page without a brand saves as it is.
   */
  brand_id: z.coerce.number('Choose a brand.').int('Choose a brand.').positive('Choose a brand.').nullable(),
});
/** The page builder form (spec §5 required markers). */
export const pageFields = withPublishRules(pageFieldsBase);
export type PageInput = z.input<typeof pageFields>;
export type PageValues = z.output<typeof pageFields>;

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
    /** Entries without a brand id. */
    brands: z.array(pageSummary),
    /** Group sections: pages that hold children. */
    folders: z.array(pageSummary),
    /** Pages without children. */
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
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
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

/** How long a 'Share preview' link shows its page (README: Preview and share links). */
export const PREVIEW_LINK_DAYS = 7;

export const pagesShare = defineCall({
  method: 'POST',
  path: 'pages/share',
  body: z.object({ id }),
  response: z.object({
    /** Opens the page's saved state, published or not, without signing in: /site/_preview/<token>. */
    url: z.string(),
    expires_at: timestamp,
  }),
  summary: `A signed link showing a page as last saved, to anyone, for ${PREVIEW_LINK_DAYS} days or until the page is deleted`,
});

/** How far ahead the dashboard's schedule looks. */
export const SCHEDULE_DAYS = 7;

/** A page or form going live or coming down at a set time. */
export const scheduledChange = z.object({
  id: z.number().int(),
  kind: z.enum(['page', 'form']),
  name: z.string(),
  at: timestamp,
  change: z.enum(['publish', 'unpublish']),
});
export type ScheduledChange = z.infer<typeof scheduledChange>;

export const pagesSchedule = defineCall({
  method: 'GET',
  path: 'pages/schedule',
  response: z.object({ data: z.array(scheduledChange) }),
  summary: `Pages and forms that go live or come down in the next ${SCHEDULE_DAYS} days, soonest first (at most 100)`,
});

/** Every call of this area, under the name the console's `api.pages` gives it. */
/** The revisions of one record: `pages/history` and `pages/history/show`. */
export const { history: pagesHistory, historyShow: pagesHistoryShow } = historyCalls('pages', page);

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
