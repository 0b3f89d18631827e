import { and, assign, not, stateIn } from 'xstate';
import type { Review } from '@/api/contract/workflows';
import { describeFailure } from '../errors';
import { savingSetup } from './saving';

/** Why Submit for review waits: the reviewers see the page as saved. */
export const SAVE_BEFORE_SUBMIT = 'Save your changes before submitting them for review.';

/**
 * The page's review (issue #28): a page under a workflow is a draft, waits in a stage, or stands
 * approved. A draft is submitted only as saved (nothing unsaved, nothing being saved); a stage's
 * reviewer approves it or sends it back with what should change. The server's answer is where
 * the page then stands; a failed call keeps it where it was and says why.
 */
export const reviewSetup = savingSetup.extend({
  guards: {
    underNoWorkflow: ({ context }) => context.review === null,
    waitsInStage: ({ context }) => context.review?.state === 'in_review',
    standsApproved: ({ context }) => context.review?.state === 'approved',
    savedAsShown: ({ context }) => !context.changed && context.editing === null,
    /** Submitting is a change of the page's: someone who may only read it does not send it on. */
    mayChange: ({ context }) => !context.readOnly,
    mayReview: ({ context }) => context.review?.can_review === true,
    saysWhatToChange: ({ event }) => event.type === 'review.requestChanges' && event.comment.trim() !== '',
  },
  actions: {
    takeReview: assign((_, params: { review: Review | null }) => ({
      review: params.review,
      reviewError: null,
    })),
    clearReviewError: assign({ reviewError: null }),
    setReviewFailure: assign((_, params: { error: unknown }) => ({
      reviewError: describeFailure(params.error).message,
    })),
  },
});

export const reviewRegion = reviewSetup.createStateConfig({
  initial: 'checking',
  on: {
    'review.loaded': {
      target: '.checking',
      actions: { type: 'takeReview', params: ({ event }) => ({ review: event.review }) },
    },
  },
  states: {
    checking: {
      always: [
        { guard: 'underNoWorkflow', target: 'none' },
        { guard: 'waitsInStage', target: 'waiting' },
        { guard: 'standsApproved', target: 'approved' },
        { target: 'draft' },
      ],
    },
    /** Under no workflow: the page publishes as it is. */
    none: {},
    draft: {
      on: {
        'review.submit': {
          guard: and([
            'mayChange',
            'savedAsShown',
            not(stateIn({ page: 'saving' })),
            not(stateIn({ page: 'offered' })),
          ]),
          target: 'submitting',
          actions: 'clearReviewError',
        },
      },
    },
    waiting: {
      on: {
        'review.approve': { guard: 'mayReview', target: 'approving', actions: 'clearReviewError' },
        'review.requestChanges': {
          guard: and(['mayReview', 'saysWhatToChange']),
          target: 'sendingBack',
          actions: 'clearReviewError',
        },
      },
    },
    approved: {},
    submitting: {
      invoke: {
        src: 'review',
        input: () => ({ action: 'submit' as const }),
        onDone: {
          target: 'checking',
          actions: { type: 'takeReview', params: ({ event }) => ({ review: event.output }) },
        },
        onError: {
          target: 'draft',
          actions: { type: 'setReviewFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    approving: {
      invoke: {
        src: 'review',
        input: ({ event }) => ({
          action: 'approve' as const,
          ...(event.type === 'review.approve' && event.comment ? { comment: event.comment } : {}),
        }),
        onDone: {
          target: 'checking',
          actions: { type: 'takeReview', params: ({ event }) => ({ review: event.output }) },
        },
        onError: {
          target: 'waiting',
          actions: { type: 'setReviewFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sendingBack: {
      invoke: {
        src: 'review',
        input: ({ event }) => ({
          action: 'requestChanges' as const,
          comment: event.type === 'review.requestChanges' ? event.comment : '',
        }),
        onDone: {
          target: 'checking',
          actions: { type: 'takeReview', params: ({ event }) => ({ review: event.output }) },
        },
        onError: {
          target: 'waiting',
          actions: { type: 'setReviewFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
