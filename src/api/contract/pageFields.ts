import { z } from 'zod';
import { pageConfigurables, pageItem } from './blocks';
import { fieldGroup, flag, idNumber, optionalDateTime, optionalId, requiredText } from './common';

/*
 * What the page builder's screen needs of the pages area: the fields its settings form edits,
 * the rules it checks and the share link's lifetime. They live apart from the area's calls
 * (pages.ts, which re-exports them), so the builder loads these few schemas without the rest.
 */

/** How long a 'Share preview' link shows its page (README: Preview and share links). */
export const PREVIEW_LINK_DAYS = 7;

export const sortBy = z.enum(['sort_order', 'published_at'], 'Choose how children are sorted.');
export const sortByMode = z.enum(['asc', 'desc'], 'Choose ascending or descending.');

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
  brand_id: z.coerce.number('Choose a brand.').pipe(idNumber('Choose a brand.')).nullable(),
});
/** The page builder form (spec §5 required markers). */
export const pageFields = withPublishRules(pageFieldsBase);
export type PageInput = z.input<typeof pageFields>;
export type PageValues = z.output<typeof pageFields>;
