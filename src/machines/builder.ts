import { assign, fromPromise, setup } from 'xstate';
import type { PageItem } from '@/api/contract/pages';
import { describeFailure } from './errors';

/** How many changes undo can go back: enough for an afternoon, bounded so memory stays flat. */
export const HISTORY_LIMIT = 100;

/** The slug is asked for this long after the last change of the name. */
export const SLUG_DELAY_MS = 500;

export const EDITING_LOCK_MESSAGE = 'Please finish editing your item before saving.';

/** What the builder saves: the page's blocks, name and slug. The screen adds its other fields. */
export interface BuilderDraft {
  items: readonly PageItem[];
  name: string;
  slug: string;
}

export interface BuilderContext {
  /** Replaced, never changed in place: a change copies the list and at most the one item it touches. */
  items: readonly PageItem[];
  /** Position of the one item open in the editor; the page cannot be saved while one is. */
  editing: number | null;
  /** Earlier item lists, oldest first (undo), and the ones undone, next first (redo). */
  past: readonly (readonly PageItem[])[];
  future: readonly (readonly PageItem[])[];
  /** A locked page keeps its structure: no adding, moving, duplicating or removing blocks. */
  locked: boolean;
  name: string;
  slug: string;
  /** The message of the last failed save; what the editor did is kept. */
  error: string | null;
  fieldErrors: Record<string, string>;
  conflict: boolean;
}

export interface BuilderInput {
  items?: readonly PageItem[];
  locked?: boolean;
  name?: string;
  slug?: string;
}

export type BuilderEvent =
  | { type: 'item.add'; item: PageItem }
  | { type: 'item.edit'; at: number }
  | { type: 'item.cancel' }
  | { type: 'item.save'; item: PageItem }
  | { type: 'item.move'; from: number; to: number }
  | { type: 'item.remove'; at: number }
  | { type: 'item.duplicate'; at: number }
  | { type: 'item.hide'; at: number; hidden: boolean }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'name.change'; name: string }
  | { type: 'page.save' };

const inRange = (items: readonly unknown[], at: number) =>
  Number.isInteger(at) && at >= 0 && at < items.length;

/** The list with one more change remembered: the current list joins the past, the redo list empties. */
function remember(context: BuilderContext, items: readonly PageItem[]) {
  const past = [...context.past, context.items];
  return {
    items,
    past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past,
    future: [],
  };
}

/** Where the open item is after the one at `from` moved to `to`. */
function editingAfterMove(editing: number | null, from: number, to: number): number | null {
  if (editing === null) return null;
  if (editing === from) return to;
  if (from < editing && to >= editing) return editing - 1;
  if (from > editing && to <= editing) return editing + 1;
  return editing;
}

/**
 * The page builder (spec §2 Builder, §4 Locked page): the blocks, the one being edited, undo and
 * redo of every change, the slug following the name, and saving. A failed save keeps everything.
 */
