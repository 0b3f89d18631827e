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
        </nav>
      ) : null}
    </article>
  );
}
