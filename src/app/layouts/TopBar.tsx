import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useAuthActor, useSignedInUser } from '@/machines/session';
import { initials } from '@/ui/format';
import { Icon } from '@/ui/Icon';
import styles from './TopBar.module.css';

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
      <MenuTrigger>
        <Button className={styles.userButton} aria-label={`Account: ${user.name}`}>
          <span className={styles.initials} aria-hidden="true">
            {initials(user.name)}
          </span>
          <span className={styles.name}>{user.name}</span>
          <Icon name="chevron-down" size="sm" />
        </Button>
        <Popover placement="bottom end" className={styles.popover}>
          <Menu
            className={styles.menu}
            aria-label="Account"
            onAction={(key) => {
              if (key === 'profile') navigate(`/users/edit/${user.id}`);
              if (key === 'logout') auth.send({ type: 'auth.logout' });
            }}
          >
            <MenuItem id="profile" className={styles.item}>
              <Icon name="user" size="sm" /> Profile
            </MenuItem>
            <MenuItem id="logout" className={styles.item}>
              <Icon name="logout" size="sm" /> Logout
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </header>
  );
}
