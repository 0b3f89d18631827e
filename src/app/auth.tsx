import { useActorRef } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { fromPromise } from 'xstate';
import { setClientHooks } from '@/api/client';
import { authMachine, createAuthClientHooks } from '@/machines/auth';
import { currentInspect } from '@/machines/inspect';
import { SessionContext } from '@/machines/session';
import { toast } from '@/ui/toasts';

// The calls (and the schemas behind them) load after the sign-in page has painted: a visitor
// without a token needs none of them to see the form. Zod and the common schemas come first, on
// their own: building every schema at once would hold the page up in one long task.
const calls = async () => {
  await import('@/api/contract/common');
  return (await import('@/api/endpoints')).api.auth;
};

/** The auth machine with the real calls of the admin API. */
export const liveAuthMachine = authMachine.provide({
  actors: {
    loadMe: fromPromise(async () => (await (await calls()).me({})).data),
    login: fromPromise(async ({ input }) => (await calls()).login({ body: input })),
    refresh: fromPromise(async () => ({ access_token: (await (await calls()).refresh({})).access_token })),
    logout: fromPromise<unknown>(async () => (await calls()).logout({})),
  },
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(liveAuthMachine, { inspect: currentInspect() });
  useEffect(() => {
    setClientHooks(createAuthClientHooks(actor, (message) => toast.error(message)));
    return () => setClientHooks(null);
  }, [actor]);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}
