import type { ReactNode } from 'react';
import type { SiteNavEntry } from '@/api/contract/site';
import { linkHref, pageHref, type SiteContext } from './context';

function isCurrent(entry: SiteNavEntry, currentPath: string | undefined): boolean {
  return entry.path === currentPath;
}

function inTrail(entry: SiteNavEntry, currentPath: string | undefined): boolean {
  return (
    !!currentPath &&
    (currentPath === entry.path || (entry.path !== '/' && currentPath.startsWith(`${entry.path}/`)))
  );
}

function NavList({ entries, context }: { entries: SiteNavEntry[]; context: SiteContext }) {
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.path}>
          <a
            href={pageHref(context, entry.path)}
            aria-current={isCurrent(entry, context.pagePath) ? 'page' : undefined}
            className={inTrail(entry, context.pagePath) ? 'site-nav__trail' : undefined}
          >
            {entry.name}
          </a>
          {entry.children.length ? <NavList entries={entry.children} context={context} /> : null}
        </li>
      ))}
    </ul>
  );
}

const SOCIAL = [
  ['facebook', 'Facebook'],
  ['twitter', 'X (Twitter)'],
  ['instagram', 'Instagram'],
] as const;

/**
 * The site around a page: a skip link, a header with the site name and the main navigation (the
 * published tree's top level), and a footer with the whole tree and the group's social links.
 */
export function SiteLayout({ context, children }: { context: SiteContext; children: ReactNode }) {
  const name = context.settings.site_name || 'Our dealerships';
  const social = SOCIAL.flatMap(([key, label]) => {
    const href = linkHref(context, context.settings.social[key] ?? '');
    return href && /^https?:/.test(href) ? [{ key, label, href }] : [];
  });
  const top = context.navigation.map((entry) => ({ ...entry, children: [] }));
  return (
    <div className="site-root">
      <a className="site-skip" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-container site-header__inner">
          <a className="site-header__name" href={pageHref(context, '/')}>
            {name}
          </a>
          {top.length ? (
            <nav className="site-nav" aria-label="Main">
              <NavList entries={top} context={context} />
            </nav>
          ) : null}
        </div>
      </header>
      <main className="site-container site-main" id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="site-container site-footer__inner">
          {context.navigation.length ? (
            <nav className="site-footer__map" aria-label="Site map">
              <NavList entries={context.navigation} context={context} />
            </nav>
          ) : null}
          {social.length ? (
            <ul className="site-footer__social" aria-label="Follow us">
              {social.map((link) => (
                <li key={link.key}>
                  <a href={link.href} rel="noopener">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="site-footer__name">{name}</p>
        </div>
      </footer>
    </div>
  );
}
