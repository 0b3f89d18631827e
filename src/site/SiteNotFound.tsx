import { pageHref, type SiteContext } from './context';

/** The page a visitor sees at an address with no published page. */
export function SiteNotFound({ context }: { context: SiteContext }) {
  return (
    <article className="site-page site-not-found">
      <h1 className="site-page__title">Page not found</h1>
      <p>The page you asked for is not here. It may have moved, or the address may be mistyped.</p>
      <p>
        <a className="site-button site-button--primary" href={pageHref(context, '/')}>
          Go to the homepage
        </a>
      </p>
    </article>
  );
}
