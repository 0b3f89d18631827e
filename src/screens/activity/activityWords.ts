import type { ActivityAction, ActivityArea } from '@/api/contract/activity';

/** Each area as the log names it, in the order the area filter offers them. */
export const AREA_LABELS: Record<ActivityArea, string> = {
  auth: 'Sign-in',
  users: 'Users',
  brands: 'Brands',
  dealerships: 'Dealerships',
  pages: 'Pages',
  forms: 'Forms',
  templates: 'Templates',
  responses: 'Responses',
  reservations: 'Reservations',
  settings: 'Settings',
};

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
};

/** The areas whose deleted records wait in a bin (spec §1); pages, forms and templates have none. */
const AREAS_WITH_A_BIN: ReadonlySet<ActivityArea> = new Set(['users', 'brands', 'dealerships']);

/** What an entry did, in words true of its area: a page is deleted, a brand moved to the bin. */
export function actionText(area: ActivityArea, action: ActivityAction): string {
  if (action === 'deleted') return AREAS_WITH_A_BIN.has(area) ? 'Moved to the bin' : 'Deleted';
  return ACTION_LABELS[action];
}

/** '1 entry', '1,204 entries'. */
export function entriesText(total: number): string {
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'entry' : 'entries'}`;
}
