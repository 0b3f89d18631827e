import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { type CallName, callPermission } from '@/api/callAccess';
import type { SessionUser as User } from '@/api/contract/auth';
import {
  type AccessAction,
  type AccessArea,
  can,
  isGroupWide,
  type Owner,
  refusal,
  type Scope,
} from '@/shared/access';
import type { AuthActor, Viewing } from './auth';

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

/** The signed-in user, as they are; only for screens behind sign-in. */
export function useSignedInUser(): User {
  const user = useSelector(useAuthActor(), (s) => s.context.user);
  if (!user) throw new Error('useSignedInUser outside a signed-in route');
  return user;
}

/** "View as": the view the console is drawn for, or null in one's own view. */
export function useViewing(): Viewing | null {
  return useSelector(useAuthActor(), (s) => s.context.viewing);
}

/** Whose access the console draws: the viewed role and scope while viewing as one, else the user's. */
function useDrawnUser(): User {
  const own = useSignedInUser();
  return useViewing()?.user ?? own;
}

/** Whether the console is drawn for someone whose scope is the whole group (the tree's top level is theirs). */
export function useGroupWide(): boolean {
  return isGroupWide(useScope());
}

/** The scope of whoever the console is drawn for: what they may give a user or a webhook lies within it. */
export function useScope(): Scope {
  return useDrawnUser().scope;
}

/**
 * The rule for whoever the console is drawn for, or null when nobody is signed in: for the router,
 * which may still be showing a signed-in route for a moment after sign-out.
 */
export function useMaybeAccess(): AccessCheck | null {
  const user = useSelector(useAuthActor(), (s) => s.context.viewing?.user ?? s.context.user);
  return user ? checkFor(user) : null;
}

function checkFor(user: Pick<User, 'role' | 'scope'>): AccessCheck {
  return {
    can: (action, area, record) => can(user, action, area, record),
    reason: (action, area) => refusal(user, action, area),
  };
}

export interface AccessCheck {
  /** The one permission rule (`src/shared/access.ts`) for the signed-in user. */
  can(action: AccessAction, area: AccessArea, record?: Owner): boolean;
  /** Why a control is disabled: 'Your role, Sales, cannot refund reservations.' */
  reason(action: AccessAction, area: AccessArea): string;
}

/** What the signed-in user may do, from the role and scope their session carries (or the view's). */
export function useAccess(): AccessCheck {
  return checkFor(useDrawnUser());
}

/** Whether the user may make a call, and if not, why: null when they may. */
export interface CallAllowed {
  allowed: boolean;
  reason: string | null;
}

/** The rule for one contract call: a control asks for exactly the call it makes ('brands.delete'). */
export function callAllowed(user: Pick<User, 'role' | 'scope'>, name: CallName): CallAllowed {
  const permission = callPermission(name);
  if (typeof permission === 'string') return { allowed: true, reason: null };
  const allowed = can(user, permission.action, permission.area);
  return { allowed, reason: allowed ? null : refusal(user, permission.action, permission.area) };
}

/** `callAllowed` for the signed-in user (or the view): `useCallAllowed('pages.publishable')`. */
export function useCallAllowed(name: CallName): CallAllowed {
  return callAllowed(useDrawnUser(), name);
}

/** Asks of several calls whether the user may make them: `const may = useMayCall(); may('brands.create')`. */
export function useMayCall(): (name: CallName) => boolean {
  const user = useDrawnUser();
  return (name) => callAllowed(user, name).allowed;
}
