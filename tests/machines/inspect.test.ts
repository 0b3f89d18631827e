// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inspectOption } from '@/machines/inspect';

const inspect = vi.fn();
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector: () => ({ inspect }) }));

afterEach(() => {
  window.history.replaceState(null, '', '/');
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
});
