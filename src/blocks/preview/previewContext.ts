import { useEffect, useMemo, useState } from 'react';
import type { PageItem } from '@/api/contract/pages';
import type { SiteForm } from '@/api/contract/site';
import { api } from '@/api/endpoints';
import { emptySettings, type SiteContext } from '@/site/context';
import type { BuilderActor } from '../builder/useBuilderActor';

/** What blocks need besides their own fields, as the public delivery API serves it to the site. */
export type PreviewContext = SiteContext;

interface Shared {
  settings: SiteContext['settings'];
  navigation: SiteContext['navigation'];
  dealerships: SiteContext['dealerships'];
}

/** Per builder (its actor): a preview closed and opened again asks nothing anew. */
const sessions = new WeakMap<
  BuilderActor,
  {
    shared: Promise<Shared>;
    forms: Map<string, Promise<SiteForm | null>>;
    brandSlugs?: Promise<ReadonlyMap<number, string>>;
  }
>();

function sessionOf(actor: BuilderActor) {
  let session = sessions.get(actor);
  if (!session) {
    const orNull = <T>(promise: Promise<T>) => promise.catch(() => null);
    session = {
      shared: Promise.all([
        orNull(api.site.settings({})),
        orNull(api.site.navigation({ query: { depth: 2 } })),
        orNull(api.site.dealerships({ query: {} })),
      ]).then(([settings, navigation, dealerships]) => ({
        settings: settings ?? emptySettings,
        navigation: navigation?.data ?? [],
        dealerships: dealerships?.data ?? [],
      })),
      forms: new Map(),
    };
    sessions.set(actor, session);
  }
  return session;
}

/** The form handles the draft's embedded-form blocks name. */
export function embeddedHandles(items: readonly PageItem[]): string[] {
  const handles = items.flatMap((item) => {
    const handle = item.index === 'embedded_form' ? item.sections.content?.fields.form : undefined;
    return typeof handle === 'string' && handle.trim() ? [handle.trim()] : [];
  });
  return [...new Set(handles)].sort();
}

/**
 * The preview's site context: empty until the delivery API answers; the published forms the
 * draft embeds are fetched as they are chosen, each once per builder.
 */
export function usePreviewContext(actor: BuilderActor, formHandles: readonly string[] = []): PreviewContext {
  const [shared, setShared] = useState<Shared>({ settings: emptySettings, navigation: [], dealerships: [] });
  const [forms, setForms] = useState<Record<string, SiteForm>>({});
  const wanted = formHandles.join('\n');
  useEffect(() => {
    let current = true;
    void sessionOf(actor).shared.then((answer) => {
      if (current) setShared(answer);
    });
    return () => {
      current = false;
    };
  }, [actor]);
  useEffect(() => {
    let current = true;
    const session = sessionOf(actor);
    const handles = wanted ? wanted.split('\n') : [];
    void Promise.all(
      handles.map(async (handle) => {
        let load = session.forms.get(handle);
        if (!load) {
          load = api.site.forms({ params: { handle } }).catch(() => null);
          session.forms.set(handle, load);
        }
        return [handle, await load] as const;
      }),
    ).then((answers) => {
      if (!current) return;
      setForms(Object.fromEntries(answers.flatMap(([handle, form]) => (form ? [[handle, form]] : []))));
    });
    return () => {
      current = false;
    };
  }, [actor, wanted]);
  return useMemo(() => ({ basePath: '/site', ...shared, forms }), [shared, forms]);
}

/**
 * The slug of the brand a form belongs to, as the delivery API names a dealership's brand: what a
 * brand-only dealership picker filters by. Undefined until the brands are known.
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
  if (brandId === null) return null;
  return slugs?.get(brandId);
}
