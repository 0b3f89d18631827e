import { z } from 'zod';
import { timestamp } from './common';
import { address, openingTimes } from './dealerships';
import { defineCall } from './define';
import { thankYou } from './forms';
import { siteFile } from './images';
import { pageMeta, sortBy, sortByMode } from './pages';

/**
 * The delivery API: what a website reads. Public (no token), read-only and published content only.
 * Every answer carries a strong ETag and Cache-Control; `If-None-Match` with the current ETag
 * answers 304. File addresses are absolute when the server knows its public address (PUBLIC_URL).
 */

export { type SiteFile, siteFile, siteRendition } from './images';

/** One field as a site renders it: text (markdown for rich text) or files. */
export const siteFieldValue = z.union([z.string(), z.array(siteFile)]);
export type SiteFieldValue = z.infer<typeof siteFieldValue>;
export const siteFields = z.record(z.string(), siteFieldValue);
export type SiteFields = z.infer<typeof siteFields>;

/**
 * One visible section of a block: `fields` when it is plain, `entries` (each an entry's fields)
 * when it is repeatable. Hidden sections are left out, and so is the editor's bookkeeping.
 */
export const siteSection = z.object({ fields: siteFields, entries: z.array(siteFields) });
export type SiteSection = z.infer<typeof siteSection>;

/** A visible block: its type (`index`, a key of the catalogue), its name and its visible sections. */
export const siteBlock = z.object({
  index: z.string(),
  name: z.string(),
  sections: z.record(z.string(), siteSection),
});
export type SiteBlock = z.infer<typeof siteBlock>;

/** A link to a page of the site: its name and its full path ('/' is the homepage). */
export const siteLink = z.object({ name: z.string(), path: z.string() });
export type SiteLink = z.infer<typeof siteLink>;

export const siteBrand = z.object({
  name: z.string(),
  slug: z.string(),
  /** The logo from the library, as block images are answered (renditions, focal point, size). */
  logo: siteFile.nullable(),
  /** The logo's original file (`logo.url`), as sites read it before the library. */
  logo_url: z.string().nullable(),
});
export type SiteBrand = z.infer<typeof siteBrand>;

/** A published page as a site shows it. */
export const sitePage = z.object({
  name: z.string(),
  path: z.string(),
  meta: pageMeta,
  published_at: timestamp.nullable(),
  brand: siteBrand.nullable(),
  /** From the homepage down to the page's parent; the page itself is not in it. */
  breadcrumbs: z.array(siteLink),
  blocks: z.array(siteBlock),
  /** The page-wide fields per configurable handle ('homepage', 'used_cars'). */
  configurables: z.record(z.string(), siteFields),
  /**
   * Published children in the page's own sort_by / sort_by_mode order, a page of them at a time
   * (`children_page` in the query); `children_meta` says where this page of them stands.
   */
  children: z.array(siteLink.extend({ published_at: timestamp.nullable() })),
  children_meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
  sort_by: sortBy,
  sort_by_mode: sortByMode,
});
export type SitePage = z.infer<typeof sitePage>;

/** A menu entry of the published tree, with its published children down to the depth asked for. */
export interface SiteNavEntry {
  name: string;
  path: string;
  children: SiteNavEntry[];
}

/** The deepest menu a site may ask for. */
export const SITE_NAV_MAX_DEPTH = 4;

/**
 * Menu entries spelled out level by level down to the deepest menu (the OpenAPI document has no
 * recursive schemas that every tool resolves); the deepest level's children are always empty.
 */
const navLevel = (depth: number): z.ZodType<SiteNavEntry> =>
  z.object({
    name: z.string(),
    path: z.string(),
    children: depth > 1 ? z.array(navLevel(depth - 1)) : z.array(z.never()).max(0),
  });
export const siteNavEntry = navLevel(SITE_NAV_MAX_DEPTH);

/** One question of a form as a site renders it: exactly what responses/submit checks answers against. */
export const siteQuestion = z.object({
  /** The field name a site sends the answer under. */
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'email', 'telephone', 'select', 'consent', 'registration', 'dealership', 'date']),
  required: z.boolean(),
  /** A select's options, or the dealerships a dealership picker offers (value: the dealership's id). */
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  help: z.string(),
  placeholder: z.string(),
  /** A date's bounds, YYYY-MM-DD. */
  earliest: z.string().nullable(),
  latest: z.string().nullable(),
});
export type SiteQuestion = z.infer<typeof siteQuestion>;

