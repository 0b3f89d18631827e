import { z } from 'zod';
import { defineCall } from './define';
import { approveBody, requestChangesBody, reviewBody, reviewResponse, waitingPage } from './workflows';

/** The review calls of pages under a workflow (issue #28); `pages.ts` lists them with the others. */

export const pagesWaiting = defineCall({
  method: 'GET',
  path: 'pages/waiting',
  response: z.object({ data: z.array(waitingPage) }),
  summary: 'Pages waiting in a review stage (up to 50), overdue first, then the longest waiting',
});

export const pagesSubmit = defineCall({
  method: 'POST',
  path: 'pages/submit',
  body: reviewBody,
  response: reviewResponse,
  summary: 'Sends a page under a workflow to its first stage',
});

export const pagesApprove = defineCall({
  method: 'POST',
  path: 'pages/approve',
  body: approveBody,
  response: reviewResponse,
  summary: 'Approves the stage a page waits in; after the last stage the page goes on the website',
});

export const pagesRequestChanges = defineCall({
  method: 'POST',
  path: 'pages/request-changes',
  body: requestChangesBody,
  response: reviewResponse,
  summary: 'Sends a page back to whoever submitted it, with what should change',
});
