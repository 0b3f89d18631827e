import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { PageItem } from '@/api/contract/pages';
import { describeFailure } from './errors';

/** How many changes undo can go back: enough for an afternoon, bounded so memory stays flat. */
export const HISTORY_LIMIT = 100;

/** The slug is asked for this long after the last change of the name. */
export const SLUG_DELAY_MS = 500;

export const EDITING_LOCK_MESSAGE = 'Please finish editing your item before saving.';

/**
 * The page-wide fields the screen edits beside the blocks (meta, published, brand, a form's
 * e-mails, a template's flags...), by name. The machine keeps them, undoes them and saves them;
 * what each one means is the screen's business.
 */
export type PageFields = Readonly<Record<string, unknown>>;

/**
 * What the builder saves, and what is kept in the browser while it is not saved: the blocks,
 * the name and slug, and the screen's other fields.
 */
export interface BuilderDraft {
  items: readonly PageItem[];
  name: string;
  slug: string;
  fields: PageFields;
}

/** One step of the undo history: everything an editor can change. */
export interface BuilderVersion {
  items: readonly PageItem[];
  /** The blocks' keys, one per block: who a block is across moves (a copy is someone new). */
  keys: readonly number[];
  name: string;
  fields: PageFields;
}

export interface BuilderContext {
  /** Replaced, never changed in place: a change copies the list and at most the one item it touches. */
  items: readonly PageItem[];
  /** A stable key per block, for React lists and drag and drop; a new, pasted or duplicated block gets a fresh one. */
  keys: readonly number[];
  /** The key the next new block gets. */
  nextKey: number;
  /** Position of the one item open in the editor; the page cannot be saved while one is. */
  editing: number | null;
  /** Earlier versions, oldest first (undo), and the ones undone, next first (redo). */
  past: readonly BuilderVersion[];
  future: readonly BuilderVersion[];
  /**
   * The page field the last change typed into ('name' or a field's name): typing on in the same
   * field amends that change, so one undo takes back a word typed, not one letter.
   */
  typing: string | null;
  /** Whether something changed since the page was opened or last saved (the work a reload would lose). */
  changed: boolean;
  /** Unsaved work kept from an earlier visit, offered back until it is restored or discarded. */
  draft: BuilderDraft | null;
  /** A locked page keeps its structure: no adding, moving, duplicating, pasting or removing blocks. */
  locked: boolean;
  name: string;
  slug: string;
  fields: PageFields;
  /** The message of the last failed save; what the editor did is kept. */
  error: string | null;
  fieldErrors: Record<string, string>;
  conflict: boolean;
}

/** What a save answers about the slug: the one the server gave the page saved under `name`. */
export interface SavedSlug {
  name: string;
  slug: string;
}

export interface BuilderInput {
  items?: readonly PageItem[];
  locked?: boolean;
  name?: string;
  slug?: string;
  fields?: PageFields;
  /** Unsaved work found in the browser for this page: offered back before anything else happens. */
  draft?: BuilderDraft | null;
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
  /** Blocks from the clipboard (already checked against the catalogue), inserted at `at` or at the end. */
  | { type: 'item.paste'; items: readonly PageItem[]; at?: number }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'name.change'; name: string }
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'draft.restore' }
  | { type: 'draft.discard' }
  | { type: 'page.save' }
  /** Raised by the machine itself when undo or redo brings another name back. */
  | { type: 'slug.follow' };

const inRange = (items: readonly unknown[], at: number) =>
  Number.isInteger(at) && at >= 0 && at < items.length;

const versionOf = (context: BuilderContext): BuilderVersion => ({
  items: context.items,
  keys: context.keys,
  name: context.name,
  fields: context.fields,
});

/**
 * One more change: the current version joins the past (unless `typing` goes on in the field the
 * last change typed into), the redo list empties, and the page has unsaved changes.
 */
