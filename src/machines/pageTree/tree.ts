import { assign, fromPromise, setup } from 'xstate';
import { describeFailure } from '../errors';
import { canDelete, hasMore, messageOf, rowOf } from './rows';
import type {
  DuplicateInput,
  MoveInput,
  Placement,
  TreeContext,
  TreeEvent,
  TreeList,
  TreeLoadInput,
} from './types';

/** A tree list before its first answer. */
export const emptyTree: TreeContext = {
  search: '',
  page: 1,
  data: null,
  pending: null,
  target: null,
  placements: null,
  error: null,
  fieldErrors: {},
};

/**
 * The list itself: loading (a page at a time), toggling published and deleting through a
 * confirm, Undo after a delete, and reordering by hand where the parent allows it. The screens
 * provide every call, and announceDeleted (the toast with Undo), announceDone and announceError.
 */
export const treeSetup = setup({
  types: {
    context: {} as TreeContext,
    events: {} as TreeEvent,
  },
  actors: {
    load: fromPromise<TreeList, TreeLoadInput>(async () => {
      throw new Error('load not provided');
    }),
    publish: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('publish not provided');
    }),
    remove: fromPromise<{ message: string }, { id: number }>(async () => {
      throw new Error('remove not provided');
    }),
    restore: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('restore not provided');
    }),
    move: fromPromise<unknown, MoveInput>(async () => {
      throw new Error('move not provided');
    }),
    duplicate: fromPromise<{ id: number }, DuplicateInput>(async () => {
      throw new Error('duplicate not provided');
    }),
    sort: fromPromise<unknown, { placements: Placement[] }>(async () => {
      throw new Error('sort not provided');
    }),
  },
  guards: {
    isDeletable: ({ context }, params: { id: number }) => canDelete(rowOf({ context }, params.id)),
    hasData: ({ context }) => context.data !== null,
    hasMore: ({ context }) => hasMore({ context }),
    isKnown: ({ context }, params: { id: number }) => rowOf({ context }, params.id) !== undefined,
    /** Only where the parent orders by hand, and never shifting a locked row. */
    canReorder: ({ context }, params: { placements: Placement[] }) => {
      if (!context.data?.sortable || params.placements.length === 0) return false;
      const position = new Map(context.data.rows.map((row, i) => [row.id, i + 1]));
      return params.placements.every((p) => {
        const row = rowOf({ context }, p.id);
        return (
          row !== undefined &&
          p.index >= 1 &&
          p.index <= context.data!.total &&
          !(row.locked && position.get(p.id) !== p.index)
        );
      });
    },
  },
  actions: {
    setData: assign((_, params: { data: TreeList }) => ({
      data: params.data,
      placements: null,
      error: null,
    })),
    /** The next page's rows join the ones shown. */
    addPage: assign(({ context }, params: { data: TreeList }) => ({
      page: context.page + 1,
      data: {
        ...params.data,
        rows: [...(context.data?.rows ?? []), ...params.data.rows],
      },
    })),
    setError: assign((_, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return { error: failure.message, fieldErrors: failure.fieldErrors };
    }),
    setPending: assign({
      pending: (_, params: { action: 'publish' | 'delete'; id: number }) => params,
    }),
    clearPending: assign({ pending: null }),
    setPlacements: assign({ placements: (_, params: { placements: Placement[] }) => params.placements }),
    clearPlacements: assign({ placements: null }),
    announceDeleted: (_, _params: { id: number; name: string; message: string }) => {},
    announceError: (_, _params: { error: unknown }) => {},
    /** What a finished toggle or move said: the screen shows it ('The page has been moved.'). */
    announceDone: (_, _params: { message: string }) => {},
  },
});

/** Loading the list, and a failed load that offers a retry. */
export const loadStates = treeSetup.createStateConfig({
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ pages: context.page, more: false }),
        onDone: {
          target: 'ready',
          actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      // Undo pressed while the list reloads after the delete.
      on: { 'delete.undo': { guard: 'hasData', target: '#pageTree.ready.restoring' } },
    },
    loadFailed: {
      on: {
        'list.retry': 'loading',
        'list.reload': 'loading',
        'delete.undo': { guard: 'hasData', target: '#pageTree.ready.restoring' },
      },
    },
  },
}).states;

/** What the rows shown let the user do: reload, more rows, publish, delete, undo, reorder. */
export const rowTransitions = treeSetup.createStateConfig({
  on: {
    'list.reload': '#pageTree.loading',
    'publish.ask': {
      guard: { type: 'isKnown', params: ({ event }) => ({ id: event.id }) },
      target: 'confirmingPublish',
      actions: {
        type: 'setPending',
        params: ({ event }) => ({ action: 'publish' as const, id: event.id }),
      },
    },
    'delete.ask': {
      guard: { type: 'isDeletable', params: ({ event }) => ({ id: event.id }) },
      target: 'confirmingDelete',
      actions: {
        type: 'setPending',
        params: ({ event }) => ({ action: 'delete' as const, id: event.id }),
      },
    },
    reorder: {
      guard: { type: 'canReorder', params: ({ event }) => ({ placements: event.placements }) },
      target: 'reordering',
      actions: { type: 'setPlacements', params: ({ event }) => ({ placements: event.placements }) },
    },
    'delete.undo': { target: 'restoring' },
    'list.more': { guard: 'hasMore', target: 'loadingMore' },
  },
}).on;

/** The list's work beside `idle`, each back to idle or to a reload. */
export const rowStates = treeSetup.createStateConfig({
  states: {
    loadingMore: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ pages: context.page + 1, more: true }),
        onDone: {
          target: 'idle',
          actions: { type: 'addPage', params: ({ event }) => ({ data: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'announceError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingPublish: {
      on: {
        'confirm.accept': 'publishing',
        'confirm.cancel': { target: 'idle', actions: 'clearPending' },
      },
    },
    publishing: {
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => ({ id: context.pending?.id ?? 0 }),
        // Spec §4: after the toggle the list reloads; the server's words say which way it went.
        onDone: {
          target: '#pageTree.loading',
          actions: [
            'clearPending',
            { type: 'announceDone', params: ({ event }) => ({ message: messageOf(event.output) }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            'clearPending',
            { type: 'announceError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    confirmingDelete: {
      on: {
        'confirm.accept': 'deleting',
        'confirm.cancel': { target: 'idle', actions: 'clearPending' },
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.pending?.id ?? 0 }),
        onDone: {
          target: '#pageTree.loading',
          actions: [
            {
              type: 'announceDeleted',
              params: ({ context, event }) => ({
                id: context.pending?.id ?? 0,
                name: rowOf({ context }, context.pending?.id ?? 0)?.name ?? '',
                message: event.output.message,
              }),
            },
            'clearPending',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            'clearPending',
            { type: 'announceError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    restoring: {
      invoke: {
        id: 'restore',
        src: 'restore',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: '#pageTree.loading',
        onError: {
          target: 'idle',
          actions: { type: 'announceError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    reordering: {
      invoke: {
        id: 'sort',
        src: 'sort',
        input: ({ context }) => ({ placements: context.placements ?? [] }),
        onDone: '#pageTree.loading',
        // The server's order comes back with the reload.
        onError: {
          target: '#pageTree.loading',
          actions: [
            'clearPlacements',
            { type: 'announceError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
}).states;
