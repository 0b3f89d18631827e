import { assign, enqueueActions } from 'xstate';
import { describeFailure } from '../errors';
import { change } from './history';
import { freshKeys, itemTransitions } from './items';
import { namingSetup } from './naming';
import type { BuilderContext, BuilderDraft, SavedSlug } from './types';

export const EDITING_LOCK_MESSAGE = 'Please finish editing your item before saving.';
/** Why Save waits while unsaved work from an earlier visit is offered back (the page ignores it then). */
export const DRAFT_OFFER_LOCK_MESSAGE = 'Restore or discard your unsaved changes before saving.';

/** What would be saved now, and what is kept in the browser until it is. */
export function draftOf(context: BuilderContext): BuilderDraft {
  return { items: context.items, name: context.name, slug: context.slug, fields: context.fields };
}

/**
 * Unsaved work offered back from an earlier visit, and saving: only with no block open, and a
 * failed save keeps everything and says why.
 */
export const savingSetup = namingSetup.extend({
  guards: {
    hasDraft: ({ context }) => context.draft !== null,
    onlyReads: ({ context }) => context.readOnly,
  },
  actions: {
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
    /** A revision from the history replaces what the editor holds, as one change undo takes back. */
    loadRevision: assign(({ context }, params: { draft: BuilderDraft }) => {
      const { draft } = params;
      const fresh = freshKeys(context, draft.items.length);
      return {
        ...change(context, { items: draft.items, keys: fresh.keys, name: draft.name, fields: draft.fields }),
        nextKey: fresh.nextKey,
        slug: draft.slug,
      };
    }),
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
});

/**
 * The page opening: for reading only, when the user may not save it; else earlier work is offered
 * back first, when there is some.
 */
export const openingStates = savingSetup.createStateConfig({
  states: {
    opening: {
      always: [
        { guard: 'onlyReads', target: 'reading' },
        { guard: 'hasDraft', target: 'offered' },
        { target: 'ready' },
      ],
    },
    // Its blocks open (to read their fields) and close; no change, undo, revision or save is taken.
    reading: {
      on: { 'item.edit': itemTransitions['item.edit'], 'item.cancel': itemTransitions['item.cancel'] },
    },
    offered: {
      on: {
        'draft.restore': { target: 'ready', actions: 'restoreDraft' },
        'draft.discard': { target: 'ready', actions: 'discardDraft' },
      },
    },
  },
}).states;

/** The page's answers to Save and to a revision loaded from the history, while it is ready. */
export const saveTransitions = savingSetup.createStateConfig({
  on: {
    'page.save': { guard: 'nothingOpen', target: 'saving', actions: 'startSaving' },
    'revision.load': {
      guard: 'nothingOpen',
      target: '.idle',
      actions: { type: 'loadRevision', params: ({ event }) => ({ draft: event.draft }) },
    },
  },
}).on;

/** Nothing changes while the page is being saved, so what is saved is what is shown. */
export const savingState = savingSetup.createStateConfig({
  invoke: {
    id: 'save',
    src: 'save',
    input: ({ context }) => draftOf(context),
    onDone: {
      target: 'ready.saved',
      actions: [
        { type: 'takeSavedSlug', params: ({ event }) => ({ saved: event.output }) },
        // Where the page now stands in its review, when the save answered it (the review region takes it).
        enqueueActions(({ enqueue, event }) => {
          const review = event.output?.review;
          if (review !== undefined) enqueue.raise({ type: 'review.loaded', review });
        }),
      ],
    },
    onError: {
      target: 'ready.failed',
      actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
    },
  },
});
