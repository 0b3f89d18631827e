import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '@/api/client';
import type { Paginator } from '@/api/contract/common';
import {
  allSelected,
  currentList,
  type LifecycleContext,
  type LifecycleEvent,
  type LifecycleLists,
  type LoadInput,
  lifecycleMachine,
  type RemoveInput,
  type RestoreInput,
  type Row,
  selectableIds,
} from '@/machines/lifecycle';
import { describePath, FakeCalls, handled, replayPath, settle } from './replay';

interface UserRow extends Row {
  name: string;
}

const SELF = 1;

function page(rows: UserRow[], current = 1, last = 2): Paginator<UserRow> {
  return {
    data: rows,
    current_page: current,
    last_page: last,
    per_page: 3,
    from: rows.length ? 1 : null,
    to: rows.length || null,
    total: rows.length,
    path: '/api/users',
    first_page_url: '/api/users?page=1',
    last_page_url: `/api/users?page=${last}`,
    prev_page_url: current > 1 ? `/api/users?page=${current - 1}` : null,
    next_page_url: current < last ? `/api/users?page=${current + 1}` : null,
  };
}

const lists: LifecycleLists<UserRow> = {
  active: page([
    { id: SELF, name: 'Me' },
    { id: 2, name: 'Bea' },
    { id: 3, name: 'Cal' },
  ]),
  trashed: page([{ id: 7, name: 'Dee' }], 1, 1),
};

const afterDebounce = 'xstate.after.searchDebounce.lifecycle.ready.debouncing';

const events = [
  { type: 'list.reload' },
  { type: 'list.retry' },
  { type: 'search.change', value: 'bea' },
  { type: 'search.clear' },
  { type: 'page.go', page: 2 },
  { type: 'view.all' },
  { type: 'view.bin' },
  { type: 'selection.toggle', id: SELF },
  { type: 'selection.toggle', id: 2 },
  { type: 'selection.toggle', id: 7 },
  { type: 'selection.all' },
  { type: 'selection.clear' },
  { type: 'item.delete', id: SELF },
  { type: 'item.delete', id: 2 },
  { type: 'item.delete', id: 7 },
  { type: 'bulk.delete' },
  { type: 'item.restore', id: 7 },
  { type: 'bulk.restore' },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: afterDebounce },
  { type: 'xstate.done.actor.load', output: lists },
  { type: 'xstate.error.actor.load', error: new ApiError(500, 'Server Error') },
  { type: 'xstate.done.actor.remove', output: { message: 'Deleted.' } },
  { type: 'xstate.error.actor.remove', error: new ApiError(500, 'Server Error') },
  { type: 'xstate.done.actor.restore', output: { message: 'Restored.' } },
  { type: 'xstate.error.actor.restore', error: new ApiError(500, 'Server Error') },
] as unknown as LifecycleEvent[]; // done/error/after events are the machine's own, outside the union

function fakes(calls: FakeCalls) {
  return {
    load: calls.actor<LifecycleLists, LoadInput>('load'),
    remove: calls.actor<unknown, RemoveInput>('remove'),
    restore: calls.actor<unknown, RestoreInput>('restore'),
  };
}

/** The view the user chose last, from the events alone. */
function viewAfter(taken: EventObject[]): 'all' | 'trashed' {
  let view: 'all' | 'trashed' = 'all';
  for (const event of taken) {
    if (event.type === 'view.all') view = 'all';
    if (event.type === 'view.bin') view = 'trashed';
  }
  return view;
}

