import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/client';
import type { Review } from '@/api/contract/workflows';
import type { BuilderDraft, ReviewCall, SavedSlug } from '@/machines/builder';
import { describeSpecEvent } from './lifecycle-spec';
import { modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';
import {
  COMMENT,
  FAILURE,
  type ReviewSpecEvent,
  type ReviewSpecState,
  reviewOf,
  reviewSpec,
  STAGES,
} from './review-spec';

const { builderMachine } = await loadMachine(import('@/machines/builder'));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start(workflow: boolean, reviewer: boolean) {
  const calls = new FakeCalls();
  const actor = createActor(
    builderMachine.provide({
      actors: {
        slugOf: calls.actor<{ slug: string }, { name: string }>('slugOf'),
        save: calls.actor<SavedSlug | undefined, BuilderDraft>('save'),
        review: calls.actor<Review, ReviewCall>('review'),
      },
    }),
    {
      input: {
        name: 'Finance offers',
        slug: 'finance-offers',
        fields: { meta_title: 'a' },
        review: reviewOf({ workflow, reviewer, state: 'draft', stage: null }),
      },
    },
  ).start();
  return { calls, actor };
}

type Started = ReturnType<typeof start>;

/** What the builder shows of the review for the machine's snapshot. */
function seen({ actor }: Started) {
  const snapshot = actor.getSnapshot();
  const busy = (['submitting', 'approving', 'sendingBack'] as const).some((state) =>
    snapshot.matches({ review: state }),
  );
  const region = (['none', 'draft', 'waiting', 'approved'] as const).find((state) =>
    snapshot.matches({ review: state }),
  );
  return {
    review: busy ? 'busy' : ((region as string | undefined) ?? 'checking'),
    stage: snapshot.context.review?.stage ?? null,
    error: snapshot.context.reviewError,
    canSubmit: snapshot.can({ type: 'review.submit' }),
    canApprove: snapshot.can({ type: 'review.approve' }),
    canSendBack: snapshot.can({ type: 'review.requestChanges', comment: COMMENT }),
  };
}

/** The calls as the spec names them: a save by the field it carries. */
const madeCalls = ({ calls }: Started) =>
  calls.made
    .filter((call) => call.src !== 'slugOf')
    .map((call) =>
      call.src === 'save'
        ? { src: 'save', input: { field: (call.input as BuilderDraft).fields.meta_title } }
        : call,
    );

for (const [workflow, reviewer] of [
  [false, false],
  [true, true],
  [true, false],
] as const) {
  const spec = reviewSpec(workflow, reviewer);
  const paths = modelPaths(spec, describeSpecEvent, 9);
  const label = workflow
    ? reviewer
      ? 'a reviewer of every stage'
      : 'an editor who reviews nothing'
    : 'no workflow';

  describe(`the builder's review follows the spec model: ${label}`, () => {
    it('takes every answer of the review call', () => {
      const taken = new Set(paths.flatMap((path) => path.events.map((event) => event.type)));
      if (workflow) {
        for (const type of ['review.submit', 'review.ok', 'review.fail', 'save.ok', 'save.fail'])
          expect(taken, type).toContain(type);
      }
      if (workflow && reviewer) {
        const titles = paths.map((path) => path.title).join('\n');
        expect(titles).toContain(
          'review.submit, review.ok, review.approve, review.ok, review.approve, review.ok',
        );
      }
    });

    for (const path of paths) {
      it(`shows what the spec says after ${path.title}`, async () => {
        const started = start(workflow, reviewer);
        const { actor, calls } = started;
        let state: ReviewSpecState = spec.initial;
        await replayModel(spec, path, {
          apply: async (event: ReviewSpecEvent) => {
            const after = spec.step(state, event);
            switch (event.type) {
              case 'page.edit':
                actor.send({ type: 'field.change', name: 'meta_title', value: after.field });
                break;
              case 'save.ok':
                calls.resolve('save', {
                  name: 'Finance offers',
                  slug: 'finance-offers',
                  review: reviewOf(after),
                });
                break;
              case 'save.fail':
                calls.reject('save', new ApiError(500, FAILURE));
                break;
              case 'review.ok':
                calls.resolve('review', reviewOf(after));
                break;
              case 'review.fail':
                calls.reject('review', new ApiError(403, FAILURE));
                break;
              default:
                actor.send(event);
            }
            state = after;
            await settle();
            // The review calls as the spec has them, to the key: an approval without a comment sends none.
            expect(
              calls.made.filter((call) => call.src === 'review').map((call) => call.input),
            ).toStrictEqual(after.calls.filter((call) => call.src === 'review').map((call) => call.input));
          },
          sees: () => seen(started),
          calls: () => madeCalls(started),
        });
        actor.stop();
      });
    }
  });
}

describe('the review in the builder', () => {
  it('names the stage the page waits in and takes the review a save answers', async () => {
    const started = start(true, true);
    const { actor, calls } = started;
    actor.send({ type: 'review.submit' });
    calls.resolve('review', reviewOf({ workflow: true, reviewer: true, state: 'in_review', stage: 0 }));
    await settle();
    expect(seen(started)).toMatchObject({ review: 'waiting', stage: STAGES[0], canApprove: true });
    actor.send({ type: 'review.loaded', review: null });
    expect(seen(started)).toMatchObject({ review: 'none', canApprove: false, canSubmit: false });
  });
});
