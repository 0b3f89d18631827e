import { type ActorRefFrom, assign, emit, fromPromise, setup } from 'xstate';
import type { Paginator } from '@/api/contract/common';
import { describeFailure } from './errors';

/** The machine only needs a row's id; the screens know the rest of its shape. */
export interface Row {
  id: number;
}

/** The wait after the last keystroke before a search is sent (spec: 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;

/** What every paged list asks its `load` for: `?search&page`. */
export interface LoadInput {
  search: string;
  page: number;
}

/** The part of a list's context every paged list has, with or without a bin. */
export interface ListContext<TData = Paginator<Row>> {
  /** What is typed in the search box (it may not have been searched for yet). */
  search: string;
  page: number;
  /** The last answer of `load`; kept while the next one loads, so the rows do not flash away. */
  data: TData | null;
  error: string | null;
}

/** What a person does to any paged list. */
export type ListEvent =
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'search.change'; value: string }
  | { type: 'search.clear' }
  | { type: 'page.go'; page: number };

/**
 * A query chosen outside the list (the address, after the back button): it is loaded at once and
 * an answer still on its way for the old query is dropped.
 */
export type ListQueryEvent = { type: 'list.query'; search: string; page: number };

/** Sent each time the list loads, so a screen can keep the query in the address. */
export type ListQueried = { type: 'list.queried'; search: string; page: number };

/** Every data state takes a query from outside the same way: load it afresh. */
const takeQuery = {
  target: 'loading',
  reenter: true,
  actions: 'takeQuery',
} as const;

/** Typing while nothing is shown yet, or after a failure: load at once, from page 1. */
const searchNow = {
  target: 'loading',
  actions: [
    { type: 'setSearch', params: ({ event }: { event: { value: string } }) => ({ value: event.value }) },
    'firstPage',
  ],
} as const;

/**
 * The loading and failed states of every paged list: the list machine below, and the lifecycle
 * machine, which adds its bin layer to `ready`. A machine built on them provides the `load` actor
 * and the actions they name: `setData` (`{ data }`), `setError` (`{ error }`), `setSearch`
 * (`{ value }`) and `firstPage`.
 */
export function pagedListStates<TData>() {
  return {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }: { context: ListContext<TData> }) => ({
          search: context.search,
          page: context.page,
        }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'setData',
            params: ({ event }: { event: { output: TData } }) => ({ data: event.output }),
          },
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'setError',
            params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
          },
        },
      },
      on: {
        // Typing while a page loads: load again with what was typed.
        'search.change': { ...searchNow, reenter: true },
      },
    },
    loadFailed: {
      on: {
        'list.retry': 'loading',
        'list.reload': 'loading',
        'search.change': searchNow,
      },
    },
  } as const;
}

const shared = pagedListStates<Paginator<Row>>();

/**
 * What a list shows under its toolbar. `noResults` is a search that found nothing (spec: 'Oops! No
 * results...' with Clear Search); `empty` is a list with nothing in it yet.
 */
export type ListShows = 'loading' | 'failed' | 'empty' | 'noResults' | 'rows';

/** The state values a list shows something for, and the rows it shows. */
export function listShows(state: {
  failed: boolean;
  rows: readonly unknown[] | null;
  search: string;
}): ListShows {
  if (state.failed) return 'failed';
  if (state.rows === null) return 'loading';
  if (state.rows.length > 0) return 'rows';
  return state.search.trim() === '' ? 'empty' : 'noResults';
}

/** What a snapshot of the paged list shows (see `listShows`). */
export function pagedListShows(snapshot: {
  context: ListContext;
  matches: (value: 'loadFailed') => boolean;
}): ListShows {
  return listShows({
    failed: snapshot.matches('loadFailed'),
    rows: snapshot.context.data?.data ?? null,
    search: snapshot.context.search,
  });
}

/**
 * A paged, searchable list without a bin (reservations, responses, forms, templates): typing
 * searches 500 ms after the last keystroke from page 1, a page change loads that page, a failed
 * load offers a retry. The screen provides `load`. The lifecycle machine is this list with a bin
 * layer on top: the same states, events and context, plus views, selection and delete/restore.
 */
export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent | ListQueryEvent,
    emitted: {} as ListQueried,
    /** The query to start from (the address's); by default no search, page 1. */
    input: {} as Partial<LoadInput> | undefined,
  },
  actors: {
    load: fromPromise<Paginator<Row>, LoadInput>(async () => {
      throw new Error('load not provided');
    }),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  actions: {
    setData: assign({ data: (_, params: { data: Paginator<Row> }) => params.data, error: null }),
    setError: assign({ error: (_, params: { error: unknown }) => describeFailure(params.error).message }),
    setSearch: assign({ search: (_, params: { value: string }) => params.value }),
    setPage: assign({ page: (_, params: { page: number }) => params.page }),
    firstPage: assign({ page: 1 }),
    takeQuery: assign(({ event }) =>
      event.type === 'list.query' ? { search: event.search, page: event.page } : {},
    ),
  },
}).createMachine({
  id: 'list',
  context: ({ input }) => ({ search: input?.search ?? '', page: input?.page ?? 1, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      ...shared.loading,
      entry: emit(({ context }) => ({
        type: 'list.queried' as const,
        search: context.search,
        page: context.page,
      })),
      on: { ...shared.loading.on, 'list.query': takeQuery },
    },
    loadFailed: {
      on: { ...shared.loadFailed.on, 'list.query': takeQuery },
    },
    ready: {
      initial: 'idle',
      // Shown rows answer these the same whether a search is waiting or not.
      on: {
        // Each keystroke starts the wait again.
        'search.change': {
          target: '.debouncing',
          reenter: true,
          actions: { type: 'setSearch', params: ({ event }) => ({ value: event.value }) },
        },
        'search.clear': {
          target: 'loading',
          actions: [{ type: 'setSearch', params: { value: '' } }, 'firstPage'],
        },
        'page.go': {
          target: 'loading',
          actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
        },
        'list.reload': 'loading',
        'list.query': takeQuery,
      },
      states: {
        idle: {},
        debouncing: {
          after: {
            searchDebounce: { target: '#list.loading', actions: 'firstPage' },
          },
        },
      },
    },
  },
});

export type ListActor = ActorRefFrom<typeof listMachine>;
