import type {
  SiteBlock,
  SiteDealershipSummary,
  SiteForm,
  SiteNavEntry,
  SitePublicSettings,
} from '@/api/contract/site';
import { emptySettings, type SiteContext, type SiteFormState, textOf } from './context';

/** Where the reference site lives: its links are made under it. */
export const SITE_BASE_PATH = '/site';

/** How deep the site's navigation goes: the layout shows the published tree's top level. */
export const SITE_NAVIGATION_DEPTH = 1;

/** What of a page decides its context: its visible blocks, its live brand and its path. */
export interface SiteContextPage {
  blocks: readonly Pick<SiteBlock, 'index' | 'sections'>[];
  /** The page's brand when it is live; a locator on a page of no live brand lists every dealership. */
  brand: { slug: string } | null;
  path?: string | undefined;
}

/** What a page's context is made of, asked of the delivery API's functions. */
export interface SiteContextNeeds {
  navigationDepth: number;
  /** Whose dealerships the page's locators list: a brand's slug, every live one (''), or none (null). */
  dealerships: string | null;
  /** The handles of the forms its embedded-form blocks show, each once, in order. */
  forms: string[];
}

/** The answers to a page's needs. */
export interface SiteContextData {
  settings: SitePublicSettings;
  navigation: SiteNavEntry[];
  dealerships: SiteDealershipSummary[];
  /** One per handle of the needs' forms, in the same order: null for a form not published. */
  forms: readonly (SiteForm | null)[];
}

/** What reads the published site: the delivery API's domain functions, or its calls over HTTP. */
export interface SiteSource {
  settings(): Promise<SitePublicSettings>;
  navigation(depth: number): Promise<SiteNavEntry[]>;
  dealerships(brandSlug?: string): Promise<SiteDealershipSummary[]>;
  form(handle: string): Promise<SiteForm | null>;
}

export interface SiteContextOptions {
  basePath?: string;
  formStates?: Record<string, SiteFormState>;
}

/** The form handles a page's embedded-form blocks name, each once. */
export function embeddedFormHandles(page: Pick<SiteContextPage, 'blocks'>): string[] {
  const handles = page.blocks
    .filter((block) => block.index === 'embedded_form')
    .map((block) => textOf(block.sections.content?.fields.form).trim())
    .filter(Boolean);
  return [...new Set(handles)];
}

/** What a page needs besides its own blocks; a missing page (the 404 page) needs only the menu. */
export function siteContextNeeds(page: SiteContextPage | null): SiteContextNeeds {
  const locator = page?.blocks.some((block) => block.index === 'dealership_locator') ?? false;
  return {
    navigationDepth: SITE_NAVIGATION_DEPTH,
    dealerships: locator ? (page?.brand?.slug ?? '') : null,
    forms: page ? embeddedFormHandles(page) : [],
  };
}

/** The context the site's components draw a page with, from the answers to its needs. */
export function siteContextOf(
  page: SiteContextPage | null,
  data: SiteContextData,
  options: SiteContextOptions = {},
): SiteContext {
  return {
    basePath: options.basePath ?? SITE_BASE_PATH,
    settings: data.settings,
    navigation: data.navigation,
    dealerships: data.dealerships,
    forms: Object.fromEntries(data.forms.flatMap((form) => (form ? [[form.handle, form]] : []))),
    formStates: options.formStates ?? {},
    pagePath: page?.path,
  };
}

/**
 * A page's context, read from a source: the one way the site, a share-preview link and the
 * builder's preview learn what a page's blocks need, so the three show the same.
 */
export async function loadSiteContext(
  source: SiteSource,
  page: SiteContextPage | null,
  options: SiteContextOptions = {},
): Promise<SiteContext> {
  const needs = siteContextNeeds(page);
  const [settings, navigation, dealerships, forms] = await Promise.all([
    source.settings(),
    source.navigation(needs.navigationDepth),
    needs.dealerships === null ? [] : source.dealerships(needs.dealerships || undefined),
    Promise.all(needs.forms.map((handle) => source.form(handle))),
  ]);
  return siteContextOf(page, { settings, navigation, dealerships, forms }, options);
}

/** The context of a page whose needs are not answered yet: the site's frame with nothing in it. */
export function emptySiteContext(page: SiteContextPage | null = null): SiteContext {
  return siteContextOf(page, { settings: emptySettings, navigation: [], dealerships: [], forms: [] });
}
