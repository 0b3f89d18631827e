import { openedContext } from './builder/base';
import { historyTransitions } from './builder/history';
import { itemTransitions } from './builder/items';
import { fieldTransitions, slugRegion } from './builder/naming';
import { reviewRegion, reviewSetup } from './builder/review';
import { openingStates, saveTransitions, savingState } from './builder/saving';

export { HISTORY_LIMIT } from './builder/history';
export { SLUG_DELAY_MS } from './builder/naming';
export { SAVE_BEFORE_SUBMIT } from './builder/review';
export { DRAFT_OFFER_LOCK_MESSAGE, draftOf, EDITING_LOCK_MESSAGE } from './builder/saving';
export type {
  BuilderContext,
  BuilderDraft,
  BuilderEvent,
  BuilderInput,
  BuilderVersion,
  PageFields,
  ReviewCall,
  SavedSlug,
} from './builder/types';

/**
 * The block builder of pages, forms and templates (spec §2 Builder, §4 Locked page): the blocks,
 * the one being edited, the page fields, undo and redo of every change, unsaved work offered
 * back, the slug following the name, and saving. A failed save keeps everything. Each concern
 * lives in builder/ (items, history, naming, saving); this file puts them together.
 *
 * Usage: `useMachine(builderMachine.provide({ actors: { save, slugOf } }), { input })`, with the
 * stored draft (src/blocks/drafts.ts) as `input.draft`. The screen shows `context.items` keyed by
 * `context.keys`; while the snapshot matches `{ page: 'offered' }` it asks whether to restore
 * `context.draft` and sends `draft.restore` or `draft.discard`. `snapshot.can({ type:
 * 'history.undo' })` says whether undo is possible; `context.changed` whether leaving loses work.
 */
export const builderMachine = reviewSetup.createMachine({
  id: 'builder',
  context: ({ input }) => openedContext(input),
  type: 'parallel',
  states: {
    page: {
      initial: 'opening',
      states: {
        ...openingStates,
        ready: {
          initial: 'idle',
          states: { idle: {}, saved: {}, failed: {} },
          on: { ...saveTransitions, ...itemTransitions, ...fieldTransitions, ...historyTransitions },
        },
        saving: savingState,
      },
    },
    slug: slugRegion,
    review: reviewRegion,
  },
});
