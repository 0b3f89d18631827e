import { assign } from 'xstate';
import { canMove, messageOf, rowOf } from './rows';
import { treeSetup } from './tree';
import type { DuplicateFields } from './types';

/**
 * The move and duplicate modals: each opens clean for one row, keeps the reason of a failed
 * save so the choice can be changed, and a duplicate opens the new page's editor (openEditor,
 * provided by the screen).
 */
export const modalsSetup = treeSetup.extend({
  guards: {
    isMovable: ({ context }, params: { id: number }) => canMove(rowOf({ context }, params.id)),
  },
  actions: {
    clearError: assign({ error: null, fieldErrors: {} }),
    /** A modal opens clean: no reason left from an earlier failure. */
    setTarget: assign((_, params: { action: 'move' | 'duplicate'; id: number }) => ({
      target: params,
      error: null,
      fieldErrors: {},
    })),
    clearTarget: assign({ target: null, fieldErrors: {}, error: null }),
    openEditor: (_, _params: { id: number }) => {},
  },
});

/** A row's Move and Duplicate actions open their modal. */
export const modalTransitions = modalsSetup.createStateConfig({
  on: {
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
  },
}).on;

/** The open modals and their saves. */
export const modalStates = modalsSetup.createStateConfig({
  states: {
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
        onDone: {
          target: '#pageTree.loading',
          actions: [
            'clearTarget',
            { type: 'announceDone', params: ({ event }) => ({ message: messageOf(event.output) }) },
          ],
        },
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
          actions: ['clearTarget', { type: 'openEditor', params: ({ event }) => ({ id: event.output.id }) }],
        },
        onError: {
          target: 'duplicating',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
}).states;
