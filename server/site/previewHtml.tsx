import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SitePage } from '@/api/contract/site';
import { emptySettings, type SiteContext } from '@/site/context';
import { SiteDocument } from '@/site/SiteDocument';
import { SiteLayout } from '@/site/SiteLayout';
import { SitePageView } from '@/site/SitePageView';

const html = (document: ReactElement) => `<!doctype html>${renderToStaticMarkup(document)}`;

/** A page as last saved, rendered as the site renders it, marked as a preview. */
export function renderPreview(page: SitePage, context: SiteContext, stylesheet: string): string {
  return html(
    <SiteDocument
      title={`Preview: ${page.meta.title || page.name}`}
      description=""
      stylesheet={stylesheet}
      script={null}
      viewPath={null}
    >
      <SiteLayout context={context}>
        <p className="site-preview-note" role="note">
          {page.published_at
            ? 'Preview of this page as last saved.'
            : 'Preview of this page as last saved. It is not published.'}
        </p>
        <SitePageView page={page} context={context} />
      </SiteLayout>
    </SiteDocument>,
  );
}

/** What an expired, altered or orphaned preview link shows. */
export function renderDeadPreview(message: string, stylesheet: string): string {
  const context: SiteContext = {
    basePath: '/site',
    settings: emptySettings,
    navigation: [],
    dealerships: [],
    forms: {},
  };
  return html(
    <SiteDocument
      title="Preview link not available"
      description=""
      stylesheet={stylesheet}
      script={null}
      viewPath={null}
    >
      <SiteLayout context={context}>
        <article className="site-page">
          <h1 className="site-page__title">Preview link not available</h1>
          <p>{message}</p>
        </article>
      </SiteLayout>
    </SiteDocument>,
  );
}
