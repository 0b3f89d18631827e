import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SessionUser as User } from '@/api/contract/auth';
import { type AccessAction, type AccessArea, can, type Owner, refusal } from '@/shared/access';
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

export interface AccessCheck {
  /** The one permission rule (`src/shared/access.ts`) for the signed-in user. */
  can(action: AccessAction, area: AccessArea, record?: Owner): boolean;
  /** Why a control is disabled: 'Your role, Sales, cannot refund reservations.' */
  reason(action: AccessAction, area: AccessArea): string;
}

/** What the signed-in user may do, from the role and scope their session carries. */
export function useAccess(): AccessCheck {
  const user = useSignedInUser();
  return {
    can: (action, area, record) => can(user, action, area, record),
    reason: (action, area) => refusal(user, action, area),
  };
}
