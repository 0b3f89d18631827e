// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError, tokenStore } from '@/api/client';
import type { SessionUser as User } from '@/api/contract/auth';
import type { AuthEvent, Credentials, TokenResult } from '@/machines/auth';
import { fallbackMessage } from '@/machines/errors';
import {
  type AuthSeen,
  authSpec,
  CREDENTIALS_MESSAGE,
  LOGIN,
  LOGIN_TOKEN,
  REFRESH_TOKEN,
  STORED_TOKEN,
  THROTTLED_MESSAGE,
  UNAUTHENTICATED,
} from './auth-spec';
import { describeSpecEvent } from './lifecycle-spec';
import { modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';

const { authMachine, createAuthClientHooks } = await loadMachine(import('@/machines/auth'));

const user: User = {
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  meta: { telephone: null, job_title: 'Manager', avatar: null },
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  deleted_at: null,
  role: { id: 1, name: 'Group administrator', permissions: { users: ['view'] } },
  scope: { brand_ids: [], dealership_ids: [] },
};

const credentialsError = new ApiError(422, CREDENTIALS_MESSAGE, {
  email: ['These credentials do not match our records.', 'A second message nobody should see.'],
});

function fakes(calls: FakeCalls) {
  return {
    loadMe: calls.actor<User>('loadMe'),
    login: calls.actor<TokenResult, Credentials>('login'),
    refresh: calls.actor<TokenResult>('refresh'),
    logout: calls.actor<unknown>('logout'),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

const answers: Record<string, (calls: FakeCalls) => void> = {
  'loadMe.ok': (calls) => calls.resolve('loadMe', user),
  'loadMe.fail': (calls) => calls.reject('loadMe', new ApiError(401, UNAUTHENTICATED)),
  'login.ok': (calls) => calls.resolve('login', { access_token: LOGIN_TOKEN }),
  'login.refused': (calls) => calls.reject('login', credentialsError),
  'login.throttled': (calls) => calls.reject('login', new ApiError(429, THROTTLED_MESSAGE)),
  'refresh.ok': (calls) => calls.resolve('refresh', { access_token: REFRESH_TOKEN }),
  'refresh.fail': (calls) => calls.reject('refresh', new ApiError(401, 'Session expired.')),
  'logout.ok': (calls) => calls.resolve('logout', { message: 'Signed out.' }),
  'logout.fail': (calls) => calls.reject('logout', new TypeError('Failed to fetch')),
};

describe('the auth machine follows the spec model of the session', () => {
  for (const stored of [true, false]) {
    describe(stored ? 'with a stored token' : 'without a token', () => {
      const spec = authSpec(stored);
      for (const path of modelPaths(spec, describeSpecEvent, 5)) {
        it(`shows what the spec says after ${path.title}`, async () => {
          if (stored) tokenStore.set(STORED_TOKEN);
          const calls = new FakeCalls();
          const actor = createActor(authMachine.provide({ actors: fakes(calls) })).start();
          await replayModel(spec, path, {
            apply: async (event) => {
              const answer = answers[event.type];
              if (answer) answer(calls);
              else if (event.type === 'auth.login') actor.send({ type: 'auth.login', ...LOGIN });
              else actor.send(event as AuthEvent);
              await settle();
            },
            sees: () => {
              const snapshot = actor.getSnapshot();
              const top =
                typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
              return {
                status: top as AuthSeen['status'],
                refreshing: snapshot.hasTag('refreshing'),
                token: tokenStore.get(),
                signedInAs: snapshot.context.user?.name ?? null,
                loginError: snapshot.context.loginError?.message ?? null,
              };
            },
            calls: () => calls.made,
          });
          actor.stop();
        });
      }
    });
  }
});

function start() {
  const calls = new FakeCalls();
  const actor = createActor(authMachine.provide({ actors: fakes(calls) })).start();
  return { calls, actor };
}

async function signIn() {
  const session = start();
  session.actor.send({ type: 'auth.login', email: 'ada@example.com', password: 'secret-password' });
  session.calls.resolve('login', { access_token: 'token-from-login' });
  await settle();
  session.calls.resolve('loadMe', user);
  await settle();
  expect(session.actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
  return session;
}

describe('auth machine rules', () => {
  it('signs out without calling auth/me when no token is stored', () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(calls.made).toEqual([]);
  });

  it('restores the session of a stored token', async () => {
    tokenStore.set('stored-token');
    const { actor, calls } = start();
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    calls.resolve('loadMe', user);
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  it('removes a stored token that auth/me refuses', async () => {
    tokenStore.set('stale-token');
    const { actor, calls } = start();
    calls.reject('loadMe', new ApiError(401, 'Unauthenticated.'));
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(tokenStore.get()).toBeNull();
  });

  it('stores the token before it loads the signed-in user', async () => {
    const { actor, calls } = start();
    let tokenWhenLoading: string | null = null;
    actor.send({ type: 'auth.login', email: 'ada@example.com', password: 'secret-password' });
    expect(calls.inputsOf('login')).toEqual([{ email: 'ada@example.com', password: 'secret-password' }]);
    calls.resolve('login', { access_token: 'token-from-login' });
    await settle();
    tokenWhenLoading = tokenStore.get();
    calls.resolve('loadMe', user);
    await settle();
    expect(tokenWhenLoading).toBe('token-from-login');
    expect(actor.getSnapshot().context.user?.email).toBe('ada@example.com');
  });

  it('shows the first message per field and the server message when login fails', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'auth.login', email: 'ada@example.com', password: 'wrong' });
    calls.reject('login', credentialsError);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.loginError).toEqual({
      message: 'The given data was invalid.',
      fieldErrors: { email: 'These credentials do not match our records.' },
    });
    expect(tokenStore.get()).toBeNull();
  });

  it('forgets the last login error when the user tries again', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'auth.login', email: 'ada@example.com', password: 'wrong' });
    calls.reject('login', credentialsError);
    await settle();
    actor.send({ type: 'auth.login', email: 'ada@example.com', password: 'secret-password' });
    expect(actor.getSnapshot().context.loginError).toBeNull();
  });

  it('stores the refreshed token and stays signed in', async () => {
    const { actor, calls } = await signIn();
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true);
    calls.resolve('refresh', { access_token: 'token-from-refresh' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(tokenStore.get()).toBe('token-from-refresh');
  });

  it('removes the token and signs out when the refresh fails', async () => {
    const { actor, calls } = await signIn();
    actor.send({ type: 'session.refresh' });
    calls.reject('refresh', new ApiError(401, 'Session expired.'));
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(tokenStore.get()).toBeNull();
  });

  it('signs out and removes the token even when auth/logout fails', async () => {
    const { actor, calls } = await signIn();
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    calls.reject('logout', new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(tokenStore.get()).toBeNull();
  });

  it('ends the session when it expires', async () => {
    const { actor } = await signIn();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(tokenStore.get()).toBeNull();
  });
});