export const builderMachine = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput,
  },
  delays: { slugDelay: SLUG_DELAY_MS },
  actors: {
    slugOf: fromPromise<{ slug: string }, { name: string }>(async () => {
      throw new Error('slugOf not provided');
    }),
    save: fromPromise<unknown, BuilderDraft>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    unlocked: ({ context }) => !context.locked,
    nothingOpen: ({ context }) => context.editing === null,
    somethingOpen: ({ context }) => context.editing !== null,
    canEdit: ({ context }, params: { at: number }) =>
      context.editing === null && inRange(context.items, params.at),
    canMove: ({ context }, params: { from: number; to: number }) =>
      !context.locked &&
      params.from !== params.to &&
      inRange(context.items, params.from) &&
      inRange(context.items, params.to),
    canChangeAt: ({ context }, params: { at: number }) =>
      !context.locked && inRange(context.items, params.at),
    canHide: ({ context }, params: { at: number; hidden: boolean }) => {
      const item = inRange(context.items, params.at) ? context.items[params.at] : undefined;
      return item?.hideable.item === true && item.hidden !== params.hidden;
    },
    canUndo: ({ context }) => context.editing === null && context.past.length > 0,
    canRedo: ({ context }) => context.editing === null && context.future.length > 0,
    nameChanged: ({ context }, params: { name: string }) => params.name !== context.name,
    hasName: ({ context }) => context.name.trim() !== '',
  },
  actions: {
    addItem: assign(({ context }, params: { item: PageItem }) =>
      remember(context, [...context.items, params.item]),
    ),
    openItem: assign({ editing: (_, params: { at: number }) => params.at }),
    closeItem: assign({ editing: null }),
    saveItem: assign(({ context }, params: { item: PageItem }) => {
      const at = context.editing ?? -1;
      const items = [...context.items];
      items[at] = params.item;
      return { ...remember(context, items), editing: null };
    }),
    moveItem: assign(({ context }, params: { from: number; to: number }) => {
      const items = [...context.items];
      const [moved] = items.splice(params.from, 1);
      if (moved) items.splice(params.to, 0, moved);
      return {
        ...remember(context, items),
        editing: editingAfterMove(context.editing, params.from, params.to),
      };
    }),
    removeItem: assign(({ context }, params: { at: number }) => {
      const items = [...context.items.slice(0, params.at), ...context.items.slice(params.at + 1)];
      const editing =
        context.editing === null || context.editing === params.at
          ? null
          : context.editing > params.at
            ? context.editing - 1
            : context.editing;
      return { ...remember(context, items), editing };
    }),
    duplicateItem: assign(({ context }, params: { at: number }) => {
      const original = context.items[params.at] as PageItem;
      // Sections are shared with the original: every change replaces what it touches, never edits it.
      const items = [
        ...context.items.slice(0, params.at + 1),
        { ...original },
        ...context.items.slice(params.at + 1),
      ];
      const editing =
        context.editing !== null && context.editing > params.at ? context.editing + 1 : context.editing;
      return { ...remember(context, items), editing };
    }),
    hideItem: assign(({ context }, params: { at: number; hidden: boolean }) => {
      const items = [...context.items];
      items[params.at] = { ...(context.items[params.at] as PageItem), hidden: params.hidden };
      return remember(context, items);
    }),
    undo: assign(({ context }) => ({
      items: context.past[context.past.length - 1] ?? context.items,
      past: context.past.slice(0, -1),
      future: [context.items, ...context.future],
    })),
    redo: assign(({ context }) => ({
      items: context.future[0] ?? context.items,
      past: [...context.past, context.items],
      future: context.future.slice(1),
    })),
    setName: assign({ name: (_, params: { name: string }) => params.name }),
    setSlug: assign({ slug: (_, params: { slug: string }) => params.slug }),
    clearFailure: assign({ error: null, fieldErrors: {}, conflict: false }),
    setFailure: assign((_, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return { error: failure.message, fieldErrors: failure.fieldErrors, conflict: failure.status === 409 };
    }),
  },
}).createMachine({
  id: 'builder',
  context: ({ input }) => ({
    items: input?.items ?? [],
    editing: null,
    past: [],
    future: [],
    locked: input?.locked ?? false,
    name: input?.name ?? '',
    slug: input?.slug ?? '',
    error: null,
    fieldErrors: {},
    conflict: false,
  }),
  type: 'parallel',
  states: {
    page: {
      initial: 'ready',
      states: {
        ready: {
          initial: 'idle',
          states: { idle: {}, saved: {}, failed: {} },
          on: {
            'page.save': { guard: 'nothingOpen', target: 'saving', actions: 'clearFailure' },
            'item.add': {
              guard: 'unlocked',
              target: '.idle',
              actions: { type: 'addItem', params: ({ event }) => ({ item: event.item }) },
            },
            'item.edit': {
              guard: { type: 'canEdit', params: ({ event }) => ({ at: event.at }) },
              actions: { type: 'openItem', params: ({ event }) => ({ at: event.at }) },
            },
            'item.cancel': { guard: 'somethingOpen', actions: 'closeItem' },
            'item.save': {
              guard: 'somethingOpen',
              target: '.idle',
              actions: { type: 'saveItem', params: ({ event }) => ({ item: event.item }) },
            },
            'item.move': {
              guard: { type: 'canMove', params: ({ event }) => ({ from: event.from, to: event.to }) },
              target: '.idle',
              actions: { type: 'moveItem', params: ({ event }) => ({ from: event.from, to: event.to }) },
            },
            'item.remove': {
              guard: { type: 'canChangeAt', params: ({ event }) => ({ at: event.at }) },
              target: '.idle',
              actions: { type: 'removeItem', params: ({ event }) => ({ at: event.at }) },
            },
            'item.duplicate': {
              guard: { type: 'canChangeAt', params: ({ event }) => ({ at: event.at }) },
              target: '.idle',
              actions: { type: 'duplicateItem', params: ({ event }) => ({ at: event.at }) },
            },
            'item.hide': {
              guard: { type: 'canHide', params: ({ event }) => ({ at: event.at, hidden: event.hidden }) },
              target: '.idle',
              actions: { type: 'hideItem', params: ({ event }) => ({ at: event.at, hidden: event.hidden }) },
            },
            'history.undo': { guard: 'canUndo', target: '.idle', actions: 'undo' },
            'history.redo': { guard: 'canRedo', target: '.idle', actions: 'redo' },
          },
        },
        // Nothing changes while the page is being saved, so what is saved is what is shown.
        saving: {
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ items: context.items, name: context.name, slug: context.slug }),
            onDone: { target: 'ready.saved' },
            onError: {
              target: 'ready.failed',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    slug: {
      initial: 'idle',
      states: {
        idle: {},
        waiting: {
          after: { slugDelay: [{ guard: 'hasName', target: 'asking' }, { target: 'idle' }] },
        },
        asking: {
          invoke: {
            id: 'slugOf',
            src: 'slugOf',
            input: ({ context }) => ({ name: context.name }),
            onDone: {
              target: 'idle',
              actions: { type: 'setSlug', params: ({ event }) => ({ slug: event.output.slug }) },
            },
            // The slug stays as it was; the server gives the final one on save.
            onError: { target: 'idle' },
          },
        },
      },
      on: {
        'name.change': {
          guard: { type: 'nameChanged', params: ({ event }) => ({ name: event.name }) },
          // Entered afresh on every keystroke (an open call is dropped), so the call waits for typing to pause.
          target: '.waiting',
          actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) },
        },
      },
    },
  },
});
