import { type ReactNode, useState } from 'react';
import { createActor } from 'xstate';
import type { SessionUser as User } from '@/api/contract/auth';
import { roleTemplates, type Scope, wholeGroup } from '@/shared/access';
import { authMachine } from './auth';
import { SessionContext } from './session';

/**
 * For tests of components that draw from the session: a user of one of the seeded role templates
 * ('Group administrator', 'Sales'...), with a scope.
 */
export function templateUser(roleName: string, scope: Scope = wholeGroup): User {
  const index = roleTemplates.findIndex((role) => role.name === roleName);
  const template = roleTemplates[index];
  if (!template) throw new Error(`No role template named ${roleName}`);
  return {
    id: 1,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    meta: { telephone: null, job_title: null, avatar: null },
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    deleted_at: null,
    role: { id: index + 1, name: template.name, permissions: template.permissions },
    scope,
  };
}

/** A signed-in session as `user`, for rendering a component on its own. */
export function TestSession({ user, children }: { user: User; children: ReactNode }) {
  const [actor] = useState(() =>
    createActor(authMachine, {
      snapshot: authMachine.resolveState({
        value: { signedIn: 'idle' },
        context: { user, loginError: null, viewing: null },
      }),
    }).start(),
  );
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

/** A wrapper for `render(..., { wrapper })`: signed in as a user of the named role template. */
export function signedInAs(roleName: string, scope?: Scope) {
  const user = templateUser(roleName, scope);
  return ({ children }: { children: ReactNode }) => <TestSession user={user}>{children}</TestSession>;
}
