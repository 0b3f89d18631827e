import { Link, useLocation } from 'wouter';
import { useAccess } from '@/machines/session';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/Icon';
import { routeAccess } from '../routeAccess';
import { type NavSection, navigation } from '../routes';
import styles from './Sidebar.module.css';

/**
 * The sections of spec §2; an area shows once its screens exist. On a tablet it narrows to a rail of
 * icons, each named for screen readers and in its tooltip, to leave the tables their width. Only the
 * areas the user may open are there (routeAccess.ts); a section with none of them goes.
 */
export function Sidebar() {
  const [location] = useLocation();
  const sections = useAllowedNavigation();
  return (
    <nav className={styles.sidebar} aria-label="Main">
      {sections.map((section) => (
        <div key={section.title ?? 'top'} className={styles.section}>
          {section.title ? <h2 className={styles.heading}>{section.title}</h2> : null}
          <ul className={styles.list}>
            {section.items.map((item) => {
              const active = location === item.href || location.startsWith(`${item.href}/`);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className={cx(styles.link, active && styles.active)}
                    aria-current={active ? 'page' : undefined}
                    title={item.label}
                  >
                    <Icon name={item.icon} />
                    <span className={styles.label}>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The sidebar's sections with only the links the user may open. */
export function useAllowedNavigation(): NavSection[] {
  const access = useAccess();
  return navigation
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => {
        const needs = routeAccess[item.route];
        return access.can(needs.action, needs.area);
      }),
    }))
    .filter((section) => section.items.length > 0);
}
