import type { SitePage } from '@/api/contract/site';
import { pageHref, type SiteContext } from './context';
import { SiteBlocks } from './SiteBlocks';

/** The trail from the homepage to the page, the page itself last and marked as the current one. */
export function Breadcrumbs({ page, context }: { page: SitePage; context: SiteContext }) {
  if (page.path === '/') return null;
  return (
    <nav className="site-breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {page.breadcrumbs.map((link) => (
          <li key={link.path}>
            <a href={pageHref(context, link.path)}>{link.name}</a>
          </li>
        ))}
        <li>
          <span aria-current="page">{page.name}</span>
        </li>
      </ol>
    </nav>
  );
}

/** Links to the previous and next pages of a long list of children, with where this one stands. */
function ChildPages({ page, context }: { page: SitePage; context: SiteContext }) {
  const { current_page: current, last_page: last } = page.children_meta;
  if (last <= 1) return null;
  const href = (n: number) => `${pageHref(context, page.path)}${n > 1 ? `?children_page=${n}` : ''}`;
  return (
    <p className="site-children__pages">
      {current > 1 ? (
        <a href={href(current - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      <span>{`Page ${current} of ${last}`}</span>
      {current < last ? (
        <a href={href(current + 1)} rel="next">
          Next
        </a>
      ) : null}
    </p>
  );
}

/** A page's main content: its breadcrumbs, title, blocks and the list of its published children. */
export function SitePageView({ page, context }: { page: SitePage; context: SiteContext }) {
  const pageContext = context.pagePath === undefined ? { ...context, pagePath: page.path } : context;
  return (
    <article className="site-page">
      <Breadcrumbs page={page} context={pageContext} />
      <h1 className="site-page__title">{page.name}</h1>
      <SiteBlocks blocks={page.blocks} context={pageContext} />
      {page.children.length ? (
        <nav className="site-block site-children" aria-labelledby="site-children-title">
          <h2 className="site-block__title" id="site-children-title">
            In this section
          </h2>
          <ul className="site-children__list">
            {page.children.map((child) => (
              <li key={child.path}>
                <a href={pageHref(context, child.path)}>{child.name}</a>
              </li>
            ))}
          </ul>
          <ChildPages page={page} context={context} />
        </nav>
      ) : null}
    </article>
  );
}
