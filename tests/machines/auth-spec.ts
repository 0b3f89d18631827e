import type { SpecModel } from './model';

/**
 * The console's session as spec §2 (login, token refresh, logout) describes it, written without
 * looking at the auth machine: the calls made, the token kept, and what the user sees.
 */

export const LOGIN = { email: 'ada@example.com', password: 'secret-password' };
export const LOGIN_TOKEN = 'token-from-login';
export const REFRESH_TOKEN = 'token-from-refresh';
export const STORED_TOKEN = 'stored-token';
export const CREDENTIALS_MESSAGE = 'The given data was invalid.';
export const THROTTLED_MESSAGE = 'Too many login attempts.';
export const UNAUTHENTICATED = 'Unauthenticated.';

export type AuthSpecEvent =
  | { type: 'auth.login' }
  | { type: 'auth.logout' }
  | { type: 'session.refresh' }
  | { type: 'session.expired' }
  | { type: 'loadMe.ok' }
  | { type: 'loadMe.fail' }
  | { type: 'login.ok' }
  | { type: 'login.refused' }
  | { type: 'login.throttled' }
  | { type: 'refresh.ok' }
  | { type: 'refresh.fail' }
  | { type: 'logout.ok' }
  | { type: 'logout.fail' };

type Status = 'restoring' | 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut';

export interface AuthSpecState {
  status: Status;
  /** The calls whose answers are awaited. */
  open: string[];
  token: string | null;
  signedInAs: string | null;
  loginError: string | null;
  calls: Array<{ src: string; input: unknown }>;
}

export interface AuthSeen {
  status: Status;
  refreshing: boolean;
  token: string | null;
  signedInAs: string | null;
  loginError: string | null;
}

const opened = (s: AuthSpecState, src: string, input?: unknown): AuthSpecState => ({
  ...s,
  open: [...s.open, src],
  calls: [...s.calls, { src, input }],
});
const closed = (s: AuthSpecState, src: string) => ({ ...s, open: s.open.filter((o) => o !== src) });
const signedOut = (s: AuthSpecState, loginError: string | null = null): AuthSpecState => ({
  ...s,
  status: 'signedOut',
  open: [],
  token: null,
  signedInAs: null,
  loginError,
});

function step(s: AuthSpecState, event: AuthSpecEvent): AuthSpecState {
  const [src] = event.type.split('.');
  const isAnswer = src !== 'auth' && src !== 'session';
  if (isAnswer && !s.open.includes(src ?? '')) return s;
  switch (event.type) {
    case 'loadMe.ok':
      return { ...closed(s, 'loadMe'), status: 'signedIn', signedInAs: 'Ada Lovelace', open: [] };
    case 'loadMe.fail':
      // At sign-in the user is told why; a stored session that is refused just ends.
      return signedOut(s, s.status === 'signingIn' ? UNAUTHENTICATED : s.loginError);
    case 'login.ok':
      return opened({ ...closed(s, 'login'), token: LOGIN_TOKEN }, 'loadMe');
    case 'login.refused':
      return signedOut(s, CREDENTIALS_MESSAGE);
    case 'login.throttled':
      return signedOut(s, THROTTLED_MESSAGE);
    case 'refresh.ok':
      return { ...closed(s, 'refresh'), token: REFRESH_TOKEN };
    case 'refresh.fail':
      return signedOut(s, s.loginError);
    case 'logout.ok':
    case 'logout.fail':
      // The session ends on this side whatever the server says.
      return signedOut(s, s.loginError);
    case 'auth.login':
      return s.status === 'signedOut'
        ? opened({ ...s, status: 'signingIn', loginError: null }, 'login', LOGIN)
        : s;
    case 'auth.logout':
      // Signing out does not wait for a refresh: its answer no longer matters.
      return s.status === 'signedIn' ? opened({ ...s, status: 'signingOut', open: [] }, 'logout') : s;
    case 'session.refresh':
      return (s.status === 'signedIn' || s.status === 'restoring') && !s.open.includes('refresh')
        ? opened(s, 'refresh')
        : s;
    case 'session.expired':
      return s.status === 'signedIn' || s.status === 'restoring' ? signedOut(s, s.loginError) : s;
  }
}

function next(s: AuthSpecState): AuthSpecEvent[] {
  const answers: Record<string, AuthSpecEvent[]> = {
    loadMe: [{ type: 'loadMe.ok' }, { type: 'loadMe.fail' }],
    login: [{ type: 'login.ok' }, { type: 'login.refused' }, { type: 'login.throttled' }],
    refresh: [{ type: 'refresh.ok' }, { type: 'refresh.fail' }],
    logout: [{ type: 'logout.ok' }, { type: 'logout.fail' }],
  };
  return [
    ...s.open.flatMap((src) => answers[src] ?? []),
    { type: 'auth.login' },
    { type: 'auth.logout' },
    { type: 'session.refresh' },
    { type: 'session.expired' },
  ];
}

export function authSpec(stored: boolean): SpecModel<AuthSpecState, AuthSpecEvent, AuthSeen> {
  const base: AuthSpecState = {
    status: 'signedOut',
    open: [],
    token: null,
    signedInAs: null,
    loginError: null,
    calls: [],
  };
  return {
    initial: stored ? opened({ ...base, status: 'restoring', token: STORED_TOKEN }, 'loadMe') : base,
    step,
    next,
    sees: (s) => ({
      status: s.status,
      refreshing: s.open.includes('refresh'),
      token: s.token,
      signedInAs: s.signedInAs,
      loginError: s.loginError,
    }),
    calls: (s) => s.calls,
    key: ({ calls: _calls, ...rest }) => JSON.stringify(rest),
  };
}
