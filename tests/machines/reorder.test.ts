import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/client';
import type { ReorderEvent, SortInput } from '@/machines/reorder';
import { describeSpecEvent } from './lifecycle-spec';
import { modelPaths, replayModel, type SpecModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';

/**
 * A hand-made order as spec §4 describes it (drag a brand to its place; the website shows that
 * order), written without looking at the machine: what the table shows and the calls made.
 */
type Event =
  | { type: 'drop'; id: number; over: number }
  | { type: 'rows'; ids: number[] }
  | { type: 'sort.ok' }
  | { type: 'sort.fail' };

interface State {
  server: number[];
  shown: number[];
  saving: boolean;
  reloads: number;
  errors: string[];
  calls: Array<{ src: string; input: unknown }>;
}

const A = [1, 2, 3];
const B = [3, 1, 2];

const spec: SpecModel<State, Event, Omit<State, 'calls' | 'server'>> = {
  initial: { server: A, shown: A, saving: false, reloads: 0, errors: [], calls: [] },
  step: (s, e) => {
    switch (e.type) {
      case 'drop': {
        if (s.saving || e.id === e.over) return s;
        const without = s.shown.filter((id) => id !== e.id);
        without.splice(s.shown.indexOf(e.over), 0, e.id);
        return {
          ...s,
          shown: without,
          saving: true,
          calls: [...s.calls, { src: 'sort', input: { ids: without } }],
        };
      }
      case 'rows':
        return { ...s, server: e.ids, shown: s.saving ? s.shown : e.ids };
      case 'sort.ok':
        return s.saving ? { ...s, saving: false, reloads: s.reloads + 1 } : s;
      case 'sort.fail':
        return s.saving
          ? {
              ...s,
              saving: false,
              shown: s.server,
              reloads: s.reloads + 1,
              errors: [...s.errors, 'Server Error'],
            }
          : s;
    }
  },
  next: (s) => [
    ...(s.saving ? [{ type: 'sort.ok' } as const, { type: 'sort.fail' } as const] : []),
    { type: 'drop', id: 1, over: 3 },
    { type: 'drop', id: 3, over: 1 },
    { type: 'rows', ids: s.server === A ? B : A },
  ],
  sees: ({ calls: _calls, server: _server, ...seen }) => seen,
  calls: (s) => s.calls,
  key: ({ calls: _calls, errors, reloads, ...rest }) =>
    JSON.stringify({ ...rest, errors: errors.length > 1, reloads: reloads > 1 }),
};

const reorder = await loadMachine(import('@/machines/reorder'));
beforeEach(() => {
  vi.useFakeTimers();
});
const moveId: typeof reorder.moveId = (...args) => reorder.moveId(...args);
const shownOrder: typeof reorder.shownOrder = (snapshot) => reorder.shownOrder(snapshot);
afterEach(() => {
  vi.useRealTimers();
});

function start() {
  const calls = new FakeCalls();
  const seen = { reloads: 0, errors: [] as string[] };
  const actor = createActor(
    reorder.reorderMachine.provide({
      actors: { sort: calls.actor<unknown, SortInput>('sort') },
      actions: {
        settled: () => {
          seen.reloads += 1;
        },
        failed: (_, params) => {
          seen.errors.push(params.message);
        },
      },
    }),
  ).start();
  actor.send({ type: 'rows.load', ids: A });
  return { calls, actor, seen };
}

describe('the reorder machine follows the spec model of a hand-made order', () => {
  for (const path of modelPaths(spec, describeSpecEvent, 5)) {
    it(`shows what the spec says after ${path.title}`, async () => {
      const { calls, actor, seen } = start();
      await replayModel(spec, path, {
        apply: async (event) => {
          if (event.type === 'sort.ok') calls.resolve('sort', {});
          else if (event.type === 'sort.fail') calls.reject('sort', new ApiError(500, 'Server Error'));
          else if (event.type === 'rows') actor.send({ type: 'rows.load', ids: event.ids });
          else actor.send({ type: 'row.move', id: event.id, over: event.over } satisfies ReorderEvent);
          await settle();
        },
        sees: () => ({
          shown: shownOrder(actor.getSnapshot()),
          saving: actor.getSnapshot().matches('saving'),
          reloads: seen.reloads,
          errors: seen.errors,
        }),
        calls: () => calls.made,
      });
      actor.stop();
    });
  }
});

describe('moving an id', () => {
  it('puts the dropped row where the row it was dropped on was, both ways', () => {
    expect(moveId([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(moveId([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
  });

  it('leaves the order alone for a drop on itself or on a row not shown', () => {
    expect(moveId([1, 2, 3], 2, 2)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 9)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 9, 2)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3, 4], 1, 9)).toEqual([1, 2, 3, 4]);
  });

  it('saves nothing for a drop on a row that is not shown', () => {
    const { actor, calls } = start();
    actor.send({ type: 'row.move', id: 1, over: 9 });
    actor.send({ type: 'row.move', id: 9, over: 1 });
    expect(calls.made).toEqual([]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('saves nothing for a row dropped back on its own place, and the next drop still saves', () => {
    const { actor, calls } = start();
    actor.send({ type: 'row.move', id: 2, over: 2 });
    expect(calls.made).toEqual([]);
    actor.send({ type: 'row.move', id: 1, over: 2 });
    expect(calls.made).toEqual([{ src: 'sort', input: { ids: [2, 1, 3] } }]);
  });

  it('shows no rows and saves nothing before the list has loaded', () => {
    const calls = new FakeCalls();
    const actor = createActor(
      reorder.reorderMachine.provide({ actors: { sort: calls.actor<unknown, SortInput>('sort') } }),
    ).start();
    expect(shownOrder(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'row.move', id: 1, over: 2 });
    expect(calls.made).toEqual([]);
    expect(shownOrder(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });
});
