import type { SiteBlock } from '@/api/contract/site';
import type { Api } from '@/api/endpoints';
import { emptySettings } from '@/site/context';
import type { SiteContextPage, SiteSource } from '@/site/siteContext';

/** The delivery API's calls the preview reads the published site through. */
export type DeliveryCalls = Pick<Api['site'], 'settings' | 'navigation' | 'dealerships' | 'forms' | 'brands'>;

/** What the builder's preview reads: the published site's parts, and which brands are live. */
export interface PreviewSource extends SiteSource {
  /** The slugs of the live brands: a page of another brand shows on the site as a page of none. */
  liveBrandSlugs(): Promise<ReadonlySet<string>>;
}

/**
 * The delivery API as a site source for the builder's preview, each answer asked once (a preview
 * closed and opened again asks nothing anew); a call that fails reads as nothing published.
 */
export function previewSource(calls: DeliveryCalls): PreviewSource {
  const asked = new Map<string, Promise<unknown>>();
  function once<T>(key: string, ask: () => Promise<T>, fallback: T): Promise<T> {
    let answer = asked.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = ask().catch(() => fallback);
      asked.set(key, answer);
    }
    return answer;
  }
  return {
    settings: () => once('settings', () => calls.settings({}), emptySettings),
    navigation: (depth) =>
      once(`navigation ${depth}`, () => calls.navigation({ query: { depth } }).then((r) => r.data), []),
    dealerships: (brand) =>
      once(
        `dealerships ${brand ?? ''}`,
        () => calls.dealerships({ query: brand === undefined ? {} : { brand } }).then((r) => r.data),
        [],
      ),
    form: (handle) => once(`form ${handle}`, () => calls.forms({ params: { handle } }), null),
    liveBrandSlugs: () =>
      once(
        'brands',
        () => calls.brands({}).then((r) => new Set(r.data.map((b) => b.slug))),
        new Set<string>(),
      ),
  };
}

/**
 * The builder's draft as the site would take it for its context: its visible blocks, and its brand
 * when that brand is live (the site's page names no brand otherwise).
 */
export function previewPageOf(
  blocks: readonly SiteBlock[],
  brandSlug: string | null | undefined,
  liveBrandSlugs: ReadonlySet<string>,
  path?: string,
): SiteContextPage {
  return { blocks, brand: brandSlug && liveBrandSlugs.has(brandSlug) ? { slug: brandSlug } : null, path };
}
