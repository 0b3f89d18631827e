import { useLocation } from 'wouter';
import { useAuthActor, useSignedInUser } from '@/machines/session';
import { initials } from '@/ui/format';
import { MenuButton } from '@/ui/MenuButton';
import styles from './TopBar.module.css';

const ACCOUNT_ITEMS = [
  { id: 'profile', label: 'Profile', icon: 'user' },
  { id: 'logout', label: 'Logout', icon: 'logout' },
] as const;

/** The user's initials and name, with a popup holding Profile and Logout. */
export function TopBar() {
  const user = useSignedInUser();
  const auth = useAuthActor();
  const [, navigate] = useLocation();
  return (
    <header className={styles.bar}>
      <a className={styles.brand} href="/dashboard">
        Dealership Console
      </a>
      <MenuButton
        aria-label={`Account: ${user.name}`}
        items={ACCOUNT_ITEMS}
        onAction={(id) => {
          if (id === 'profile') navigate(`/users/edit/${user.id}`);
          if (id === 'logout') auth.send({ type: 'auth.logout' });
        }}
      >
        <span className={styles.initials} aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className={styles.name}>{user.name}</span>
      </MenuButton>
    </header>
  );
}
