import { assign } from 'xstate';
import type { PageItem } from '@/api/contract/blocks';
import { newBlockId } from '@/shared/blockIds';
import { canHideBlock } from '@/shared/hiding';
import { change, historySetup } from './history';
import type { BuilderContext } from './types';

const inRange = (items: readonly unknown[], at: number) =>
  Number.isInteger(at) && at >= 0 && at < items.length;

/** `list` with `added` inserted at `at`. */
function insert<T>(list: readonly T[], at: number, added: readonly T[]): T[] {
  return [...list.slice(0, at), ...added, ...list.slice(at)];
}

/** `list` without the entry at `at`. */
function without<T>(list: readonly T[], at: number): T[] {
  return [...list.slice(0, at), ...list.slice(at + 1)];
}

/** `list` with the entry at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  return insert(without(list, from), to, [list[from] as T]);
}

/** Where the open item is after the one at `from` moved to `to`. */
function editingAfterMove(editing: number | null, from: number, to: number): number | null {
  if (editing === null) return null;
  if (editing === from) return to;
  if (from < editing && to >= editing) return editing - 1;
  if (from > editing && to <= editing) return editing + 1;
  return editing;
}

/** Where the open item is after `count` blocks were inserted at `at`. */
function editingAfterInsert(editing: number | null, at: number, count: number): number | null {
  return editing !== null && editing >= at ? editing + count : editing;
}

/** Fresh keys for `count` new blocks. */
export function freshKeys(context: BuilderContext, count: number) {
  const keys = Array.from({ length: count }, (_, i) => context.nextKey + i);
  return { keys, nextKey: context.nextKey + count };
}

/** Where pasted blocks go: at `at` when it is a place in the list, else at the end. */
function pastePlace(items: readonly PageItem[], at: number | undefined): number {
  return at !== undefined && Number.isInteger(at) && at >= 0 && at <= items.length ? at : items.length;
}

/**
 * The blocks (spec §2 Builder, §4 Locked page): added, pasted, opened one at a time, saved,
 * moved, removed, duplicated and hidden; a locked page keeps its structure. Every change is one
 * step of the history.
 */
export const itemsSetup = historySetup.extend({
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
    /** Hiding as the block's own flags allow (src/shared/hiding.ts); a hidden block can always be shown. */
    canHide: ({ context }, params: { at: number; hidden: boolean }) => {
      const item = inRange(context.items, params.at) ? context.items[params.at] : undefined;
      return item !== undefined && item.hidden !== params.hidden && (!params.hidden || canHideBlock(item));
    },
    canPaste: ({ context }, params: { items: readonly PageItem[] }) =>
      !context.locked && params.items.length > 0,
  },
  actions: {
    addItem: assign(({ context }, params: { item: PageItem }) => {
      const fresh = freshKeys(context, 1);
      // A new block gets its id at once, so that it is the same block in every save (and merge).
      const item = params.item.id === undefined ? { ...params.item, id: newBlockId() } : params.item;
      return {
        ...change(context, {
          items: [...context.items, item],
          keys: [...context.keys, ...fresh.keys],
        }),
        nextKey: fresh.nextKey,
      };
    }),
    pasteItems: assign(({ context }, params: { items: readonly PageItem[]; at: number | undefined }) => {
      const at = pastePlace(context.items, params.at);
      const fresh = freshKeys(context, params.items.length);
      return {
        ...change(context, {
          // Each pasted block is a new one, wherever it was copied from.
          items: insert(
            context.items,
            at,
            params.items.map((item) => ({ ...item, id: newBlockId() })),
          ),
          keys: insert(context.keys, at, fresh.keys),
        }),
        nextKey: fresh.nextKey,
        editing: editingAfterInsert(context.editing, at, params.items.length),
      };
    }),
    openItem: assign({ editing: (_, params: { at: number }) => params.at }),
    closeItem: assign({ editing: null }),
    saveItem: assign(({ context }, params: { item: PageItem }) => {
      const items = [...context.items];
      items[context.editing ?? -1] = params.item;
      return { ...change(context, { items }), editing: null };
    }),
    moveItem: assign(({ context }, params: { from: number; to: number }) => ({
      ...change(context, {
        items: moved(context.items, params.from, params.to),
        keys: moved(context.keys, params.from, params.to),
      }),
      editing: editingAfterMove(context.editing, params.from, params.to),
    })),
    removeItem: assign(({ context }, params: { at: number }) => {
      const editing =
        context.editing === null || context.editing === params.at
          ? null
          : context.editing > params.at
            ? context.editing - 1
            : context.editing;
      return {
        ...change(context, {
          items: without(context.items, params.at),
          keys: without(context.keys, params.at),
        }),
        editing,
      };
    }),
    duplicateItem: assign(({ context }, params: { at: number }) => {
      // Sections are shared with the original: every change replaces what it touches, never edits it.
      const copy = { ...(context.items[params.at] as PageItem), id: newBlockId() };
      const fresh = freshKeys(context, 1);
      return {
        ...change(context, {
          items: insert(context.items, params.at + 1, [copy]),
          keys: insert(context.keys, params.at + 1, fresh.keys),
        }),
        nextKey: fresh.nextKey,
        editing: editingAfterInsert(context.editing, params.at + 1, 1),
      };
    }),
    hideItem: assign(({ context }, params: { at: number; hidden: boolean }) => {
      const items = [...context.items];
      items[params.at] = { ...(context.items[params.at] as PageItem), hidden: params.hidden };
      return change(context, { items });
    }),
  },
});

/** The page's answers to the block events, while it is ready. */
export const itemTransitions = itemsSetup.createStateConfig({
  on: {
    'item.add': {
      guard: 'unlocked',
      target: '.idle',
      actions: { type: 'addItem', params: ({ event }) => ({ item: event.item }) },
    },
    'item.paste': {
      guard: { type: 'canPaste', params: ({ event }) => ({ items: event.items }) },
      target: '.idle',
      actions: { type: 'pasteItems', params: ({ event }) => ({ items: event.items, at: event.at }) },
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
  },
}).on;
