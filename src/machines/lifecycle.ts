import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { Paginator } from '@/api/contract/common';
import { describeFailure } from './errors';

/** The machine only needs a row's id; the screens know the rest of its shape. */
export interface Row {
  id: number;
}

export type LifecycleView = 'all' | 'trashed';

/** Both lists of one `GET users|brands|dealerships?search&page` answer. */
export interface LifecycleLists<T extends Row = Row> {
  active: Paginator<T>;
  trashed: Paginator<T>;
}

export interface LifecycleContext {
  /** The signed-in user's own row: never selectable, never deletable. */
  selfId: number | null;
  view: LifecycleView;
  search: string;
  page: number;
  data: LifecycleLists | null;
  selection: number[];
  /** The rows a confirm, delete or restore is about. */
  pending: { ids: number[] } | null;
  error: string | null;
}

export interface LifecycleInput {
  selfId?: number | null;
}

export interface LoadInput {
  search: string;
  page: number;
}

export interface RemoveInput {
  ids: number[];
  /** `all` moves to the bin, `trashed` deletes forever (spec §4). */
  type: LifecycleView;
}

export interface RestoreInput {
  ids: number[];
}

export type LifecycleEvent =
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'search.change'; value: string }
  | { type: 'search.clear' }
  | { type: 'page.go'; page: number }
  | { type: 'view.all' }
  | { type: 'view.bin' }
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.all' }
  | { type: 'selection.clear' }
  | { type: 'item.delete'; id: number }
  | { type: 'bulk.delete' }
  | { type: 'item.restore'; id: number }
  | { type: 'bulk.restore' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

type ContextHolder = { context: LifecycleContext };

/**
 * The list of the current view, or null before the first load.
 * `T` names the screen's row type: its `load` actor returns those rows.
 */
export function currentList<T extends Row = Row>({ context }: ContextHolder): Paginator<T> | null {
  if (!context.data) return null;
  const list = context.view === 'all' ? context.data.active : context.data.trashed;
  // The screen's own `load` filled these rows, so they have the screen's row type.
  return list as Paginator<T>;
}

/** The ids on the current page that may be selected (all but the user's own row). */
export function selectableIds(holder: ContextHolder): number[] {
  const list = currentList(holder);
  if (!list) return [];
  return list.data.map((row) => row.id).filter((id) => id !== holder.context.selfId);
}

/** True when every selectable row of the page is selected (the header checkbox). */
export function allSelected(holder: ContextHolder): boolean {
  const ids = selectableIds(holder);
  return ids.length > 0 && ids.every((id) => holder.context.selection.includes(id));
}

/**
 * Active list, bin and delete forever for users, brands and dealerships. The screen
 * provides `load`, `remove` and `restore`.
 */
export const lifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
  },
  actors: {
    load: fromPromise<LifecycleLists, LoadInput>(async () => {
      throw new Error('load not provided');
    }),
    remove: fromPromise<unknown, RemoveInput>(async () => {
      throw new Error('remove not provided');
    }),
    restore: fromPromise<unknown, RestoreInput>(async () => {
      throw new Error('restore not provided');
    }),
  },
  delays: {
    searchDebounce: 500,
  },
  guards: {
    isNotSelf: ({ context }, params: { id: number }) => params.id !== context.selfId,
    /** Only rows the user can see, and never their own, can be selected. */
    isSelectable: ({ context }, params: { id: number }) => selectableIds({ context }).includes(params.id),
    hasSelection: ({ context }) => context.selection.length > 0,
  },
  actions: {
    setData: assign(({ context }, params: { data: LifecycleLists }) => {
      const next = { ...context, data: params.data };
      // Rows that left the page (deleted elsewhere, moved) cannot stay selected.
      const visible = new Set(currentList({ context: next })?.data.map((row) => row.id));
      return { data: params.data, selection: context.selection.filter((id) => visible.has(id)), error: null };
    }),
    setError: assign({ error: (_, params: { error: unknown }) => describeFailure(params.error).message }),
    setSearch: assign({ search: (_, params: { value: string }) => params.value }),
    setPage: assign({ page: (_, params: { page: number }) => params.page }),
    setView: assign({ view: (_, params: { view: LifecycleView }) => params.view }),
    firstPage: assign({ page: 1 }),
    toggleSelection: assign({
      selection: ({ context }, params: { id: number }) =>
        context.selection.includes(params.id)
          ? context.selection.filter((id) => id !== params.id)
          : [...context.selection, params.id],
    }),
    toggleAll: assign({
      selection: ({ context }) => (allSelected({ context }) ? [] : selectableIds({ context })),
    }),
    clearSelection: assign({ selection: [] }),
    setPending: assign({ pending: (_, params: { ids: number[] }) => ({ ids: params.ids }), error: null }),
    clearPending: assign({ pending: null }),
  },
}).createMachine({
  id: 'lifecycle',
  context: ({ input }) => ({
    selfId: input?.selfId ?? null,
    view: 'all',
    search: '',
    page: 1,
    data: null,
    selection: [],
    pending: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ search: context.search, page: context.page }),
        onDone: {
          target: 'ready',
          actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Typing while the first page loads: load again with what was typed.
        'search.change': {
          target: 'loading',
          reenter: true,
          actions: [{ type: 'setSearch', params: ({ event }) => ({ value: event.value }) }, 'firstPage'],
        },
      },
    },
    loadFailed: {
      on: {
        'list.retry': 'loading',
        'list.reload': 'loading',
        'search.change': {
          target: 'loading',
          actions: [{ type: 'setSearch', params: ({ event }) => ({ value: event.value }) }, 'firstPage'],
        },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'selection.toggle': {
          guard: { type: 'isSelectable', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'toggleSelection', params: ({ event }) => ({ id: event.id }) },
        },
        'selection.all': { actions: 'toggleAll' },
        'selection.clear': { actions: 'clearSelection' },
      },
      states: {
        idle: {
          on: {
            'search.change': {
              target: 'debouncing',
              actions: { type: 'setSearch', params: ({ event }) => ({ value: event.value }) },
            },
            'search.clear': {
              target: '#lifecycle.loading',
              actions: [{ type: 'setSearch', params: { value: '' } }, 'firstPage', 'clearSelection'],
            },
            'page.go': {
              target: '#lifecycle.loading',
              actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, 'clearSelection'],
            },
            'view.all': {
              target: '#lifecycle.loading',
              actions: [{ type: 'setView', params: { view: 'all' } }, 'firstPage', 'clearSelection'],
            },
            'view.bin': {
              target: '#lifecycle.loading',
              actions: [{ type: 'setView', params: { view: 'trashed' } }, 'firstPage', 'clearSelection'],
            },
            'list.reload': '#lifecycle.loading',
            'item.delete': {
              guard: { type: 'isNotSelf', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: { type: 'setPending', params: ({ event }) => ({ ids: [event.id] }) },
            },
            'bulk.delete': {
              guard: 'hasSelection',
              target: 'confirming',
              actions: { type: 'setPending', params: ({ context }) => ({ ids: context.selection }) },
            },
            'item.restore': {
              target: 'restoring',
              actions: { type: 'setPending', params: ({ event }) => ({ ids: [event.id] }) },
            },
            'bulk.restore': {
              guard: 'hasSelection',
              target: 'restoring',
              actions: { type: 'setPending', params: ({ context }) => ({ ids: context.selection }) },
            },
          },
        },
        debouncing: {
          after: {
            searchDebounce: {
              target: '#lifecycle.loading',
              actions: ['firstPage', 'clearSelection'],
            },
          },
          on: {
            // Each keystroke starts the wait again.
            'search.change': {
              target: 'debouncing',
              reenter: true,
              actions: { type: 'setSearch', params: ({ event }) => ({ value: event.value }) },
            },
            'search.clear': {
              target: '#lifecycle.loading',
              actions: [{ type: 'setSearch', params: { value: '' } }, 'firstPage', 'clearSelection'],
            },
            'page.go': {
              target: '#lifecycle.loading',
              actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, 'clearSelection'],
            },
            'view.all': {
              target: '#lifecycle.loading',
              actions: [{ type: 'setView', params: { view: 'all' } }, 'firstPage', 'clearSelection'],
            },
            'view.bin': {
              target: '#lifecycle.loading',
              actions: [{ type: 'setView', params: { view: 'trashed' } }, 'firstPage', 'clearSelection'],
            },
            'list.reload': '#lifecycle.loading',
          },
        },
        confirming: {
          on: {
            'confirm.accept': 'deleting',
            'confirm.cancel': { target: 'idle', actions: 'clearPending' },
          },
        },
        deleting: {
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({
              ids: context.pending?.ids ?? [],
              type: context.view === 'all' ? 'all' : 'trashed',
            }),
            onDone: { target: '#lifecycle.loading', actions: ['clearSelection', 'clearPending'] },
            onError: {
              target: 'idle',
              actions: [
                'clearPending',
                { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        restoring: {
          invoke: {
            id: 'restore',
            src: 'restore',
            input: ({ context }) => ({ ids: context.pending?.ids ?? [] }),
            onDone: { target: '#lifecycle.loading', actions: ['clearSelection', 'clearPending'] },
            onError: {
              target: 'idle',
              actions: [
                'clearPending',
                { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type LifecycleActor = ActorRefFrom<typeof lifecycleMachine>;
