import { renderToStaticMarkup } from 'react-dom/server';
import type { SitePage } from '@/api/contract/site';
import { idFrom, type SiteContext, type SiteFormState, textOf } from '@/site/context';
import { SiteDocument } from '@/site/SiteDocument';
import { SiteThankYou } from '@/site/SiteFormView';
import { SiteLayout } from '@/site/SiteLayout';
import { SiteNotFound } from '@/site/SiteNotFound';
import { SitePageView } from '@/site/SitePageView';
import type { SiteReader } from './reader';

/** Where the reference site lives on the server. */
export const SITE_BASE_PATH = '/site';

/** The addresses of the site's own stylesheet and script (fingerprinted). */
export interface SiteAssetLinks {
  stylesheet: string;
  script: string;
}

/** The form handles a page's embedded-form blocks name, each once. */
export function embeddedFormHandles(page: SitePage): string[] {
  const handles = page.blocks
    .filter((block) => block.index === 'embedded_form')
    .map((block) => textOf(block.sections.content?.fields.form).trim())
    .filter(Boolean);
  return [...new Set(handles)];
}

/**
 * Everything a page's blocks need besides themselves, read through the delivery API's reader only:
 * the top level of the navigation and the settings always, the live dealerships when a locator shows them, the forms that
 * embedded-form blocks show.
 */
export async function siteContextFor(
  reader: SiteReader,
  page: SitePage | null,
  formStates: Record<string, SiteFormState> = {},
): Promise<SiteContext> {
  const locator = page?.blocks.some((block) => block.index === 'dealership_locator') ?? false;
  const handles = page ? embeddedFormHandles(page) : [];
  const [navigation, settings, dealerships, forms] = await Promise.all([
    reader.navigation(1),
    reader.settings(),
    locator ? reader.dealerships(page?.brand?.slug) : Promise.resolve([]),
    Promise.all(handles.map((handle) => reader.form(handle))),
  ]);
  return {
    basePath: SITE_BASE_PATH,
    settings,
    navigation,
    dealerships,
    forms: Object.fromEntries(forms.flatMap((form) => (form ? [[form.handle, form]] : []))),
    formStates,
    pagePath: page?.path,
  };
}

/** The page's title as a browser tab and a search result show it. */
function documentTitle(page: SitePage | null, siteName: string): string {
  const own = page ? page.meta.title.trim() || page.name : 'Page not found';
  return siteName && own !== siteName ? `${own} | ${siteName}` : own;
}

/**
 * A complete HTML document of the site: the page in the site's layout (or the designed 404 page),
 * with each embedded form's thank-you message ready for the site's script to show once it is sent.
 */
export function renderSiteDocument(
  page: SitePage | null,
  context: SiteContext,
  assets: SiteAssetLinks,
): string {
  const body = page ? <SitePageView page={page} context={context} /> : <SiteNotFound context={context} />;
  const thankYous = Object.values(context.forms).map((form) => (
    <template key={form.handle} data-site-thank-you-for={form.handle}>
      <SiteThankYou form={form} id={`${idFrom('form', form.handle)}-thank-you`} />
    </template>
  ));
  const html = renderToStaticMarkup(
    <SiteDocument
      title={documentTitle(page, context.settings.site_name)}
      description={page?.meta.description.trim() ?? ''}
      stylesheet={assets.stylesheet}
      script={assets.script}
      viewPath={page?.path ?? null}
    >
      <SiteLayout context={context}>{body}</SiteLayout>
      {thankYous}
    </SiteDocument>,
  );
  return `<!doctype html>${html}`;
}
