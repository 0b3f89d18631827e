import { fromPromise, setup } from 'xstate';
import type { Review } from '@/api/contract/workflows';
import type {
  BuilderContext,
  BuilderDraft,
  BuilderEvent,
  BuilderInput,
  ReviewCall,
  SavedSlug,
} from './types';

/**
 * The builder's types and its two calls, which every concern (items, history, naming, saving)
 * extends with its own guards and actions. The screen provides the calls.
 */
export const builderBase = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput,
  },
  actors: {
    slugOf: fromPromise<{ slug: string }, { name: string }>(async () => {
      throw new Error('slugOf not provided');
    }),
    save: fromPromise<SavedSlug | undefined, BuilderDraft>(async () => {
      throw new Error('save not provided');
    }),
    review: fromPromise<Review, ReviewCall>(async () => {
      throw new Error('review not provided');
    }),
  },
});

/** A page as it opens: the input's blocks keyed 0, 1, 2..., no history, nothing changed. */
export function openedContext(input: BuilderInput | undefined): BuilderContext {
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
    readOnly: input?.readOnly ?? false,
    name: input?.name ?? '',
    slug: input?.slug ?? '',
    fields: input?.fields ?? {},
    error: null,
    fieldErrors: {},
    conflict: false,
    review: input?.review ?? null,
    reviewError: null,
  };
}
