import { type ActorRefFrom, assertEvent, assign, fromPromise, not, setup, waitFor } from 'xstate';
import { type ClientHooks, tokenStore, viewAsStore } from '@/api/client';
import type { SessionUser as User } from '@/api/contract/auth';
import type { ViewAs } from '@/shared/viewAs';
import { describeFailure } from './errors';

export interface LoginError {
  message: string;
  /** First message per field (`email`, `password`). */
  fieldErrors: Record<string, string>;
}

/** "View as": the role and scope chosen, what the scope is called, and the user the server answered as. */
export interface Viewing {
  as: ViewAs;
  /** The scope in words: 'Dealership X', 'Whole group'. */
  scopeLabel: string;
  /** auth/me as the server answered it with the view: the viewed role, reduced to viewing, and scope. */
  user: User;
}

export interface AuthContext {
  /** The signed-in user, as they are (also while viewing as another role). */
  user: User | null;
  loginError: LoginError | null;
  /** Viewing the console as another role and scope, read-only; null in one's own view. */
  viewing: Viewing | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface TokenResult {
  access_token: string;
}

export type AuthEvent =
  | ({ type: 'auth.login' } & Credentials)
  | { type: 'auth.logout' }
  | { type: 'session.refresh' }
  | { type: 'session.expired' }
  | { type: 'viewAs.enter'; view: ViewAs; scopeLabel: string }
  | { type: 'viewAs.leave' };

/** What loading the view asks of auth/me: the view its calls carry (viewAsStore holds the header). */
export interface ViewInput {
  view: ViewAs;
  scopeLabel: string;
}

const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    loadMe: fromPromise<User>(async () => {
      throw new Error('loadMe not provided');
    }),
    login: fromPromise<TokenResult, Credentials>(async () => {
      throw new Error('login not provided');
    }),
    refresh: fromPromise<TokenResult>(async () => {
      throw new Error('refresh not provided');
    }),
    logout: fromPromise<unknown>(async () => {
      throw new Error('logout not provided');
    }),
    // auth/me with the view's header: the viewed role and scope, with the view they were asked for.
    loadView: fromPromise<Viewing, ViewInput>(async () => {
      throw new Error('loadView not provided');
    }),
  },
  guards: {
    hasToken: () => tokenStore.get() !== null,
  },
  actions: {
    storeToken: (_, params: { token: string }) => tokenStore.set(params.token),
    clearToken: () => tokenStore.clear(),
    setUser: assign({ user: (_, params: { user: User }) => params.user }),
    forgetUser: assign({ user: null, viewing: null }),
    // Every call from here on carries the view (the client adds the header); leaving drops it.
    storeView: (_, params: { view: ViewAs }) => viewAsStore.set(params.view),
    leaveView: assign({ viewing: null }),
    clearView: () => viewAsStore.clear(),
    setViewing: assign({ viewing: (_, params: { viewing: Viewing }) => params.viewing }),
    setLoginError: assign({
      loginError: (_, params: { error: unknown }): LoginError => {
        const { message, fieldErrors } = describeFailure(params.error);
        return { message, fieldErrors };
      },
    }),
    clearLoginError: assign({ loginError: null }),
  },
});

/**
 * A refresh of the access token, from restoring or from signed in: a new token goes back to
 * `back`, a refused one signs out. Tagged so the client waits for it before retrying its call.
 */
function refreshing(back: string) {
  return authSetup.createStateConfig({
    tags: 'refreshing',
    invoke: {
      id: 'refresh',
      src: 'refresh',
      onDone: {
        target: back,
        actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.access_token }) },
      },
      onError: { target: '#auth.signedOut', actions: 'clearToken' },
    },
  });
}

/**
 * The session of the console. The calls are placeholders: the app provides them with
 * `authMachine.provide({ actors })`, so tests can swap in fakes.
 */
