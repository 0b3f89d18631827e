import { useEffect, useState } from 'react';
import type { SiteDealershipSummary, SiteForm, SiteNavEntry, SitePublicSettings } from '@/api/contract/site';
import { api } from '@/api/endpoints';
import type { BuilderActor } from '../builder/useBuilderActor';

/**
 * What blocks show besides their own fields, read from the public delivery API as a visitor's
 * site reads it: the menu, the public settings, the live dealerships and the published forms.
 */
export interface PreviewContext {
  settings: SitePublicSettings | null;
  navigation: SiteNavEntry[];
  dealerships: SiteDealershipSummary[];
  forms: Record<string, SiteForm>;
}

const EMPTY: PreviewContext = { settings: null, navigation: [], dealerships: [], forms: {} };

/** Loaded once per builder (its actor): a preview opened, closed and opened again asks nothing new. */
const loaded = new WeakMap<BuilderActor, Promise<PreviewContext>>();

const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

async function loadContext(): Promise<PreviewContext> {
  const [settings, navigation, dealerships] = await Promise.all([
    orNull(api.site.settings({})),
    orNull(api.site.navigation({ query: { depth: 2 } })),
    orNull(api.site.dealerships({ query: {} })),
  ]);
  return {
    settings,
    navigation: navigation?.data ?? [],
    dealerships: dealerships?.data ?? [],
    forms: {},
  };
}

/** The builder's preview context: empty at first, then what the delivery API answered. */
export function usePreviewContext(actor: BuilderActor): PreviewContext {
  const [context, setContext] = useState<PreviewContext>(EMPTY);
  useEffect(() => {
    let current = true;
    let load = loaded.get(actor);
    if (!load) {
      load = loadContext();
      loaded.set(actor, load);
    }
    void load.then((answer) => {
      if (current) setContext(answer);
    });
    return () => {
      current = false;
    };
  }, [actor]);
  return context;
}
