import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { useSignedInUser } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/Icon';
import menuStyles from '@/ui/MenuButton.module.css';
import { AccountFace } from './AccountFace';
import bellStyles from './NotificationBell.module.css';
import styles from './TopBar.module.css';

// The bell's popover, the account menu and the View as dialog bring react-aria's overlays, menus
// and collections: each evaluates in a task of its own after the screen has painted, not with the
// layout, and the dialog only when it is asked for. Until then a stand-in of the same size shows.
const NotificationBell = lazy(() =>
  import('./NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));
const ViewAsDialog = lazy(() => import('./ViewAsDialog').then((m) => ({ default: m.ViewAsDialog })));

/**
 * The product's name, home to the dashboard, and the user's initials and name with a popup holding
 * Profile and Logout. Slim, it leaves a working screen (the builder) more of the window's height.
 */
export function TopBar({ slim = false }: { slim?: boolean }) {
  const user = useSignedInUser();
  const [choosingView, setChoosingView] = useState(false);
  return (
    <header className={cx(styles.bar, slim && styles.slim)}>
      <Link className={styles.brand} href={pathTo('dashboard')}>
        Dealership Console
      </Link>
      <Suspense
        fallback={
          <span className={bellStyles.bell} aria-hidden="true">
            <Icon name="bell" size="lg" />
          </span>
        }
      >
        <NotificationBell />
      </Suspense>
      <Suspense
        fallback={
          <span className={menuStyles.trigger} aria-hidden="true">
            <AccountFace name={user.name} />
            <Icon name="chevron-down" size="sm" />
          </span>
        }
      >
        <AccountMenu onViewAs={() => setChoosingView(true)} />
      </Suspense>
      {choosingView ? (
        <Suspense fallback={null}>
          <ViewAsDialog isOpen onClose={() => setChoosingView(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
