import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { describeFailure } from './errors';

export interface ReorderContext {
  /** The ids of the rows as the server last sent them. */
  rows: number[];
  /** The order the user made, shown until the server's rows arrive again; null when none. */
  moved: number[] | null;
}

export type ReorderEvent =
  /** The list (re)loaded: these rows, in the server's order. */
  | { type: 'rows.load'; ids: number[] }
  /** A row dropped (dragged, or moved with the keyboard) onto another row's place. */
  | { type: 'row.move'; id: number; over: number };

export interface SortInput {
  ids: number[];
}

/** `ids` with `id` taken out and put where `over` is, as a drop shows it. */
export function moveId(ids: readonly number[], id: number, over: number): number[] {
  const from = ids.indexOf(id);
  const to = ids.indexOf(over);
  // A drop on itself needs no case of its own: taken out and put back at `to`, it stays put.
  if (from < 0 || to < 0) return [...ids];
  const next = ids.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}

/** The order the table shows: the user's while it is pending, else the server's. */
export function shownOrder({ context }: { context: ReorderContext }): number[] {
  return context.moved ?? context.rows;
}

/**
 * A hand-made order saved by `sort` (brands, dealerships): a drop shows the new order at once and
 * saves every shown id in it; one save at a time. When the save fails the old order returns and
 * `failed` says why; either way `settled` runs (the list loads again, so the server's order shows),
 * and the user's order stays on screen until those rows arrive.
 */
export const reorderMachine = setup({
  types: {
    context: {} as ReorderContext,
    events: {} as ReorderEvent,
  },
  actors: {
    sort: fromPromise<unknown, SortInput>(async () => {
      throw new Error('sort not provided');
    }),
  },
  actions: {
    /** Provided by the screen: load the rows again. */
    settled: () => {},
    /** Provided by the screen: tell the user (a toast). */
    failed: (_, _params: { message: string }) => {},
    setRows: assign({ rows: (_, params: { ids: number[] }) => params.ids }),
    forgetMove: assign({ moved: null }),
    setMove: assign({
      moved: ({ context }, params: { id: number; over: number }) =>
        moveId(shownOrder({ context }), params.id, params.over),
    }),
  },
  guards: {
    /** Both rows are on screen and the drop moved one: nothing to save otherwise. */
    isMove: ({ context }, params: { id: number; over: number }) => {
      const ids = shownOrder({ context });
      return params.id !== params.over && ids.includes(params.id) && ids.includes(params.over);
    },
  },
}).createMachine({
  id: 'reorder',
  context: { rows: [], moved: null },
  initial: 'idle',
  on: {
    'rows.load': {
      actions: [{ type: 'setRows', params: ({ event }) => ({ ids: event.ids }) }, 'forgetMove'],
    },
  },
  states: {
    idle: {
      on: {
        'row.move': {
          guard: { type: 'isMove', params: ({ event }) => ({ id: event.id, over: event.over }) },
          target: 'saving',
          actions: { type: 'setMove', params: ({ event }) => ({ id: event.id, over: event.over }) },
        },
      },
    },
    saving: {
      on: {
        // The rows of the list as it was; the reload after this save brings the new ones.
        'rows.load': { actions: { type: 'setRows', params: ({ event }) => ({ ids: event.ids }) } },
      },
      invoke: {
        src: 'sort',
        input: ({ context }) => ({ ids: shownOrder({ context }) }),
        onDone: { target: 'idle', actions: 'settled' },
        onError: {
          target: 'idle',
          actions: [
            'forgetMove',
            {
              type: 'failed',
              params: ({ event }) => ({ message: describeFailure(event.error).message }),
            },
            'settled',
          ],
        },
      },
    },
  },
});

export type ReorderActor = ActorRefFrom<typeof reorderMachine>;
