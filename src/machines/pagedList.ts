import { assign, emit, fromPromise, setup } from 'xstate';
import { describeFailure } from './errors';

/** What a paged list is asked for: the `search` and `page` of its query string. */
export interface PagedQuery {
  search: string;
  page: number;
}

export interface PagedListContext {
  query: PagedQuery;
  /** What is in the search box; it becomes the query 500 ms after the last keystroke. */
  typed: string;
  /** The last answer, kept while the next one loads so the table does not flash empty. */
  data: unknown;
  error: string | null;
}

export type PagedListEvent =
  | { type: 'query.set'; query: PagedQuery }
  | { type: 'search.type'; value: string }
  | { type: 'search.clear' }
  | { type: 'page.go'; page: number }
  | { type: 'retry' };

/** Emitted when the user asks for another search or page; the screen puts it in the address. */
export type PagedListEmitted = { type: 'query.changed'; query: PagedQuery };

export const SEARCH_DEBOUNCE_MS = 500;

/** Every data state takes a new query the same way: back to loading, afresh. */
const newQuery = {
  guard: { type: 'isNewQuery', params: ({ event }: { event: { query: PagedQuery } }) => event },
  target: 'loading',
  reenter: true,
  actions: { type: 'takeQuery', params: ({ event }: { event: { query: PagedQuery } }) => event },
} as const;

const sameQuery = (a: PagedQuery, b: PagedQuery) => a.search === b.search && a.page === b.page;

/**
 * Any list that is searched and paged and nothing more (reservations, responses): the query
 * comes in from outside (the address), the user's search and paging go out as `query.changed`, and
 * the `load` actor answers whatever the screen lists. Loading and typing run side by side, so a
 * slow answer never swallows a keystroke; a new query drops the answer to the old one.
 */
export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    emitted: {} as PagedListEmitted,
    input: {} as { query: PagedQuery },
  },
  actors: {
    load: fromPromise<unknown, PagedQuery>(async () => {
      throw new Error('Provide a load actor for the list.');
    }),
  },
  guards: {
    isNewQuery: ({ context }, params: { query: PagedQuery }) =>
      !sameQuery(context.query, params.query) || context.error !== null,
  },
  actions: {
    takeQuery: assign(({ context }, params: { query: PagedQuery }) => ({
      query: params.query,
      typed: context.typed === context.query.search ? params.query.search : context.typed,
    })),
    takeTyped: assign({ typed: ({ event }) => (event.type === 'search.type' ? event.value : '') }),
    askForSearch: emit(({ context }) => ({
      type: 'query.changed' as const,
      query: { search: context.typed.trim(), page: 1 },
    })),
    askForPage: emit(({ context }, params: { page: number }) => ({
      type: 'query.changed' as const,
      query: { search: context.query.search, page: Math.max(1, params.page) },
    })),
    askForNoSearch: emit({ type: 'query.changed' as const, query: { search: '', page: 1 } }),
  },
}).createMachine({
  id: 'pagedList',
  type: 'parallel',
  context: ({ input }) => ({ query: input.query, typed: input.query.search, data: null, error: null }),
  on: {
    'page.go': { actions: { type: 'askForPage', params: ({ event }) => ({ page: event.page }) } },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          // Re-entering drops the answer still on its way for the old query.
          on: { 'query.set': newQuery },
          entry: assign({ error: null }),
          invoke: {
            src: 'load',
            input: ({ context }) => context.query,
            onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => describeFailure(event.error).message }),
            },
          },
        },
        ready: { on: { 'query.set': newQuery } },
        failed: { on: { 'query.set': newQuery, retry: 'loading' } },
      },
    },
    typing: {
      initial: 'idle',
      // Here, not on the whole list: a clear must not restart the load under way.
      on: { 'search.clear': { target: '.idle', actions: ['takeTyped', 'askForNoSearch'] } },
      states: {
        idle: { on: { 'search.type': { target: 'debouncing', actions: 'takeTyped' } } },
        debouncing: {
          // Each keystroke starts the wait again.
          on: { 'search.type': { target: 'debouncing', reenter: true, actions: 'takeTyped' } },
          after: { [SEARCH_DEBOUNCE_MS]: { target: 'idle', actions: 'askForSearch' } },
        },
      },
    },
  },
});
