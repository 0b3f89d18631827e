import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { describeFailure } from './errors';
import { type ListContext, type ListEvent, type ListShows, listShows } from './list';

/** What the machine needs of a row: enough to know which actions the spec allows on it. */
export interface TreeRow {
  id: number;
  name: string;
  locked: 0 | 1;
  total_children: number;
}

/**
 * One answer of `load`: the rows in their order, and whether the parent lets them be reordered by
 * hand. A long list comes a page at a time: `total` counts every row, loaded or not.
 */
export interface TreeList<T extends TreeRow = TreeRow> {
  rows: T[];
  /** Every row of the list; more than `rows` while pages are still to load. */
  total: number;
  /** True when the parent's sort_by is sort_order (spec §4 Page order). */
  sortable: boolean;
}

/**
 * What `load` is asked for: the first `pages` pages as one answer (the first load and every
 * reload keep what was scrolled to), or `more`: only page `pages`, to add after the rows shown.
 */
export interface TreeLoadInput {
  pages: number;
  more: boolean;
}

/** A row's new place: 1-based, as pages/sort takes it. */
export interface Placement {
  id: number;
  index: number;
}

export interface DuplicateFields {
  name: string;
  children: boolean;
  publish_children: boolean;
}

/**
 * The paged list's context (list.ts): `data` the rows so far, `page` how many pages of them are
 * loaded, `error` why the last load failed. A tree list has no search box of its own (search is
 * '' throughout); the page search of /pages is a list of its own. Plus the tree's actions.
 */
export interface TreeContext extends ListContext<TreeList> {
  /** The row a confirm is about: toggling published or deleting. */
  pending: { action: 'publish' | 'delete'; id: number } | null;
  /** The row the move or duplicate modal is open for. */
  target: { action: 'move' | 'duplicate'; id: number } | null;
  /** Placements being saved; the rows show in that order meanwhile. */
  placements: Placement[] | null;
  fieldErrors: Record<string, string>;
}

export type TreeEvent =
  | Extract<ListEvent, { type: 'list.reload' | 'list.retry' }>
  /** The rows shown are nearly all seen: the next page loads, if there is one. */
  | { type: 'list.more' }
  | { type: 'publish.ask'; id: number }
  | { type: 'delete.ask'; id: number }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'move.open'; id: number }
  | { type: 'duplicate.open'; id: number }
  | { type: 'modal.close' }
  | { type: 'move.submit'; parent: number | null }
  | { type: 'duplicate.submit'; parent: number | null; fields: DuplicateFields }
  | { type: 'reorder'; placements: Placement[] }
  | { type: 'delete.undo'; id: number };

export interface MoveInput {
  id: number;
  parent: number | null;
}
export interface DuplicateInput extends MoveInput {
  fields: DuplicateFields;
}

type Holder = { context: TreeContext };

export function rowOf({ context }: Holder, id: number): TreeRow | undefined {
  return context.data?.rows.find((row) => row.id === id);
}

/**
 * The rows as they show now: in the order being saved while a reorder is under way. A row sent
 * beyond the rows loaded leaves them (it shows again when its page loads).
 */
