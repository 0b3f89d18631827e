import type { Review } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import type { ReviewCall } from '@/machines/builder';
import { toast } from '@/ui/toasts';

/** The areas whose records go through a review workflow: pages and forms, with the same calls. */
export type ReviewedArea = 'pages' | 'forms';

const nouns: Record<ReviewedArea, string> = { pages: 'page', forms: 'form' };

/**
 * Why Published is not offered for a record under a workflow: it goes on the website by its
 * review (Submit for review); null under none.
 */
export function publishRefusedByReview(area: ReviewedArea, review: Review | null | undefined): string | null {
  return review
    ? `Under the ${review.workflow_name} workflow, the ${nouns[area]} goes on the website once it is approved.`
    : null;
}

/**
 * The builder's review step for a page or a form under a workflow (Submit for review, Approve,
 * Request changes): the area's call, its message as a toast, and, after the last approval (which
 * publishes the record), the builder started again from the record as stored.
 */
export function reviewStep(
  area: ReviewedArea,
  id: number,
  reload: () => void,
): (call: ReviewCall, seen: string | undefined) => Promise<Review> {
  const calls = api[area];
  return async (call, seen) => {
    const answer =
      call.action === 'submit'
        ? await calls.submit({ body: { id } })
        : call.action === 'approve'
          ? await calls.approve({
              // What the reviewer approves is the version their screen shows, not one saved since.
              body: {
                id,
                ...(seen ? { updated_at: seen } : {}),
                ...(call.comment ? { comment: call.comment } : {}),
              },
            })
          : await calls.requestChanges({ body: { id, comment: call.comment } });
    toast.success(answer.message);
    if (answer.review.state === 'approved') reload();
    return answer.review;
  };
}

/** Where the record stands in its review after a save (a save may make an approved one a draft). */
export async function reviewAfterSave(area: ReviewedArea, id: number): Promise<Review | null> {
  return (await api[area].edit({ query: { id } })).review;
}
