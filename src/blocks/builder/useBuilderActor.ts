import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { PageItem } from '@/api/contract/blocks';
import type { Review } from '@/api/contract/workflows';
import {
  type BuilderDraft,
  type BuilderInput,
  builderMachine,
  type ReviewCall,
  type SavedSlug,
} from '@/machines/builder';

export type BuilderActor = ActorRefFrom<typeof builderMachine>;

export interface BuilderCalls {
  /** A free slug (or handle) for a name. */
  slugOf: (name: string) => Promise<{ slug: string }>;
  /**
   * Saves the page with the screen's other fields, answering the slug the server gave it; a
   * failure keeps everything as it is.
   */
  save: (draft: BuilderDraft) => Promise<SavedSlug | undefined>;
  /** A step of the page's review (pages under a workflow); the answer is where the page then stands. */
  review?: (call: ReviewCall) => Promise<Review>;
}

/**
 * Starts the builder machine for a screen. The calls are read through a ref at call time, so a
 * screen can pass new closures on every render (they see its latest fields) without restarting it.
 */
export function useBuilderActor(input: BuilderInput, calls: BuilderCalls): BuilderActor {
  const callsRef = useRef(calls);
  callsRef.current = calls;
  return useActorRef(
    builderMachine.provide({
      actors: {
        slugOf: fromPromise(({ input: { name } }: { input: { name: string } }) =>
          callsRef.current.slugOf(name),
        ),
        save: fromPromise(({ input: draft }: { input: BuilderDraft }) => callsRef.current.save(draft)),
        review: fromPromise(({ input: call }: { input: ReviewCall }) => {
          const review = callsRef.current.review;
          if (!review) throw new Error('This record has no review.');
          return review(call);
        }),
      },
    }),
    { input },
  );
}

export const useItems = (actor: BuilderActor): readonly PageItem[] =>
  useSelector(actor, (s) => s.context.items);
export const useEditing = (actor: BuilderActor): number | null =>
  useSelector(actor, (s) => s.context.editing);
export const useSaving = (actor: BuilderActor): boolean =>
  useSelector(actor, (s) => s.matches({ page: 'saving' }));
export const useFieldErrors = (actor: BuilderActor): Record<string, string> =>
  useSelector(actor, (s) => s.context.fieldErrors);
export const useSlug = (actor: BuilderActor): string => useSelector(actor, (s) => s.context.slug);
export const useName = (actor: BuilderActor): string => useSelector(actor, (s) => s.context.name);
