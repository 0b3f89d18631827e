import type { RevisionAction, RevisionSummary } from '@/api/contract/history';
import { formatDateTime } from '@/shared/format';

/** The kind of change a revision records, in words. */
export const actionWords: Record<RevisionAction, string> = {
  created: 'Created',
  updated: 'Updated',
  published: 'Published',
  unpublished: 'Unpublished',
  moved: 'Moved',
  duplicated: 'Duplicated',
  imported: 'Imported',
  restored: 'Restored from the bin',
  submitted: 'Submitted for review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

/** Who made a change: their name, or 'System' for a change nobody signed in made. */
export const authorOf = (revision: RevisionSummary) => revision.user?.name ?? 'System';

/** When a revision was stored: 'D MMM YY, HH:mm'. */
export const whenOf = (revision: RevisionSummary) => formatDateTime(revision.created_at);

/** What is said once a revision is loaded into the editor. */
export const loadedMessage = (revision: RevisionSummary) =>
  `Loaded the version of ${whenOf(revision)}. Save to keep it.`;
