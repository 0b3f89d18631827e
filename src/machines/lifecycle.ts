import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { Paginator } from '@/api/contract/common';
import { describeFailure } from './errors';
import {
  type ListContext,
  type ListEvent,
  type ListShows,
  type LoadInput,
  listShows,
  pagedListStates,
  type Row,
  SEARCH_DEBOUNCE_MS,
} from './list';

export type { LoadInput, Row };

export type LifecycleView = 'all' | 'trashed';

/** Both lists of one `GET users|brands|dealerships?search&page` answer. */
export interface LifecycleLists<T extends Row = Row> {
  active: Paginator<T>;
  trashed: Paginator<T>;
}

/** The paged list's context, plus the bin layer. */
export interface LifecycleContext extends ListContext<LifecycleLists> {
  /** The signed-in user's own row: never selectable, never deletable. */
  selfId: number | null;
  view: LifecycleView;
  selection: number[];
  /** The rows a confirm, delete or restore is about. */
  pending: { ids: number[] } | null;
}

export interface LifecycleInput {
  selfId?: number | null;
}

export interface RemoveInput {
  ids: number[];
  /** `all` moves to the bin, `trashed` deletes forever (spec §4). */
  type: LifecycleView;
}

export interface RestoreInput {
  ids: number[];
}

/** The paged list's events, plus the bin layer's. */
export type LifecycleEvent =
  | ListEvent
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

/** What the current view shows; an empty bin is `empty` too (the screen words it as the bin). */
export function lifecycleShows(
  snapshot: ContextHolder & { matches: (value: 'loadFailed') => boolean },
): ListShows {
  return listShows({
    failed: snapshot.matches('loadFailed'),
    rows: currentList(snapshot)?.data ?? null,
    search: snapshot.context.search,
  });
}

/**
 * Active list, bin and delete forever for users, brands and dealerships. The screen
 * provides `load`, `remove` and `restore`.
 */
const paged = pagedListStates<LifecycleLists>();

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
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    isNotSelf: ({ context }, params: { id: number }) => params.id !== context.selfId,
    /** Only rows the user can see, and never their own, can be selected. */
    isSelectable: ({ context }, params: { id: number }) => selectableIds({ context }).includes(params.id),
    hasSelection: ({ context }) => context.selection.length > 0,
    /** No confirm open and no delete or restore running: the list may move. */
    isBrowsing: ({ context }) => context.pending === null,
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
  // The paged list's loading and failed states (list.ts); its `ready` is the bin layer's: confirm, delete, restore.
  states: {
    ...paged,
    loading: {
      ...paged.loading,
      on: {
        ...paged.loading.on,
        // A tab chosen while rows load (an arrow key on the tabs during the first load) is shown,
        // from page 1, as it is once they have loaded: the tab that looks selected is the one shown.
        'view.all': {
          target: 'loading',
          reenter: true,
          actions: [{ type: 'setView', params: { view: 'all' } }, 'firstPage', 'clearSelection'],
        },
        'view.bin': {
          target: 'loading',
          reenter: true,
          actions: [{ type: 'setView', params: { view: 'trashed' } }, 'firstPage', 'clearSelection'],
        },
      },
    },
    ready: {
      initial: 'idle',
      // Shown rows answer these alike whether a search waits or not; an open confirm or a running
      // delete or restore holds the list still, so what the dialog names stays on screen.
      on: {
        'selection.toggle': {
          guard: { type: 'isSelectable', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'toggleSelection', params: ({ event }) => ({ id: event.id }) },
        },
        'selection.all': { actions: 'toggleAll' },
        'selection.clear': { actions: 'clearSelection' },
        // Each keystroke starts the wait again.
        'search.change': {
          guard: 'isBrowsing',
          target: '.debouncing',
          reenter: true,
          actions: { type: 'setSearch', params: ({ event }) => ({ value: event.value }) },
        },
        'search.clear': {
          guard: 'isBrowsing',
          target: 'loading',
          actions: [{ type: 'setSearch', params: { value: '' } }, 'firstPage', 'clearSelection'],
        },
        'page.go': {
          guard: 'isBrowsing',
          target: 'loading',
          actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, 'clearSelection'],
        },
        'view.all': {
          guard: 'isBrowsing',
          target: 'loading',
          actions: [{ type: 'setView', params: { view: 'all' } }, 'firstPage', 'clearSelection'],
        },
        'view.bin': {
          guard: 'isBrowsing',
          target: 'loading',
          actions: [{ type: 'setView', params: { view: 'trashed' } }, 'firstPage', 'clearSelection'],
        },
        'list.reload': { guard: 'isBrowsing', target: 'loading' },
      },
      states: {
        idle: {
          on: {
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
