import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/client';
import type { Paginator } from '@/api/contract/common';
import type {
  LifecycleEvent,
  LifecycleLists,
  LoadInput,
  RemoveInput,
  RestoreInput,
  Row,
} from '@/machines/lifecycle';
import { describeSpecEvent, FAILURE, lifecycleSpec, SELF } from './lifecycle-spec';
import { modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';

const { allSelected, currentList, lifecycleMachine, lifecycleShows, selectableIds } = await loadMachine(
  import('@/machines/lifecycle'),
);

interface UserRow extends Row {
  name: string;
}

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
    links: [],
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

function fakes(calls: FakeCalls) {
  return {
    load: calls.actor<LifecycleLists, LoadInput>('load'),
    remove: calls.actor<unknown, RemoveInput>('remove'),
    restore: calls.actor<unknown, RestoreInput>('restore'),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the lifecycle machine follows the spec model of a list with a bin', () => {
  it('is replayed on paths that take every step the model allows', () => {
    const paths = modelPaths(lifecycleSpec, describeSpecEvent);
    const taken = new Set(paths.flatMap((path) => path.events.map((event) => event.type)));
    for (const type of [
      'confirm.cancel',
      'page.go',
      'restore.fail',
      'remove.fail',
      'time.passes',
      'bulk.restore',
    ])
      expect(taken, type).toContain(type);
  });

  for (const path of modelPaths(lifecycleSpec, describeSpecEvent)) {
    it(`shows what the spec says after ${path.title}`, async () => {
      const calls = new FakeCalls();
      const actor = createActor(lifecycleMachine.provide({ actors: fakes(calls) }), {
        input: { selfId: SELF },
      }).start();
      await replayModel(lifecycleSpec, path, {
        apply: async (event) => {
          const [src, outcome] = event.type.split('.');
          if (outcome === 'ok') calls.resolve(src ?? '', src === 'load' ? lists : {});
          else if (outcome === 'fail') calls.reject(src ?? '', new ApiError(500, FAILURE));
          else if (event.type === 'time.passes') await vi.advanceTimersByTimeAsync(500);
          else actor.send(event as LifecycleEvent);
          await settle();
        },
        sees: () => {
          const snapshot = actor.getSnapshot();
          return {
            view: snapshot.context.view,
            search: snapshot.context.search,
            rows: currentList(snapshot)?.data.map((row) => row.id) ?? null,
            selection: snapshot.context.selection,
            dialog: snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'deleting' }),
            failed: snapshot.matches('loadFailed'),
            error: snapshot.context.error,
          };
        },
        calls: () => calls.made,
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

  // Spec: the 'Hold up!' dialog names the rows it is about, so nothing moves the list while it is
  // open or while its delete runs.
  for (const stage of ['confirming', 'deleting'] as const) {
    it(`holds the list still while ${stage === 'confirming' ? 'the confirm is open' : 'a delete runs'}`, async () => {
      const { actor, calls } = await ready();
      actor.send({ type: 'item.delete', id: 2 });
      if (stage === 'deleting') actor.send({ type: 'confirm.accept' });
      for (const event of [
        { type: 'search.change', value: 'bea' },
        { type: 'search.clear' },
        { type: 'page.go', page: 2 },
        { type: 'view.bin' },
        { type: 'view.all' },
        { type: 'list.reload' },
      ] as const) {
        actor.send(event);
        await vi.advanceTimersByTimeAsync(500);
        expect(calls.inputsOf('load'), event.type).toHaveLength(1);
        expect(actor.getSnapshot().matches({ ready: stage }), event.type).toBe(true);
        expect(actor.getSnapshot().context).toMatchObject({ search: '', page: 1, view: 'all' });
      }
    });
  }

  for (const action of ['delete', 'restore'] as const) {
    it(`lets the list move again once a ${action} is done`, async () => {
      const { actor, calls } = action === 'delete' ? await ready() : await inBin();
      if (action === 'delete') {
        actor.send({ type: 'item.delete', id: 2 });
        actor.send({ type: 'confirm.accept' });
        calls.resolve('remove', {});
      } else {
        actor.send({ type: 'item.restore', id: 7 });
        calls.resolve('restore', {});
      }
      await settle();
      calls.resolve('load', lists);
      await settle();
      actor.send({ type: 'page.go', page: 2 });
      expect(calls.inputsOf('load').at(-1)).toMatchObject({ page: 2 });
    });
  }

  it('clears a search from page 1', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'search.change', value: 'zz' });
    await vi.advanceTimersByTimeAsync(500);
    calls.resolve('load', lists);
    await settle();
    actor.send({ type: 'page.go', page: 2 });
    calls.resolve('load', lists);
    await settle();
    actor.send({ type: 'search.clear' });
    expect(calls.inputsOf('load').at(-1)).toEqual({ search: '', page: 1 });
  });

  it('goes back to All on page 1', async () => {
    const { actor, calls } = await inBin();
    actor.send({ type: 'page.go', page: 2 });
    calls.resolve('load', lists);
    await settle();
    actor.send({ type: 'view.all' });
    expect(actor.getSnapshot().context).toMatchObject({ view: 'all', page: 1 });
    expect(calls.inputsOf('load').at(-1)).toEqual({ search: '', page: 1 });
  });

  it('has nothing to select before the first answer, nor on a page holding only the user’s own row', async () => {
    const { actor, calls } = start();
    expect(selectableIds(actor.getSnapshot())).toEqual([]);
    expect(allSelected(actor.getSnapshot())).toBe(false);
    calls.resolve('load', { active: page([{ id: SELF, name: 'Me' }], 1, 1), trashed: page([], 1, 1) });
    await settle();
    expect(selectableIds(actor.getSnapshot())).toEqual([]);
    // The header checkbox is not ticked for a page with nothing to tick.
    expect(allSelected(actor.getSnapshot())).toBe(false);
  });

  it('shows loading, then the rows, an empty bin, and a failed load', async () => {
    const { actor, calls } = start();
    expect(lifecycleShows(actor.getSnapshot())).toBe('loading');
    calls.resolve('load', { ...lists, trashed: page([], 1, 1) });
    await settle();
    expect(lifecycleShows(actor.getSnapshot())).toBe('rows');
    actor.send({ type: 'view.bin' });
    calls.resolve('load', { ...lists, trashed: page([], 1, 1) });
    await settle();
    expect(lifecycleShows(actor.getSnapshot())).toBe('empty');
    actor.send({ type: 'list.reload' });
    calls.reject('load', new ApiError(500, FAILURE));
    await settle();
    expect(lifecycleShows(actor.getSnapshot())).toBe('failed');
  });
});
