import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuthActor, useSignedInUser } from '@/machines/session';
import { initials } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { mayViewAs } from '@/shared/viewAs';
import { cx } from '@/ui/cx';
import { MenuButton } from '@/ui/MenuButton';
import { leaveThen } from '@/ui/unsavedWork';
import styles from './TopBar.module.css';
import { ViewAsDialog } from './ViewAsDialog';

const ACCOUNT_ITEMS = [
  { id: 'profile', label: 'Profile', icon: 'user' },
  { id: 'logout', label: 'Logout', icon: 'logout' },
] as const;

/** For a group administrator: see the console as another role (issue #25). */
const VIEW_AS_ITEM = { id: 'viewAs', label: 'View as…', icon: 'eye' } as const;

/**
 * The product's name, home to the dashboard, and the user's initials and name with a popup holding
 * Profile and Logout. Slim, it leaves a working screen (the builder) more of the window's height.
 */
export function TopBar({ slim = false }: { slim?: boolean }) {
  const user = useSignedInUser();
  const auth = useAuthActor();
  const [, navigate] = useLocation();
  const [choosingView, setChoosingView] = useState(false);
  const [profile, logout] = ACCOUNT_ITEMS;
  // Profile opens the user's own record, which everyone may open and change.
  const items = [profile, ...(mayViewAs(user) ? [VIEW_AS_ITEM] : []), logout];
  return (
    <header className={cx(styles.bar, slim && styles.slim)}>
      <Link className={styles.brand} href={pathTo('dashboard')}>
        Dealership Console
      </Link>
      <MenuButton
        aria-label={`Account: ${user.name}`}
        items={items}
        onAction={(id) => {
          // A screen with unsaved work (the builder) asks first.
          if (id === 'profile') leaveThen(() => navigate(pathTo('users.edit', { id: user.id })));
          if (id === 'logout') leaveThen(() => auth.send({ type: 'auth.logout' }));
          if (id === 'viewAs') leaveThen(() => setChoosingView(true));
        }}
      >
        <span className={styles.initials} aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className={styles.name}>{user.name}</span>
      </MenuButton>
      {choosingView ? <ViewAsDialog isOpen onClose={() => setChoosingView(false)} /> : null}
    </header>
  );
}