describe('a session before and without the calls the app provides', () => {
  it('has no user and no login error while a stored session is restored', () => {
    tokenStore.set(STORED_TOKEN);
    const { actor } = start();
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: null, loginError: null, viewing: null });
  });

  // Fail closed: a console wired without its calls lets nobody in.
  it('restores no session from a stored token when auth/me is not provided', async () => {
    tokenStore.set(STORED_TOKEN);
    const actor = createActor(authMachine).start();
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(tokenStore.get()).toBeNull();
  });

  it('signs nobody in when auth/login is not provided, and says something went wrong', async () => {
    const actor = createActor(authMachine).start();
    actor.send({ type: 'auth.login', ...LOGIN });
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.loginError).toEqual({ message: fallbackMessage, fieldErrors: {} });
    expect(tokenStore.get()).toBeNull();
  });

  it('ends the session at a refresh when auth/refresh is not provided', async () => {
    const calls = new FakeCalls();
    const { loadMe, login } = fakes(calls);
    const actor = createActor(authMachine.provide({ actors: { loadMe, login } })).start();
    actor.send({ type: 'auth.login', ...LOGIN });
    calls.resolve('login', { access_token: LOGIN_TOKEN });
    await settle();
    calls.resolve('loadMe', user);
    await settle();
    actor.send({ type: 'session.refresh' });
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(tokenStore.get()).toBeNull();
  });
});

describe('createAuthClientHooks', () => {
  it('answers true after a successful refresh so the client retries its call', async () => {
    const { actor, calls } = await signIn();
    const hooks = createAuthClientHooks(actor, () => {});
    const refreshed = hooks.refresh();
    calls.resolve('refresh', { access_token: 'token-from-refresh' });
    await expect(refreshed).resolves.toBe(true);
    expect(tokenStore.get()).toBe('token-from-refresh');
  });

  it('answers false after a failed refresh, with the user signed out', async () => {
    const { actor, calls } = await signIn();
    const hooks = createAuthClientHooks(actor, () => {});
    const refreshed = hooks.refresh();
    calls.reject('refresh', new ApiError(401, 'Session expired.'));
    await expect(refreshed).resolves.toBe(false);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('refreshes an expired stored token while the session is being restored', async () => {
    tokenStore.set('expired-token');
    const { actor, calls } = start();
    const hooks = createAuthClientHooks(actor, () => {});
    const refreshed = hooks.refresh();
    expect(actor.getSnapshot().matches({ restoring: 'refreshing' })).toBe(true);
    calls.resolve('refresh', { access_token: 'token-from-refresh' });
    await expect(refreshed).resolves.toBe(true);
    // The client retries auth/me with the new token: the same call now answers.
    calls.resolve('loadMe', user);
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(tokenStore.get()).toBe('token-from-refresh');
  });

  it('answers false when there is no session to refresh', async () => {
    const { actor } = start();
    const hooks = createAuthClientHooks(actor, () => {});
    await expect(hooks.refresh()).resolves.toBe(false);
  });

  it('signs the user out when the client reports an expired session', async () => {
    const { actor } = await signIn();
    createAuthClientHooks(actor, () => {}).onSessionExpired();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('hands a 403 message to the given function', () => {
    const { actor } = start();
    const forbidden: string[] = [];
    createAuthClientHooks(actor, (message) => forbidden.push(message)).onForbidden(
      'This action is unauthorized.',
    );
    expect(forbidden).toEqual(['This action is unauthorized.']);
  });
});