export function shownRows<T extends TreeRow = TreeRow>({ context }: Holder): T[] {
  const rows = (context.data?.rows ?? []) as T[];
  if (!context.placements) return rows;
  const placed = new Map(context.placements.map((p) => [p.index - 1, p.id]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const moved = new Set(context.placements.map((p) => p.id));
  const rest = rows.filter((row) => !moved.has(row.id));
  const out: T[] = [];
  let next = 0;
  for (let i = 0; i < rows.length; i++) {
    const id = placed.get(i);
    const row = id !== undefined ? byId.get(id) : rest[next++];
    if (row) out.push(row);
  }
  return out;
}

/** Whether rows are still to load after the ones shown. */
export const hasMore = ({ context }: Holder) =>
  context.data !== null && context.data.rows.length < context.data.total;

/** What the list shows (list.ts): loading, failed, empty or rows. */
export function treeShows(snapshot: Holder & { matches: (value: 'loadFailed') => boolean }): ListShows {
  return listShows({
    failed: snapshot.matches('loadFailed'),
    rows: snapshot.context.data?.rows ?? null,
    search: snapshot.context.search,
  });
}

/** Spec §2 and §4: deleting needs a row without children that is not locked. */
export const canDelete = (row: TreeRow | undefined) =>
  Boolean(row && row.total_children === 0 && !row.locked);
/** Locked pages show no move control. */
export const canMove = (row: TreeRow | undefined) => Boolean(row && !row.locked);

/**
 * The page tree lists (/pages, /pages/children/{id}, /forms): load, toggle published through a
 * confirm (then reload), delete through a confirm with Undo afterwards, move and duplicate in
 * modals, and reorder by hand when the parent allows it. Screens provide the calls and the
 * three named effects: announceDeleted (the toast with Undo), announceError and openEditor.
 */
export const pageTreeMachine = setup({
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
    isMovable: ({ context }, params: { id: number }) => canMove(rowOf({ context }, params.id)),
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
    clearError: assign({ error: null, fieldErrors: {} }),
    setPending: assign({
      pending: (_, params: { action: 'publish' | 'delete'; id: number }) => params,
    }),
    clearPending: assign({ pending: null }),
    /** A modal opens clean: no reason left from an earlier failure. */
    setTarget: assign((_, params: { action: 'move' | 'duplicate'; id: number }) => ({
      target: params,
      error: null,
      fieldErrors: {},
    })),
    clearTarget: assign({ target: null, fieldErrors: {}, error: null }),
    setPlacements: assign({ placements: (_, params: { placements: Placement[] }) => params.placements }),
    clearPlacements: assign({ placements: null }),
    announceDeleted: (_, _params: { id: number; name: string; message: string }) => {},
    announceError: (_, _params: { error: unknown }) => {},
    openEditor: (_, _params: { id: number }) => {},
  },
}).createMachine({
  id: 'pageTree',
  context: {
    search: '',
    page: 1,
    data: null,
    pending: null,
    target: null,
    placements: null,
    error: null,
    fieldErrors: {},
  },
  initial: 'loading',
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
    ready: {
      initial: 'idle',
      states: {
        idle: {
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
            'move.open': {
              guard: { type: 'isMovable', params: ({ event }) => ({ id: event.id }) },
              target: 'moving',
              actions: {
                type: 'setTarget',
                params: ({ event }) => ({ action: 'move' as const, id: event.id }),
              },
            },
            'duplicate.open': {
              guard: { type: 'isKnown', params: ({ event }) => ({ id: event.id }) },
              target: 'duplicating',
              actions: {
                type: 'setTarget',
                params: ({ event }) => ({ action: 'duplicate' as const, id: event.id }),
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
        },
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
            // Spec §4: after the toggle the list reloads.
            onDone: { target: '#pageTree.loading', actions: 'clearPending' },
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
        moving: {
          on: {
            'modal.close': { target: 'idle', actions: 'clearTarget' },
            'move.submit': { target: 'savingMove', actions: 'clearError' },
          },
        },
        savingMove: {
          invoke: {
            id: 'move',
            src: 'move',
            input: ({ context, event }) => ({
              id: context.target?.id ?? 0,
              parent: (event as { parent: number | null }).parent,
            }),
            onDone: { target: '#pageTree.loading', actions: 'clearTarget' },
            // The modal stays open with the reason, so the choice can be changed.
            onError: {
              target: 'moving',
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        duplicating: {
          on: {
            'modal.close': { target: 'idle', actions: 'clearTarget' },
            'duplicate.submit': { target: 'savingDuplicate', actions: 'clearError' },
          },
        },
        savingDuplicate: {
          invoke: {
            id: 'duplicate',
            src: 'duplicate',
            input: ({ context, event }) => {
              const submitted = event as { parent: number | null; fields: DuplicateFields };
              return { id: context.target?.id ?? 0, parent: submitted.parent, fields: submitted.fields };
            },
            // Spec §4: on success the new page's editor opens.
            onDone: {
              target: '#pageTree.opened',
              actions: [
                'clearTarget',
                { type: 'openEditor', params: ({ event }) => ({ id: event.output.id }) },
              ],
            },
            onError: {
              target: 'duplicating',
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
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
    },
    /** The duplicate's editor is opening; this list is done. */
    opened: { type: 'final' },
  },
});

export type PageTreeActor = ActorRefFrom<typeof pageTreeMachine>;
