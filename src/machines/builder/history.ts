import { assign, enqueueActions } from 'xstate';
import { builderBase } from './base';
import type { BuilderContext, BuilderVersion } from './types';

/** How many changes undo can go back: enough for an afternoon, bounded so memory stays flat. */
export const HISTORY_LIMIT = 100;

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
export function change(context: BuilderContext, next: Partial<BuilderVersion>, typing: string | null = null) {
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

/** Undo and redo of every change, never while a block is open. */
export const historySetup = builderBase.extend({
  guards: {
    canUndo: ({ context }) => context.editing === null && context.past.length > 0,
    canRedo: ({ context }) => context.editing === null && context.future.length > 0,
  },
  actions: {
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
  },
});

/** The page's answers to undo and redo, while it is ready. */
export const historyTransitions = historySetup.createStateConfig({
  on: {
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
      actions: [{ type: 'followName', params: ({ context }) => ({ name: context.future[0]?.name }) }, 'redo'],
    },
  },
}).on;
