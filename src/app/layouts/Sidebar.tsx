import { Link, useLocation } from 'wouter';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/Icon';
import { navigation } from '../routes';
import styles from './Sidebar.module.css';

/**
 * The sections of spec §2; an area shows once its screens exist. On a tablet it narrows to a rail of
 * icons, each named for screen readers and in its tooltip, to leave the tables their width.
 */
export function Sidebar() {
  const [location] = useLocation();
  return (
    <nav className={styles.sidebar} aria-label="Main">
      {navigation
        .filter((section) => section.items.length > 0)
        .map((section) => (
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
