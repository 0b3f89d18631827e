import type {
  SiteDealershipSummary,
  SiteFieldValue,
  SiteFile,
  SiteForm,
  SiteNavEntry,
  SitePublicSettings,
} from '@/api/contract/site';
import { isSafeUrl } from '@/shared/markdown';

/** What a form shows after a post: the typed values and the errors per question name. */
export interface SiteFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  /** The form was sent: its thank-you message shows in its place. */
  sent?: boolean;
}

/** What blocks need besides themselves. */
export interface SiteContext {
  /** Where the site's links are made under: '/site' (no trailing slash); '' at a domain's root. */
  basePath: string;
  settings: SitePublicSettings;
  /** The published tree, from the homepage's children down. */
  navigation: SiteNavEntry[];
  /** The live dealerships a locator block lists. */
  dealerships: SiteDealershipSummary[];
  /** The published forms embedded-form blocks show, by handle. */
  forms: Record<string, SiteForm>;
  /** Per form handle, what the visitor typed and what was wrong, after a post. */
  formStates?: Record<string, SiteFormState>;
  /** The page's own full path ('/' is the homepage): forms without JavaScript post back to it. */
  pagePath?: string;
}

export const emptySettings: SitePublicSettings = {
  site_name: '',
  social: { facebook: null, twitter: null, instagram: null },
};

/** The address of a page of the site ('/used-cars') under the base path. */
export function pageHref(context: Pick<SiteContext, 'basePath'>, path: string): string {
  return `${context.basePath}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * A link an editor typed: a site path ('/contact-us') goes under the base path, an absolute
 * http(s), mailto or tel address stays, and anything else (javascript:, data:) becomes nothing.
 */
export function linkHref(context: Pick<SiteContext, 'basePath'>, link: string): string | null {
  const trimmed = link.trim();
  if (!trimmed || !isSafeUrl(trimmed)) return null;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return pageHref(context, trimmed);
  return trimmed;
}

/** A text field's value ('' for files or nothing). */
export function textOf(value: SiteFieldValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** A files field's files (none for text or nothing), with safe addresses only. */
export function filesOf(value: SiteFieldValue | undefined): SiteFile[] {
  return Array.isArray(value) ? value.filter((file) => file.url && isSafeUrl(file.url)) : [];
}

/** Words a visitor can read from a file's name: 'ford-focus_front.jpg' gives 'ford focus front'. */
export function altFromName(name: string): string {
  return name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A stored date ('2026-03-05' or a timestamp) as a visitor reads it: '5 March 2026'; '' if unreadable. */
export function longDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${Number(match[3])} ${month} ${match[1]}` : '';
}

/** An id made from a handle, safe in an HTML id and a URL fragment. */
export function idFrom(...parts: string[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-');
}
