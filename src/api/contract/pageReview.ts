import { z } from 'zod';
import { bool } from './common';
import { defineCall } from './define';
import {
  approveBody,
  requestChangesBody,
  reviewBody,
  reviewResponse,
  stageMedian,
  waitingPage,
} from './workflows';

/**
 * The review calls of pages and forms under a workflow (issue #28), named alike under each area's
 * key (`pages/submit`, `forms/submit`); `pages.ts` and `forms.ts` list them with the others.
 */
function reviewCalls<const K extends 'pages' | 'forms'>(key: K, noun: 'page' | 'form') {
  return {
    submit: defineCall({
      method: 'POST',
      path: `${key}/submit`,
      body: reviewBody,
      response: reviewResponse,
      summary: `Sends a ${noun} under a workflow to its first stage`,
    }),
    approve: defineCall({
      method: 'POST',
      path: `${key}/approve`,
      body: approveBody,
      response: reviewResponse,
      summary: `Approves the stage a ${noun} waits in; after the last stage the ${noun} goes on the website`,
    }),
    requestChanges: defineCall({
      method: 'POST',
      path: `${key}/request-changes`,
      body: requestChangesBody,
      response: reviewResponse,
      summary: `Sends a ${noun} back to whoever submitted it, with what should change`,
    }),
  };
}

/** The review calls of either area, as a server module that serves both takes them. */
export type ReviewCalls = ReturnType<typeof reviewCalls<'pages' | 'forms'>>;

export const pagesWaiting = defineCall({
  method: 'GET',
  path: 'pages/waiting',
  query: z.object({
    /** Only the pages waiting in a stage the signed-in user may move them on from. */
    mine: bool.default(false),
  }),
  response: z.object({
    data: z.array(waitingPage),
    /** The median time each stage takes, in the user's scope; empty with `mine`. */
    stage_medians: z.array(stageMedian),
  }),
  summary:
    'Pages waiting in a review stage (up to 50; `mine`: for the signed-in reviewer), overdue first, then the longest waiting; and the median time each stage takes',
});

export const {
  submit: pagesSubmit,
  approve: pagesApprove,
  requestChanges: pagesRequestChanges,
} = reviewCalls('pages', 'page');

export const {
  submit: formsSubmit,
  approve: formsApprove,
  requestChanges: formsRequestChanges,
} = reviewCalls('forms', 'form');
