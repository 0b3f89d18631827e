import type { Form, FormSummary } from '@/api/contract/forms';
import type { Page, PageSummary } from '@/api/contract/pages';
import type { Db } from '../../db/open';
import { readItems } from '../blocks';
import { isoTime } from '../isoTime';
import { type PageRow, summaryOf } from './read';

/**
 * Pages and forms as the API answers them. Forms live in the same tree as pages; what differs is
 * how they are shown: a form's handle is a page's slug, and a form carries its e-mails and thank-you.
 */

/** A page as the builder edits it. */
export async function pageForEditor(db: Db, row: PageRow): Promise<Page> {
  return {
    ...(await summaryOf(db, row)),
    meta: row.meta,
    items: readItems(row.items),
    configurables: row.configurables as Page['configurables'],
  };
}

/** A form shows its handle where a page shows its slug. */
export function formSummaryOf({ slug, ...rest }: PageSummary): FormSummary {
  return { ...rest, handle: slug };
}

const EMPTY_EMAILS: Form['emails'] = {
  subject: '',
  email_title: '',
  email_body: '',
  send_email: 1,
  email_lists: [],
  email_type: 'emails',
};

/** A form as the builder edits it. */
export async function formForEditor(db: Db, row: PageRow): Promise<Form> {
  return {
    ...formSummaryOf(await summaryOf(db, row)),
    meta: row.meta,
    items: readItems(row.items),
    configurables: row.configurables as Form['configurables'],
    emails: row.emails ?? EMPTY_EMAILS,
    thank_you: row.thankYou ?? { title: 'Thank you', description: '' },
  };
}

/** A page or form as saved: the builder carries on from its new version and slug. */
export interface SavedPage {
  id: number;
  slug: string;
  updatedAt: Date;
}

/** What a page save answers: the builder carries on from this version and slug. */
export const pageSaved = (saved: SavedPage) => ({
  id: saved.id,
  slug: saved.slug,
  updated_at: isoTime(saved.updatedAt),
});

/** What a form save answers: the builder carries on from this version and handle. */
export const formSaved = (saved: SavedPage) => ({
  id: saved.id,
  handle: saved.slug,
  updated_at: isoTime(saved.updatedAt),
});

/** A page as the move and duplicate pickers offer it: enough to choose it and to open its level. */
export const pageOptionOf = (summary: PageSummary) => ({
  id: summary.id,
  name: summary.name,
  total_children: summary.total_children,
  is_allowed_children: summary.is_allowed_children,
});