function lifecycleRules(calls: FakeCalls) {
  return (snapshot: { value: unknown; context: unknown }, taken: EventObject[]) => {
    const context = snapshot.context as LifecycleContext;
    const state = JSON.stringify(snapshot.value);
    // The user's own row is never selected nor deleted.
    expect(context.selection).not.toContain(SELF);
    expect(context.pending?.ids ?? []).not.toContain(SELF);
    for (const input of calls.inputsOf('remove') as RemoveInput[]) expect(input.ids).not.toContain(SELF);
    // Only rows on screen are selected.
    for (const id of context.selection) expect(selectableIds({ context })).toContain(id);
    if (state === '{"ready":"confirming"}') expect(context.pending?.ids.length).toBeGreaterThan(0);
    // Deleting from the bin deletes forever; from All it moves to the bin.
    if (state === '{"ready":"deleting"}') {
      const removes = calls.inputsOf('remove') as RemoveInput[];
      expect(removes.at(-1)?.type).toBe(viewAfter(taken));
    }
    if (state.startsWith('{"ready"')) expect(context.data).not.toBeNull();
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('lifecycle machine paths', () => {
  const input = { selfId: SELF };
  const paths = getShortestPaths(lifecycleMachine, {
    events,
    input,
    filterEvents: handled,
  });

  it('covers every state of the machine', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect([...reached].sort()).toEqual(
      [
        '"loading"',
        '"loadFailed"',
        '{"ready":"idle"}',
        '{"ready":"debouncing"}',
        '{"ready":"confirming"}',
        '{"ready":"deleting"}',
        '{"ready":"restoring"}',
      ].sort(),
    );
  });

  for (const path of paths) {
    it(`reaches ${describePath(path)}`, async () => {
      const calls = new FakeCalls();
      const actor = await replayPath(path, {
        logic: lifecycleMachine.provide({ actors: fakes(calls) }),
        calls,
        input,
        delays: { searchDebounce: 500 },
        check: lifecycleRules(calls),
      });
      actor.stop();
    });
  }
});

function start(selfId: number | null = SELF) {
  const calls = new FakeCalls();
  const actor = createActor(lifecycleMachine.provide({ actors: fakes(calls) }), {
    input: { selfId },
  }).start();
  return { calls, actor };
}

async function ready(selfId: number | null = SELF) {
  const session = start(selfId);
  session.calls.resolve('load', lists);
  await settle();
  expect(session.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  return session;
}

async function inBin() {
  const session = await ready();
  session.actor.send({ type: 'view.bin' });
  session.calls.resolve('load', lists);
  await settle();
  return session;
}

describe('lifecycle machine rules', () => {
  it('loads the first page without a search', () => {
    const { calls } = start();
    expect(calls.inputsOf('load')).toEqual([{ search: '', page: 1 }]);
  });

  it('never selects the signed-in user’s own row', async () => {
    const { actor } = await ready();
    actor.send({ type: 'selection.toggle', id: SELF });
    expect(actor.getSnapshot().context.selection).toEqual([]);
    actor.send({ type: 'selection.all' });
    expect(actor.getSnapshot().context.selection).toEqual([2, 3]);
    expect(allSelected(actor.getSnapshot())).toBe(true);
  });

  it('never asks to delete the signed-in user’s own row', async () => {
    const { actor } = await ready();
    actor.send({ type: 'item.delete', id: SELF });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('selects every other row when nobody is signed in as one of them', async () => {
    const { actor } = await ready(null);
    actor.send({ type: 'selection.all' });
    expect(actor.getSnapshot().context.selection).toEqual([1, 2, 3]);
  });

  it('unselects the page when every row is already selected', async () => {
    const { actor } = await ready();
    actor.send({ type: 'selection.toggle', id: 2 });
    actor.send({ type: 'selection.all' });
    expect(actor.getSnapshot().context.selection).toEqual([2, 3]);
    actor.send({ type: 'selection.all' });
    expect(actor.getSnapshot().context.selection).toEqual([]);
  });

  it('opens the bulk delete confirm only with a selection', async () => {
    const { actor } = await ready();
    actor.send({ type: 'bulk.delete' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'selection.toggle', id: 3 });
    actor.send({ type: 'bulk.delete' });
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.pending).toEqual({ ids: [3] });
  });

  it('moves a row to the bin from All and reloads', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'item.delete', id: 2 });
    actor.send({ type: 'confirm.accept' });
    expect(calls.inputsOf('remove')).toEqual([{ ids: [2], type: 'all' }]);
    calls.resolve('remove', { message: 'Deleted.' });
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls.inputsOf('load')).toHaveLength(2);
  });

  it('deletes forever from the Bin (type trashed)', async () => {
    const { actor, calls } = await inBin();
    actor.send({ type: 'selection.toggle', id: 7 });
    actor.send({ type: 'bulk.delete' });
    actor.send({ type: 'confirm.accept' });
    expect(calls.inputsOf('remove')).toEqual([{ ids: [7], type: 'trashed' }]);
    calls.resolve('remove', {});
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.selection).toEqual([]);
  });

  it('keeps the list and shows the error when a delete fails', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'selection.toggle', id: 2 });
    actor.send({ type: 'bulk.delete' });
    actor.send({ type: 'confirm.accept' });
    calls.reject('remove', new ApiError(500, 'Server Error'));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Server Error');
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(actor.getSnapshot().context.selection).toEqual([2]);
  });

  it('closes the confirm without deleting when the user says no', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'item.delete', id: 2 });
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(calls.inputsOf('remove')).toEqual([]);
  });

  it('restores a row from the bin and reloads', async () => {
    const { actor, calls } = await inBin();
    actor.send({ type: 'item.restore', id: 7 });
    expect(calls.inputsOf('restore')).toEqual([{ ids: [7] }]);
    calls.resolve('restore', {});
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('restores the selection only when there is one', async () => {
    const { actor, calls } = await inBin();
    actor.send({ type: 'bulk.restore' });
    expect(calls.inputsOf('restore')).toEqual([]);
    actor.send({ type: 'selection.all' });
    actor.send({ type: 'bulk.restore' });
    expect(calls.inputsOf('restore')).toEqual([{ ids: [7] }]);
  });

  it('searches 500 ms after the last keystroke, from page 1', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'page.go', page: 2 });
    calls.resolve('load', lists);
    await settle();
    actor.send({ type: 'selection.toggle', id: 2 });
    actor.send({ type: 'search.change', value: 'b' });
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'search.change', value: 'be' });
    await vi.advanceTimersByTimeAsync(400);
    expect(actor.getSnapshot().matches({ ready: 'debouncing' })).toBe(true);
    expect(calls.inputsOf('load')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls.inputsOf('load').at(-1)).toEqual({ search: 'be', page: 1 });
    expect(actor.getSnapshot().context.selection).toEqual([]);
  });

  it('clears the search and loads again', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'search.change', value: 'zz' });
    await vi.advanceTimersByTimeAsync(500);
    calls.resolve('load', lists);
    await settle();
    actor.send({ type: 'search.clear' });
    expect(actor.getSnapshot().context.search).toBe('');
    expect(calls.inputsOf('load').at(-1)).toEqual({ search: '', page: 1 });
  });

  it('switches to the bin on page 1 with nothing selected', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'page.go', page: 2 });
    calls.resolve('load', lists);
    await settle();
    actor.send({ type: 'selection.toggle', id: 3 });
    actor.send({ type: 'view.bin' });
    expect(actor.getSnapshot().context).toMatchObject({ view: 'trashed', page: 1, selection: [] });
    expect(calls.inputsOf('load').at(-1)).toEqual({ search: '', page: 1 });
    calls.resolve('load', lists);
    await settle();
    expect(currentList<UserRow>(actor.getSnapshot())?.data.map((row) => row.name)).toEqual(['Dee']);
  });

  it('loads the page the user asks for', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'page.go', page: 2 });
    expect(calls.inputsOf('load').at(-1)).toEqual({ search: '', page: 2 });
  });

  it('offers a retry when the list fails to load', async () => {
    const { actor, calls } = start();
    calls.reject('load', new ApiError(500, 'Server Error'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe('Server Error');
    actor.send({ type: 'list.retry' });
    calls.resolve('load', lists);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('drops selected rows that a reload no longer shows', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'selection.all' });
    actor.send({ type: 'list.reload' });
    calls.resolve('load', {
      ...lists,
      active: page([
        { id: SELF, name: 'Me' },
        { id: 3, name: 'Cal' },
      ]),
    });
    await settle();
    expect(actor.getSnapshot().context.selection).toEqual([3]);
  });

  it('loads with what was typed while the first load ran', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'search.change', value: 'cal' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls.inputsOf('load')).toEqual([
      { search: '', page: 1 },
      { search: 'cal', page: 1 },
    ]);
  });
});
