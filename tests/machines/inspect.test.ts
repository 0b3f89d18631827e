// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { currentInspect, inspectOption, setInspector } from '@/machines/inspect';
import { saveMachine } from '@/machines/save';

const inspect = vi.fn();
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector: () => ({ inspect }) }));

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  setInspector(undefined);
  inspect.mockReset();
});

describe('inspectOption', () => {
  it('leaves the inspector out without ?inspect in the address', async () => {
    window.history.replaceState(null, '', '/users?search=ann');
    await expect(inspectOption()).resolves.toBeUndefined();
  });

  it('connects the machines to the inspector with ?inspect in development', async () => {
    window.history.replaceState(null, '', '/users?inspect');
    await expect(inspectOption()).resolves.toBe(inspect);
  });

  it('never connects a production build, even with ?inspect', async () => {
    window.history.replaceState(null, '', '/users?inspect');
    vi.stubEnv('DEV', false);
    await expect(inspectOption()).resolves.toBeUndefined();
  });

  it('leaves the inspector out where there is no address (outside a browser)', async () => {
    vi.stubGlobal('location', undefined);
    await expect(inspectOption()).resolves.toBeUndefined();
  });
});

describe('the inspector the console remembers', () => {
  it('is none until one is set', () => {
    expect(currentInspect()).toBeUndefined();
  });

  it('sees every machine started with it from then on', () => {
    setInspector(inspect);
    const actor = createActor(saveMachine, { input: {}, inspect: currentInspect() }).start();
    actor.send({ type: 'form.change', name: 'name' });
    const seen = inspect.mock.calls.map(([event]) => event.type);
    expect(seen).toContain('@xstate.actor');
    expect(seen).toContain('@xstate.event');
    actor.stop();
  });

  it('is dropped again when unset', () => {
    setInspector(inspect);
    setInspector(undefined);
    expect(currentInspect()).toBeUndefined();
  });
});