export const authMachine = authSetup.createMachine({
  id: 'auth',
  context: { user: null, loginError: null, viewing: null },
  initial: 'restoring',
  // A refused refresh ends the session from wherever it was held.
  on: {
    'session.expired': { target: '.signedOut', actions: 'clearToken' },
  },
  states: {
    restoring: {
      // Without a token there is nothing to restore; `auth/me` is then never called.
      always: { guard: not('hasToken'), target: 'signedOut' },
      // Invoked here rather than in `loading` so that a refresh (after a 401 on an expired
      // access token) does not cancel the call that the client is about to retry.
      invoke: {
        id: 'loadMe',
        src: 'loadMe',
        onDone: {
          target: 'signedIn',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'signedOut', actions: 'clearToken' },
      },
      initial: 'loading',
      states: {
        loading: {
          on: { 'session.refresh': 'refreshing' },
        },
        refreshing: refreshing('loading'),
      },
    },
    signedOut: {
      entry: ['forgetUser', 'clearView'],
      on: {
        // Already signed out: nothing to end.
        'session.expired': undefined,
        'auth.login': { target: 'signingIn', actions: 'clearLoginError' },
      },
    },
    signingIn: {
      // A sign-in that fails ends on its own call's error, which says why.
      on: { 'session.expired': undefined },
      initial: 'authenticating',
      states: {
        authenticating: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: 'loadingUser',
              actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.access_token }) },
            },
            onError: {
              target: '#auth.signedOut',
              actions: { type: 'setLoginError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadingUser: {
          invoke: {
            id: 'loadMe',
            src: 'loadMe',
            onDone: {
              target: '#auth.signedIn',
              actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: '#auth.signedOut',
              actions: [
                'clearToken',
                { type: 'setLoginError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    signedIn: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.refresh': 'refreshing',
            'viewAs.enter': 'enteringView',
          },
        },
        refreshing: refreshing('idle'),
        // The view's role and scope as the server reads them: until it answers, the screens stay as they were.
        enteringView: {
          entry: [
            'leaveView',
            {
              type: 'storeView',
              params: ({ event }) => {
                assertEvent(event, 'viewAs.enter');
                return { view: event.view };
              },
            },
          ],
          invoke: {
            id: 'loadView',
            src: 'loadView',
            input: ({ event }) => {
              assertEvent(event, 'viewAs.enter');
              return { view: event.view, scopeLabel: event.scopeLabel };
            },
            onDone: {
              target: 'idle',
              actions: {
                type: 'setViewing',
                params: ({ event }) => ({ viewing: event.output }),
              },
            },
            // Refused (the 403 or 422 says why): back to one's own view.
            onError: { target: 'idle', actions: 'clearView' },
          },
          // Back before the view has loaded: it never shows.
          on: { 'viewAs.leave': { target: 'idle', actions: ['clearView', 'leaveView'] } },
          initial: 'loading',
          states: {
            loading: { on: { 'session.refresh': 'refreshing' } },
            refreshing: refreshing('loading'),
          },
        },
      },
      on: {
        'auth.logout': 'signingOut',
        // Back to one's own view, at once and without a call (the user's own answer is kept); a
        // refresh of the token under way goes on.
        'viewAs.leave': { actions: ['clearView', 'leaveView'] },
      },
    },
    signingOut: {
      // The session ends on this side whatever the server answers.
      on: { 'session.expired': undefined },
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: 'clearToken' },
        onError: { target: 'signedOut', actions: 'clearToken' },
      },
    },
  },
});

export type AuthActor = ActorRefFrom<typeof authMachine>;

/**
 * Connects the HTTP client to the session: a 401 asks the machine to refresh, and the
 * client retries its call only when the session survived the refresh.
 */
export function createAuthClientHooks(actor: AuthActor, onForbidden: (message: string) => void): ClientHooks {
  return {
    async refresh() {
      actor.send({ type: 'session.refresh' });
      const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
      return settled.matches('signedIn') || settled.matches('restoring');
    },
    onSessionExpired() {
      actor.send({ type: 'session.expired' });
    },
    onForbidden,
  };
}
