import type { Review } from '@/api/contract/workflows';
import type { SpecModel } from './model';

/**
 * The builder's review of a page under a workflow as issue #28 describes it, written without
 * looking at the builder machine: what the editor may do (Submit for review instead of Publish;
 * Approve and Request changes for the stage's reviewers), the calls made, and what is shown.
 *
 * - A page under no workflow has no review: nothing to submit, approve or send back.
 * - A draft is submitted only as saved: not with unsaved changes, not while it saves.
 * - A page waiting in a stage is approved or sent back only by a reviewer of that stage; sending
 *   back needs a comment. Nothing else is asked while a review call is open.
 * - The server's answer says where the page now stands (the next stage, approved, or back to
 *   draft); a failed call keeps it where it was and says why until the next review call or save.
 * - Saving an approved page with changes makes it a draft again; saving one in review keeps it there.
 */

export const STAGES = ['Compliance review', 'Sign-off'] as const;
export const FAILURE = 'Server Error';
export const COMMENT = 'Add the representative example.';
export const NOTE = 'Rates checked.';

export type ReviewSpecEvent =
  | { type: 'page.edit' }
  | { type: 'page.save' }
  | { type: 'save.ok' }
  | { type: 'save.fail' }
  | { type: 'review.submit' }
  | { type: 'review.approve'; comment?: string }
  | { type: 'review.requestChanges'; comment: string }
  | { type: 'review.ok' }
  | { type: 'review.fail' };

export interface ReviewSpecState {
  workflow: boolean;
  /** Whether the editor holds every stage (a reviewer) or none. */
  reviewer: boolean;
  state: 'draft' | 'in_review' | 'approved';
  stage: number | null;
  /** The value the page field holds, so that each edit is a change. */
  field: 'a' | 'b';
  changed: boolean;
  /** What the open save carries: whether it saves changes. */
  saving: { changes: boolean } | null;
  asked:
    | { action: 'submit' }
    | { action: 'approve'; comment?: string }
    | { action: 'requestChanges'; comment: string }
    | null;
  error: string | null;
  calls: Array<{ src: string; input: unknown }>;
}

export interface ReviewSeen {
  review: 'none' | 'draft' | 'waiting' | 'approved' | 'busy';
  stage: string | null;
  error: string | null;
  canSubmit: boolean;
  canApprove: boolean;
  canSendBack: boolean;
}

/** The review the server answers for a state of the spec (null for a page under no workflow). */
export function reviewOf(
  s: Pick<ReviewSpecState, 'workflow' | 'reviewer' | 'state' | 'stage'>,
): Review | null {
  if (!s.workflow) return null;
  const stage =
    s.state === 'in_review' ? STAGES[s.stage ?? 0]! : s.state === 'approved' ? 'Approved' : 'Draft';
  return {
    workflow_id: 1,
    workflow_name: 'Finance offers',
    state: s.state,
    stage,
    stage_index: s.state === 'in_review' ? (s.stage ?? 0) : null,
    holder: s.state === 'in_review' ? 'Compliance' : 'Editor',
    since: '2026-11-29T06:00:00.000Z',
    due_at: null,
    approved_revision_id: null,
    comment: null,
    can_review: s.state === 'in_review' && s.reviewer,
  };
}

/** Where the page stands once the open review call succeeds. */
function afterAnswer(s: ReviewSpecState): Pick<ReviewSpecState, 'state' | 'stage'> {
  switch (s.asked?.action) {
    case 'submit':
      return { state: 'in_review', stage: 0 };
    case 'approve': {
      const next = (s.stage ?? 0) + 1;
      return next < STAGES.length ? { state: 'in_review', stage: next } : { state: 'approved', stage: null };
    }
    default:
      return { state: 'draft', stage: null };
  }
}

export function reviewSpec(
  workflow: boolean,
  reviewer: boolean,
): SpecModel<ReviewSpecState, ReviewSpecEvent, ReviewSeen> {
  const initial: ReviewSpecState = {
    workflow,
    reviewer,
    state: 'draft',
    stage: null,
    field: 'a',
    changed: false,
    saving: null,
    asked: null,
    error: null,
    calls: [],
  };
  const busy = (s: ReviewSpecState) => s.asked !== null;
  const mayReview = (s: ReviewSpecState) => s.workflow && s.state === 'in_review' && s.reviewer && !busy(s);
  const maySubmit = (s: ReviewSpecState) =>
    s.workflow && s.state === 'draft' && !s.changed && s.saving === null && !busy(s);
  const ask = (s: ReviewSpecState, asked: NonNullable<ReviewSpecState['asked']>): ReviewSpecState => ({
    ...s,
    asked,
    error: null,
    calls: [...s.calls, { src: 'review', input: asked }],
  });
  const step = (s: ReviewSpecState, event: ReviewSpecEvent): ReviewSpecState => {
    switch (event.type) {
      case 'page.edit':
        return s.saving ? s : { ...s, field: s.field === 'a' ? 'b' : 'a', changed: true };
      case 'page.save':
        return s.saving
          ? s
          : {
              ...s,
              saving: { changes: s.changed },
              changed: false,
              calls: [...s.calls, { src: 'save', input: { field: s.field } }],
            };
      case 'save.ok': {
        if (!s.saving) return s;
        const edited = s.workflow && s.state === 'approved' && s.saving.changes;
        return {
          ...s,
          saving: null,
          error: null,
          ...(edited ? { state: 'draft' as const, stage: null } : {}),
        };
      }
      case 'save.fail':
        return s.saving ? { ...s, saving: null, changed: true } : s;
      case 'review.submit':
        return maySubmit(s) ? ask(s, { action: 'submit' }) : s;
      case 'review.approve':
        return mayReview(s)
          ? ask(s, { action: 'approve', ...(event.comment ? { comment: event.comment } : {}) })
          : s;
      case 'review.requestChanges':
        return mayReview(s) && event.comment.trim() !== ''
          ? ask(s, { action: 'requestChanges', comment: event.comment })
          : s;
      case 'review.ok':
        return busy(s) ? { ...s, ...afterAnswer(s), asked: null, error: null } : s;
      case 'review.fail':
        return busy(s) ? { ...s, asked: null, error: FAILURE } : s;
    }
  };
  const next = (s: ReviewSpecState): ReviewSpecEvent[] => {
    if (s.saving) return [{ type: 'save.ok' }, { type: 'save.fail' }, { type: 'review.submit' }];
    if (busy(s)) return [{ type: 'review.ok' }, { type: 'review.fail' }];
    return [
      { type: 'page.edit' },
      { type: 'page.save' },
      { type: 'review.submit' },
      { type: 'review.approve' },
      { type: 'review.approve', comment: NOTE },
      { type: 'review.requestChanges', comment: ' ' },
      { type: 'review.requestChanges', comment: COMMENT },
    ];
  };
  const sees = (s: ReviewSpecState): ReviewSeen => ({
    review: !s.workflow ? 'none' : busy(s) ? 'busy' : s.state === 'in_review' ? 'waiting' : s.state,
    stage: reviewOf(s)?.stage ?? null,
    error: s.error,
    canSubmit: maySubmit(s),
    canApprove: mayReview(s),
    canSendBack: mayReview(s),
  });
  return {
    initial,
    step,
    next,
    sees,
    calls: (s) => s.calls,
    key: (s) => JSON.stringify({ ...s, calls: undefined }),
  };
}
