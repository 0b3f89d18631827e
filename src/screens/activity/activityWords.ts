import type { ActivityAction } from '@/api/contract/activity';

/** Each action in words, in the order the action filter offers them. */
export const ACTION_LABELS: Record<ActivityAction, string> = {
  signed_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  created: 'Created',
  updated: 'Updated',
  deleted: 'Moved to the bin',
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
};

/** '1 entry', '1,204 entries'. */
export function entriesText(total: number): string {
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'entry' : 'entries'}`;
}
