// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError, tokenStore, viewAsStore } from '@/api/client';
import type { SessionUser as User } from '@/api/contract/auth';
import type { AuthEvent, TokenResult, ViewInput, Viewing } from '@/machines/auth';
import { HEADER, SCOPE_LABEL, VIEW, VIEWED_ROLE, type ViewSeen, viewAsSpec } from './auth-viewAs-spec';
import { describeSpecEvent } from './lifecycle-spec';
import { modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';

const { authMachine } = await loadMachine(import('@/machines/auth'));

const admin: User = {
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  meta: { telephone: null, job_title: null, avatar: null },
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  deleted_at: null,
  role: { id: 1, name: 'Group administrator', permissions: { roles: ['view', 'update'] } },
  scope: { brand_ids: [], dealership_ids: [] },
};

const viewed: User = {
  ...admin,
  role: { id: 5, name: VIEWED_ROLE, permissions: { responses: ['view'] } },
  scope: VIEW.scope,
};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  viewAsStore.clear();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  viewAsStore.clear();
});

/** Signed in as the administrator, from a stored token; the calls of signing in are not the model's. */
async function signedIn() {
  tokenStore.set('stored-token');
  const setup = new FakeCalls();
  const calls = new FakeCalls();
  const actor = createActor(
    authMachine.provide({
      actors: {
        loadMe: setup.actor<User>('loadMe'),
        login: setup.actor('login'),
        refresh: calls.actor<TokenResult>('refresh'),
        logout: calls.actor<unknown>('logout'),
        loadView: calls.actor<Viewing, ViewInput>('loadView'),
      },
    }),
  ).start();
  setup.resolve('loadMe', admin);
  await settle();
  expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  return { actor, calls };
}

const answers: Record<string, (calls: FakeCalls) => void> = {
  'loadView.ok': (calls) => calls.resolve('loadView', { as: VIEW, scopeLabel: SCOPE_LABEL, user: viewed }),
  'loadView.fail': (calls) =>
    calls.reject('loadView', new ApiError(403, 'Your role, Sales, cannot view the console as another role.')),
  'refresh.ok': (calls) => calls.resolve('refresh', { access_token: 'token-from-refresh' }),
  'refresh.fail': (calls) => calls.reject('refresh', new ApiError(401, 'Session expired.')),
  'logout.ok': (calls) => calls.resolve('logout', { message: 'Signed out.' }),
};

describe('View as follows the spec model', () => {
  const spec = viewAsSpec();
  for (const path of modelPaths(spec, describeSpecEvent, 5)) {
    it(`shows what the spec says after ${path.title}`, async () => {
      const { actor, calls } = await signedIn();
      await replayModel(spec, path, {
        apply: async (event) => {
          const answer = answers[event.type];
          if (answer) answer(calls);
          else if (event.type === 'viewAs.enter')
            actor.send({ type: 'viewAs.enter', view: VIEW, scopeLabel: SCOPE_LABEL });
          else actor.send(event as AuthEvent);
          await settle();
        },
        sees: () => {
          const snapshot = actor.getSnapshot();
          const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
          return {
            status: top as ViewSeen['status'],
            header: viewAsStore.get(),
            viewing: snapshot.context.viewing?.user.role.name ?? null,
          };
        },
        calls: () => calls.made,
      });
      actor.stop();
    });
  }
});

describe('View as', () => {
  it('keeps the user as they are beside the view, and draws the view from the server’s answer', async () => {
    const { actor, calls } = await signedIn();
    actor.send({ type: 'viewAs.enter', view: VIEW, scopeLabel: SCOPE_LABEL });
    expect(viewAsStore.get()).toBe(HEADER);
    answers['loadView.ok']!(calls);
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.user).toEqual(admin);
    expect(context.viewing).toEqual({ as: VIEW, scopeLabel: SCOPE_LABEL, user: viewed });
  });
});
