import type { ActivityAction, ActivityArea } from '@/api/contract/activity';
import { areas } from '@/shared/areas';
import { countOf } from '@/shared/format';

/** Each action in words, in the order the action filter offers them. */
export const ACTION_LABELS: Record<ActivityAction, string> = {
  signed_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  created: 'Created',
  updated: 'Updated',
  // The filter's word for both: a deletion moves a user, brand or dealership to the bin.
  deleted: 'Deleted or moved to the bin',
  restored: 'Restored',
  deleted_forever: 'Deleted forever',
  published: 'Published',
  unpublished: 'Unpublished',
  moved: 'Moved',
  sorted: 'Sorted',
  duplicated: 'Duplicated',
  imported: 'Imported',
  import_requested: 'Import requested',
  export_requested: 'Export requested',
  submitted: 'Submitted for review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  refunded: 'Refund sent',
};

/** What an entry did, in words true of its area: a page is deleted, a brand moved to the bin. */
export function actionText(area: ActivityArea, action: ActivityAction): string {
  if (action === 'deleted') return 'bin' in areas[area] ? 'Moved to the bin' : 'Deleted';
  return ACTION_LABELS[action];
}

/** '1 entry', '1,204 entries'. */
export function entriesText(total: number): string {
  return countOf(total, 'entry', 'entries');
}
