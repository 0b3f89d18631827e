import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SitePage } from '@/api/contract/site';
import { idFrom, type SiteContext } from '@/site/context';
import { SiteDocument } from '@/site/SiteDocument';
import { SiteThankYou } from '@/site/SiteFormView';
import { SiteLayout } from '@/site/SiteLayout';
import { SiteNotFound } from '@/site/SiteNotFound';
import { SitePageView } from '@/site/SitePageView';
import { emptySiteContext } from '@/site/siteContext';

/** The addresses of the site's own stylesheet and script (fingerprinted). */
export interface SiteAssetLinks {
  stylesheet: string;
  script: string;
}

/** What a document shows: a page, the designed 404 page, or a message with a title of its own. */
export type SiteDocumentContent =
  | { kind: 'page'; page: SitePage; context: SiteContext }
  | { kind: 'notFound'; context: SiteContext }
  | { kind: 'message'; title: string; message: string; back?: { href: string; label: string } };

export interface SiteDocumentOptions {
  assets: SiteAssetLinks;
  /**
   * A share-preview link's page: a note says it is a preview, its title says so, and it runs no
   * script (no view is counted, no form is sent from it).
   */
  preview?: boolean;
  /** A reviewer's link (issue #28): Approve and Request changes above the preview. */
  review?: ReviewPanel;
}

/** What a reviewer without an account is asked, as plain form posts (no script needed). */
export interface ReviewPanel {
  /** Where the form posts: the link itself. */
  action: string;
  email: string;
  stage: string;
  workflow: string;
  comment: string;
  error: string | null;
}

function reviewPanel(review: ReviewPanel): ReactNode {
  return (
    <section className="site-review" aria-labelledby="site-review-title">
      <h2 id="site-review-title" className="site-review__title">
        {`Review: ${review.stage}`}
      </h2>
      <p>{`You are reviewing this page as ${review.email}, for ${review.stage} (${review.workflow}).`}</p>
      {review.error ? (
        <p className="site-review__error" role="alert">
          {review.error}
        </p>
      ) : null}
      <form method="post" action={review.action} className="site-review__form">
        <label htmlFor="site-review-comment">Comment (needed to request changes)</label>
        <textarea
          id="site-review-comment"
          name="comment"
          rows={3}
          maxLength={2000}
          defaultValue={review.comment}
        />
        <div className="site-review__actions">
          <button type="submit" name="decision" value="approve" className="site-button site-button--primary">
            Approve
          </button>
          <button
            type="submit"
            name="decision"
            value="request-changes"
            className="site-button site-button--secondary"
          >
            Request changes
          </button>
        </div>
      </form>
    </section>
  );
}

/** The page's title as a browser tab and a search result show it. */
function documentTitle(page: SitePage | null, siteName: string): string {
  const own = page ? page.meta.title.trim() || page.name : 'Page not found';
  return siteName && own !== siteName ? `${own} | ${siteName}` : own;
}

function previewNote(page: SitePage): ReactNode {
  return (
    <p className="site-preview-note" role="note">
      {page.published_at
        ? 'Preview of this page as last saved.'
        : 'Preview of this page as last saved. It is not published.'}
    </p>
  );
}

/** Each embedded form's thank-you message, ready for the site's script to show once it is sent. */
function thankYouTemplates(context: SiteContext): ReactNode {
  return Object.values(context.forms).map((form) => (
    <template key={form.handle} data-site-thank-you-for={form.handle}>
      <SiteThankYou form={form} id={`${idFrom('form', form.handle)}-thank-you`} />
    </template>
  ));
}

/**
 * A complete HTML document of the site, for its pages and its share-preview links alike: the page
 * in the site's layout (or the designed 404 page, or a message), with the site's stylesheet and,
 * outside a preview, its script.
 */
export function renderSiteDocument(
  content: SiteDocumentContent,
  { assets, preview = false, review }: SiteDocumentOptions,
): string {
  const context = content.kind === 'message' ? emptySiteContext() : content.context;
  const page = content.kind === 'page' ? content.page : null;
  let title: string;
  let body: ReactNode;
  if (content.kind === 'message') {
    title = content.title;
    body = (
      <article className="site-page">
        <h1 className="site-page__title">{content.title}</h1>
        <p>{content.message}</p>
        {content.back ? (
          <p>
            <a href={content.back.href}>{content.back.label}</a>
          </p>
        ) : null}
      </article>
    );
  } else if (page) {
    title = documentTitle(page, context.settings.site_name);
    body = (
      <>
        {review ? reviewPanel(review) : null}
        {preview ? previewNote(page) : null}
        <SitePageView page={page} context={context} />
      </>
    );
  } else {
    title = documentTitle(null, context.settings.site_name);
    body = <SiteNotFound context={context} />;
  }
  const html = renderToStaticMarkup(
    <SiteDocument
      title={preview && page ? `Preview: ${title}` : title}
      description={preview ? '' : (page?.meta.description.trim() ?? '')}
      stylesheet={assets.stylesheet}
      script={preview ? null : assets.script}
      viewPath={page?.path ?? null}
    >
      <SiteLayout context={context}>{body}</SiteLayout>
      {preview ? null : thankYouTemplates(context)}
    </SiteDocument>,
  );
  return `<!doctype html>${html}`;
}
