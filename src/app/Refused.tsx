import { useAccess } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import { NotFound } from '@/ui/NotFound';
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
  const areas = useAllowedNavigation().flatMap((section) => section.items);
  const dashboard = access.can('view', 'dashboard');
  const message = access.reason(needs.action, needs.area);
  if (dashboard && needs.area !== 'dashboard') {
    return (
      <NotFound
        title={REFUSED_TITLE}
        message={message}
        action={{ label: 'Go to the dashboard', href: pathTo('dashboard') }}
      />
    );
  }
  return (
    <NotFound title={REFUSED_TITLE} message={message}>
      {areas.length > 0 ? (
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
        <p>Your role gives you no area of the console yet: ask a group administrator.</p>
      )}
    </NotFound>
  );
}
