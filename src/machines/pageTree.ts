import type { ActorRefFrom } from 'xstate';
import { modalStates, modalsSetup, modalTransitions } from './pageTree/modals';
import { emptyTree, loadStates, rowStates, rowTransitions } from './pageTree/tree';

export { canDelete, canMove, hasMore, rowOf, shownRows, treeShows } from './pageTree/rows';
export type {
  DuplicateFields,
  DuplicateInput,
  MoveInput,
  Placement,
  TreeContext,
  TreeEvent,
  TreeList,
  TreeLoadInput,
  TreeRow,
} from './pageTree/types';

/**
 * The page tree lists (/pages, /pages/children/{id}, /forms): load, toggle published through a
 * confirm (then reload), delete through a confirm with Undo afterwards, move and duplicate in
 * modals, and reorder by hand when the parent allows it. Screens provide the calls and the
 * three named effects: announceDeleted (the toast with Undo), announceError and openEditor. The
 * list lives in pageTree/tree.ts, the modals in pageTree/modals.ts; this file puts them together.
 */
export const pageTreeMachine = modalsSetup.createMachine({
  id: 'pageTree',
  context: emptyTree,
  initial: 'loading',
  states: {
    ...loadStates,
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { ...rowTransitions, ...modalTransitions } },
        ...rowStates,
        ...modalStates,
      },
    },
    /** The duplicate's editor is opening; this list is done. */
    opened: { type: 'final' },
  },
});

export type PageTreeActor = ActorRefFrom<typeof pageTreeMachine>;
