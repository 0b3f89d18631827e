import { useEffect, useMemo, useState } from 'react';
import type { SiteBlock, SiteDealershipSummary } from '@/api/contract/site';
import { api } from '@/api/endpoints';
import type { SiteContext } from '@/site/context';
import { emptySiteContext, loadSiteContext, siteContextNeeds } from '@/site/siteContext';
import type { BuilderActor } from '../builder/useBuilderActor';
import { type PreviewSource, previewPageOf, previewSource } from './previewSource';

/** What blocks need besides their own fields, as the public delivery API serves it to the site. */
export type PreviewContext = SiteContext;

/** Per builder (its actor): a preview closed and opened again asks nothing anew. */
const sessions = new WeakMap<
  BuilderActor,
  { source: PreviewSource; brandSlugs?: Promise<ReadonlyMap<number, string>> }
>();

function sessionOf(actor: BuilderActor) {
  let session = sessions.get(actor);
  if (!session) {
    session = { source: previewSource(api.site) };
    sessions.set(actor, session);
  }
  return session;
}

/**
 * The preview's site context, built by the site's own loadSiteContext from the delivery API, as
 * the site and a share-preview link build theirs: empty until it answers, and asked again only
 * when what the draft needs changes (a locator added, a form chosen, another brand).
 */
export function usePreviewContext(
  actor: BuilderActor,
  blocks: readonly SiteBlock[],
  brandSlug: string | null | undefined,
): PreviewContext {
  const [context, setContext] = useState<SiteContext>(() => emptySiteContext());
  const needs = JSON.stringify([
    siteContextNeeds({ blocks, brand: brandSlug ? { slug: brandSlug } : null }),
    brandSlug,
  ]);
  // Only what the needs name is read from the blocks, so a keystroke in a block asks nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the blocks are read through their needs
  useEffect(() => {
    // The brand is not known yet: its locators would list the wrong dealerships for a moment.
    if (brandSlug === undefined) return;
    let current = true;
    const { source } = sessionOf(actor);
    void source
      .liveBrandSlugs()
      .then((live) => loadSiteContext(source, previewPageOf(blocks, brandSlug, live)))
      .then((loaded) => {
        if (current) setContext(loaded);
      });
    return () => {
      current = false;
    };
  }, [actor, needs]);
  return context;
}

/** Every live dealership, as a form's dealership picker chooses from them. */
export function useLiveDealerships(actor: BuilderActor): SiteDealershipSummary[] {
  const [dealerships, setDealerships] = useState<SiteDealershipSummary[]>([]);
  useEffect(() => {
    let current = true;
    void sessionOf(actor)
      .source.dealerships()
      .then((answer) => {
        if (current) setDealerships(answer);
      });
    return () => {
      current = false;
    };
  }, [actor]);
  return dealerships;
}

/**
 * The slug of a page's or form's brand, as the delivery API names a dealership's brand. Null for
 * none; undefined until the brands are known.
 */
export function useBrandSlug(actor: BuilderActor, brandId: number | null): string | null | undefined {
  const [slugs, setSlugs] = useState<ReadonlyMap<number, string> | undefined>(undefined);
  useEffect(() => {
    if (brandId === null) return;
    let current = true;
    const session = sessionOf(actor);
    session.brandSlugs ??= api.brands
      .options({})
      .then((r) => new Map(r.data.map((brand) => [brand.id, brand.slug])))
      .catch(() => new Map());
    void session.brandSlugs.then((answer) => {
      if (current) setSlugs(answer);
    });
    return () => {
      current = false;
    };
  }, [actor, brandId]);
  return useMemo(() => (brandId === null ? null : slugs?.get(brandId)), [brandId, slugs]);
}
