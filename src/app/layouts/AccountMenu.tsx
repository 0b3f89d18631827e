import { useLocation } from 'wouter';
import { useAuthActor, useSignedInUser } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { mayViewAs } from '@/shared/viewAs';
import { MenuButton } from '@/ui/MenuButton';
import { leaveThen } from '@/ui/unsavedWork';
import { AccountFace } from './AccountFace';

const ACCOUNT_ITEMS = [
  { id: 'profile', label: 'Profile', icon: 'user' },
  { id: 'logout', label: 'Logout', icon: 'logout' },
] as const;

/** For a group administrator: see the console as another role (issue #25). */
const VIEW_AS_ITEM = { id: 'viewAs', label: 'View as…', icon: 'eye' } as const;

/** The user's initials and name with a popup holding Profile, View as… (when allowed) and Logout. */
export function AccountMenu({ onViewAs }: { onViewAs: () => void }) {
  const user = useSignedInUser();
  const auth = useAuthActor();
  const [, navigate] = useLocation();
  const [profile, logout] = ACCOUNT_ITEMS;
  // Profile opens the user's own record, which everyone may open and change.
  const items = [profile, ...(mayViewAs(user) ? [VIEW_AS_ITEM] : []), logout];
  return (
    <MenuButton
      aria-label={`Account: ${user.name}`}
      items={items}
      onAction={(id) => {
        // A screen with unsaved work (the builder) asks first.
        if (id === 'profile') leaveThen(() => navigate(pathTo('users.edit', { id: user.id })));
        if (id === 'logout') leaveThen(() => auth.send({ type: 'auth.logout' }));
        if (id === 'viewAs') leaveThen(onViewAs);
      }}
    >
      <AccountFace name={user.name} />
    </MenuButton>
  );
}