function change(context: BuilderContext, next: Partial<BuilderVersion>, typing: string | null = null) {
  const amends = typing !== null && typing === context.typing;
  const past = amends ? context.past : [...context.past, versionOf(context)];
  return {
    ...next,
    past: past.slice(-HISTORY_LIMIT),
    future: [],
    typing,
    changed: true,
  };
}

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
function freshKeys(context: BuilderContext, count: number) {
  const keys = Array.from({ length: count }, (_, i) => context.nextKey + i);
  return { keys, nextKey: context.nextKey + count };
}

/** Where pasted blocks go: at `at` when it is a place in the list, else at the end. */
function pastePlace(items: readonly PageItem[], at: number | undefined): number {
  return at !== undefined && Number.isInteger(at) && at >= 0 && at <= items.length ? at : items.length;
}

/**
 * The block builder of pages, forms and templates (spec §2 Builder, §4 Locked page): the blocks,
 * the one being edited, the page fields, undo and redo of every change, unsaved work offered
 * back, the slug following the name, and saving. A failed save keeps everything.
 *
 * Usage: `useMachine(builderMachine.provide({ actors: { save, slugOf } }), { input })`, with the
 * stored draft (src/blocks/drafts.ts) as `input.draft`. The screen shows `context.items` keyed by
 * `context.keys`; while the snapshot matches `{ page: 'offered' }` it asks whether to restore
 * `context.draft` and sends `draft.restore` or `draft.discard`. `snapshot.can({ type:
 * 'history.undo' })` says whether undo is possible; `context.changed` whether leaving loses work.
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
    save: fromPromise<SavedSlug | undefined, BuilderDraft>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    hasDraft: ({ context }) => context.draft !== null,
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
    canPaste: ({ context }, params: { items: readonly PageItem[] }) =>
      !context.locked && params.items.length > 0,
    canUndo: ({ context }) => context.editing === null && context.past.length > 0,
    canRedo: ({ context }) => context.editing === null && context.future.length > 0,
    fieldChanged: ({ context }, params: { name: string; value: unknown }) =>
      !Object.is(context.fields[params.name], params.value),
    // Nothing is taken while earlier work is offered back: it would be overwritten by either answer.
    canRename: ({ context }, params: { name: string }) =>
      context.draft === null && params.name !== context.name,
    hasName: ({ context }) => context.name.trim() !== '',
  },
  actions: {
    addItem: assign(({ context }, params: { item: PageItem }) => {
      const fresh = freshKeys(context, 1);
      return {
        ...change(context, {
          items: [...context.items, params.item],
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
          items: insert(context.items, at, params.items),
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
      const copy = { ...(context.items[params.at] as PageItem) };
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
    setField: assign(({ context }, params: { name: string; value: unknown }) =>
      change(context, { fields: { ...context.fields, [params.name]: params.value } }, `field:${params.name}`),
    ),
    setName: assign(({ context }, params: { name: string }) =>
      change(context, { name: params.name }, 'name'),
    ),
    undo: assign(({ context }) => ({
      ...(context.past.at(-1) as BuilderVersion),
      past: context.past.slice(0, -1),
      future: [versionOf(context), ...context.future],
      typing: null,
      changed: true,
    })),
    redo: assign(({ context }) => ({
      ...(context.future[0] as BuilderVersion),
      past: [...context.past, versionOf(context)],
      future: context.future.slice(1),
      typing: null,
      changed: true,
    })),
    /** Undo and redo can bring another name back: the slug follows it as after typing. */
    followName: enqueueActions(({ context, enqueue }, params: { name: string | undefined }) => {
      if (params.name !== undefined && params.name !== context.name) enqueue.raise({ type: 'slug.follow' });
    }),
    restoreDraft: assign(({ context }) => {
      const draft = context.draft as BuilderDraft;
      const fresh = freshKeys(context, draft.items.length);
      return {
        // Restoring is a change like any other: undo goes back to the page as it was stored.
        ...change(context, { items: draft.items, keys: fresh.keys, name: draft.name, fields: draft.fields }),
        nextKey: fresh.nextKey,
        slug: draft.slug,
        draft: null,
      };
    }),
    discardDraft: assign({ draft: null }),
    setSlug: assign({ slug: (_, params: { slug: string }) => params.slug }),
    /** The slug the server kept or made on saving, unless the name changed meanwhile (its own slug is coming). */
    takeSavedSlug: assign(({ context }, params: { saved: SavedSlug | undefined }) =>
      params.saved && params.saved.name === context.name ? { slug: params.saved.slug } : {},
    ),
    startSaving: assign({ error: null, fieldErrors: {}, conflict: false, typing: null, changed: false }),
    setFailure: assign((_, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return {
        error: failure.message,
        fieldErrors: failure.fieldErrors,
        conflict: failure.status === 409,
        changed: true,
      };
    }),
  },
}).createMachine({
  id: 'builder',
  context: ({ input }) => {
    const items = input?.items ?? [];
    return {
      items,
      keys: items.map((_, i) => i),
      nextKey: items.length,
      editing: null,
      past: [],
      future: [],
      typing: null,
      changed: false,
      draft: input?.draft ?? null,
      locked: input?.locked ?? false,
      name: input?.name ?? '',
      slug: input?.slug ?? '',
      fields: input?.fields ?? {},
      error: null,
      fieldErrors: {},
      conflict: false,
    };
  },
  type: 'parallel',
  states: {
    page: {
      initial: 'opening',
      states: {
        opening: {
          always: [{ guard: 'hasDraft', target: 'offered' }, { target: 'ready' }],
        },
        offered: {
          on: {
            'draft.restore': { target: 'ready', actions: 'restoreDraft' },
            'draft.discard': { target: 'ready', actions: 'discardDraft' },
          },
        },
        ready: {
          initial: 'idle',
          states: { idle: {}, saved: {}, failed: {} },
          on: {
            'page.save': { guard: 'nothingOpen', target: 'saving', actions: 'startSaving' },
            'item.add': {
              guard: 'unlocked',
              target: '.idle',
              actions: { type: 'addItem', params: ({ event }) => ({ item: event.item }) },
            },
            // The name changes in the slug region, which takes it while saving too.
            'name.change': {
              guard: { type: 'canRename', params: ({ event }) => ({ name: event.name }) },
              target: '.idle',
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
            'field.change': {
              guard: {
                type: 'fieldChanged',
                params: ({ event }) => ({ name: event.name, value: event.value }),
              },
              target: '.idle',
              actions: {
                type: 'setField',
                params: ({ event }) => ({ name: event.name, value: event.value }),
              },
            },
            'history.undo': {
              guard: 'canUndo',
              target: '.idle',
              actions: [
                { type: 'followName', params: ({ context }) => ({ name: context.past.at(-1)?.name }) },
                'undo',
              ],
            },
            'history.redo': {
              guard: 'canRedo',
              target: '.idle',
              actions: [
                { type: 'followName', params: ({ context }) => ({ name: context.future[0]?.name }) },
                'redo',
              ],
            },
          },
        },
        // Nothing changes while the page is being saved, so what is saved is what is shown.
        saving: {
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({
              items: context.items,
              name: context.name,
              slug: context.slug,
              fields: context.fields,
            }),
            onDone: {
              target: 'ready.saved',
              actions: { type: 'takeSavedSlug', params: ({ event }) => ({ saved: event.output }) },
            },
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
          guard: { type: 'canRename', params: ({ event }) => ({ name: event.name }) },
          // Entered afresh on every keystroke (an open call is dropped), so the call waits for typing to pause.
          target: '.waiting',
          actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) },
        },
        'slug.follow': { target: '.waiting' },
      },
    },
  },
});

/** What would be saved now, and what is kept in the browser until it is. */
export function draftOf(context: BuilderContext): BuilderDraft {
  return { items: context.items, name: context.name, slug: context.slug, fields: context.fields };
}
