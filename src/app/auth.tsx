import { useActorRef } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { fromPromise } from 'xstate';
import { setClientHooks, tokenStore } from '@/api/client';
import { api } from '@/api/endpoints';
import { authMachine, createAuthClientHooks } from '@/machines/auth';
import { currentInspect } from '@/machines/inspect';
import { SessionContext } from '@/machines/session';
import { toast } from '@/ui/toasts';

/** The auth machine with the real calls of the admin API. */
export const liveAuthMachine = authMachine.provide({
  actors: {
    loadMe: fromPromise(async () => (await api.auth.me({})).data),
    login: fromPromise(async ({ input }) => api.auth.login({ body: input })),
    refresh: fromPromise(async () => ({ access_token: (await api.auth.refresh({})).access_token })),
    logout: fromPromise<unknown>(async () => api.auth.logout({})),
    // The machine has stored the view, so this call carries its header.
    loadView: fromPromise(async ({ input }) => ({
      as: input.view,
      scopeLabel: input.scopeLabel,
      user: (await api.auth.me({})).data,
    })),
  },
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(liveAuthMachine, { inspect: currentInspect() });
  useEffect(() => {
    setClientHooks(createAuthClientHooks(actor, (message) => toast.error(message)));
    // Signing out in one tab signs out every tab: the others go to the Sign In form at once.
    const stopListening = tokenStore.onClearedElsewhere(() => actor.send({ type: 'session.expired' }));
    return () => {
      stopListening();
      setClientHooks(null);
    };
  }, [actor]);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}