export const siteForm = z.object({
  handle: z.string(),
  name: z.string(),
  questions: z.array(siteQuestion),
  thank_you: thankYou,
});
export type SiteForm = z.infer<typeof siteForm>;

export const siteDealershipSummary = z.object({
  /** What a form's dealership question takes as its answer (its options' values). */
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: siteBrand.nullable(),
  email: z.string(),
  telephone: z.string(),
  address,
  opening_times: z.array(openingTimes),
});
export type SiteDealershipSummary = z.infer<typeof siteDealershipSummary>;

/** One live dealership, with what its own page and a locator show. */
export const siteDealership = siteDealershipSummary.extend({
  copy: z.string().nullable(),
  /** The banner and dealership images from the library, as block images are answered. */
  banners: z.array(siteFile),
  images: z.array(siteFile),
  /** Their originals' addresses, as sites read them before the library. */
  banner_urls: z.array(z.string()),
  image_urls: z.array(z.string()),
  team: z.array(
    z.object({
      name: z.string(),
      content: z.string().nullable(),
      image: siteFile.nullable(),
      image_url: z.string().nullable(),
    }),
  ),
});
export type SiteDealership = z.infer<typeof siteDealership>;

/** The public part of the settings only: never finance, history-check or voucher values. */
export const sitePublicSettings = z.object({
  site_name: z.string(),
  social: z.object({
    facebook: z.string().nullable(),
    twitter: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
});
export type SitePublicSettings = z.infer<typeof sitePublicSettings>;

const pathQuery = z.object({
  path: z
    .string('Give a page path.')
    .trim()
    .min(1, 'Give a page path.')
    .max(2000, 'Use at most 2,000 characters.')
    .regex(/^\//, 'Start the path with /.'),
  /** Which page of the page's children to list (100 to a page), from 1. */
  children_page: z.coerce
    .number<number | string>('Give a page number.')
    .int('Give a whole page number.')
    .min(1, 'Give a page number of 1 or more.')
    .max(100_000, 'Give a page number of at most 100,000.')
    .default(1),
});

export const sitePages = defineCall({
  method: 'GET',
  path: 'site/pages',
  auth: false,
  query: pathQuery,
  response: sitePage,
  summary:
    'The published page at a full path, with its visible blocks; 404 for an unknown or unpublished one',
});

export const siteNavigation = defineCall({
  method: 'GET',
  path: 'site/navigation',
  auth: false,
  query: z.object({
    depth: z.coerce
      .number('Give a depth from 1 to 4.')
      .int('Give a depth from 1 to 4.')
      .min(1, 'Give a depth from 1 to 4.')
      .max(SITE_NAV_MAX_DEPTH, 'Give a depth from 1 to 4.')
      .default(2),
  }),
  response: z.object({ data: z.array(siteNavEntry) }),
  summary: 'The published page tree as nested menu entries, from the homepage’s children down',
});

export const siteForms = defineCall({
  method: 'GET',
  path: 'site/forms/:handle',
  auth: false,
  params: z.object({ handle: z.string().max(255) }),
  response: siteForm,
  summary: 'A published form as a site renders it: its questions and thank-you message',
});

export const siteBrands = defineCall({
  method: 'GET',
  path: 'site/brands',
  auth: false,
  response: z.object({ data: z.array(siteBrand) }),
  summary: 'The live brands',
});

export const siteDealerships = defineCall({
  method: 'GET',
  path: 'site/dealerships',
  auth: false,
  query: z.object({ brand: z.string().max(255).optional() }),
  response: z.object({ data: z.array(siteDealershipSummary) }),
  summary: 'The live dealerships, of one brand when `brand` names its slug, for a locator',
});

export const siteDealershipsShow = defineCall({
  method: 'GET',
  path: 'site/dealerships/:slug',
  auth: false,
  params: z.object({ slug: z.string().max(255) }),
  response: siteDealership,
  summary: 'One live dealership by its slug',
});

export const siteSettings = defineCall({
  method: 'GET',
  path: 'site/settings',
  auth: false,
  response: sitePublicSettings,
  summary: 'The public settings: the site name and social links',
});

/** Every call of this area, under the name the console's `api.site` gives it. */
export const calls = {
  pages: sitePages,
  navigation: siteNavigation,
  forms: siteForms,
  brands: siteBrands,
  dealerships: siteDealerships,
  dealershipsShow: siteDealershipsShow,
  settings: siteSettings,
};
