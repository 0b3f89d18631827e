import { useId } from 'react';
import { useAccess } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import { useAllowedNavigation } from './layouts/Sidebar';
import styles from './Refused.module.css';
import { REFUSED_TITLE, type RouteAccess } from './routeAccess';

/**
 * A screen the user's role may not open (issue #25): the page says so and why, and leads on, rather
 * than calling the API to be refused. The dashboard is where sign-in leads: for a role without it,
 * this page lists the areas the user may open instead (docs/decisions/018-access-in-the-console.md).
 */
export default function Refused({ needs }: { needs: RouteAccess }) {
  const access = useAccess();
  const titleId = useId();
  const areas = useAllowedNavigation().flatMap((section) => section.items);
  const dashboard = access.can('view', 'dashboard');
  return (
    <section className={styles.refused} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {REFUSED_TITLE}
      </h1>
      <p className={styles.reason}>{access.reason(needs.action, needs.area)}</p>
      {dashboard && needs.area !== 'dashboard' ? (
        <ButtonLink href={pathTo('dashboard')} variant="primary">
          Go to the dashboard
        </ButtonLink>
      ) : areas.length > 0 ? (
        <nav aria-label="What you can open">
          <ul className={styles.links}>
            {areas.map((item) => (
              <li key={item.href}>
                <ButtonLink href={item.href} icon={item.icon}>
                  {item.label}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p className={styles.reason}>
          Your role gives you no area of the console yet: ask a group administrator.
        </p>
      )}
    </section>
  );
}
