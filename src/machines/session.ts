import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { User } from '@/api/contract/users';
import type { AuthActor } from './auth';

/** The running auth machine, provided once by the app. */
export const SessionContext = createContext<AuthActor | null>(null);

export function useAuthActor(): AuthActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useAuthActor needs the session provider');
  return actor;
}

export type AuthStatus = 'restoring' | 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut';

export function useAuthStatus(): AuthStatus {
  return useSelector(useAuthActor(), (s) => {
    if (s.matches('signedIn')) return 'signedIn';
    if (s.matches('signingIn')) return 'signingIn';
    if (s.matches('signingOut')) return 'signingOut';
    if (s.matches('restoring')) return 'restoring';
    return 'signedOut';
  });
}

/** The signed-in user; only for screens behind sign-in. */
export function useSignedInUser(): User {
  const user = useSelector(useAuthActor(), (s) => s.context.user);
  if (!user) throw new Error('useSignedInUser outside a signed-in route');
  return user;
}
