import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { endpoint, setClientHooks } from '@/api/client';
import { login, logout, me, refresh } from '@/api/contract/auth';
import type { User } from '@/api/contract/users';
import { type AuthActor, authMachine, createAuthClientHooks } from '@/machines/auth';
import { toast } from '@/ui/toasts';

const AuthContext = createContext<AuthActor | null>(null);

const calls = {
  login: endpoint(login),
  logout: endpoint(logout),
  me: endpoint(me),
  refresh: endpoint(refresh),
};

/** The auth machine with the real calls of the admin API. */
export const liveAuthMachine = authMachine.provide({
  actors: {
    loadMe: fromPromise(async () => (await calls.me({})).data),
    login: fromPromise(async ({ input }) => calls.login({ body: input })),
    refresh: fromPromise(async () => ({ access_token: (await calls.refresh({})).access_token })),
    logout: fromPromise<unknown>(async () => calls.logout({})),
  },
});

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export function AuthProvider({ children, inspect }: { children: ReactNode; inspect?: Inspect }) {
  const actor = useActorRef(liveAuthMachine, inspect ? { inspect } : undefined);
  useEffect(() => {
    setClientHooks(createAuthClientHooks(actor, (message) => toast.error(message)));
    return () => setClientHooks(null);
  }, [actor]);
  return <AuthContext.Provider value={actor}>{children}</AuthContext.Provider>;
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuthActor needs an AuthProvider');
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
