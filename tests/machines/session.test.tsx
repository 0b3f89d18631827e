// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { tokenStore } from '@/api/client';
import type { SessionUser as User } from '@/api/contract/auth';
import { authMachine } from '@/machines/auth';
import { SessionContext, useAuthActor, useAuthStatus, useSignedInUser } from '@/machines/session';
import { templateUser } from '@/machines/testSession';
import { FakeCalls, settle } from './replay';

const user: User = templateUser('Group administrator');

function session() {
  const calls = new FakeCalls();
  const actor = createActor(
    authMachine.provide({
      actors: {
        loadMe: calls.actor<User>('loadMe'),
        login: calls.actor('login'),
        refresh: calls.actor('refresh'),
        logout: calls.actor('logout'),
      },
    }),
  ).start();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
  );
  return { calls, actor, wrapper };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the session hooks', () => {
  it('say where the session is, from signed out to signed in and out again', async () => {
    const { calls, actor, wrapper } = session();
    const status = renderHook(() => useAuthStatus(), { wrapper });
    expect(status.result.current).toBe('signedOut');
    actor.send({ type: 'auth.login', email: 'ada@example.com', password: 'secret-password' });
    status.rerender();
    expect(status.result.current).toBe('signingIn');
    calls.resolve('login', { access_token: 'token' });
    await settle();
    calls.resolve('loadMe', user);
    await settle();
    status.rerender();
    expect(status.result.current).toBe('signedIn');
    expect(renderHook(() => useSignedInUser(), { wrapper }).result.current).toEqual(user);
    actor.send({ type: 'auth.logout' });
    status.rerender();
    expect(status.result.current).toBe('signingOut');
  });

  it('says restoring while a stored token is checked', () => {
    tokenStore.set('stored');
    const { wrapper } = session();
    expect(renderHook(() => useAuthStatus(), { wrapper }).result.current).toBe('restoring');
  });

  it('refuses to run outside the session, or without a signed-in user', () => {
    expect(() => renderHook(() => useAuthActor())).toThrow('useAuthActor needs the session provider');
    const { wrapper } = session();
    expect(() => renderHook(() => useSignedInUser(), { wrapper })).toThrow(
      'useSignedInUser outside a signed-in route',
    );
  });
});
