import type { ActivityArea, ActivityEntry } from '@/api/contract/activity';
import { historyAreas } from '@/api/contract/history';
import { hrefTo } from '@/app/routes';
import { REVISION_PARAM } from '@/ui/history/revisionLink';

/** The route that opens a record of each area for editing (or, without an editor, for reading). */
const EDIT_ROUTES: Partial<Record<ActivityArea, string>> = {
  users: 'users.edit',
  brands: 'brands.edit',
  dealerships: 'dealerships.edit',
  pages: 'pages.edit',
  forms: 'forms.edit',
  templates: 'templates.edit',
  responses: 'responses.show',
  reservations: 'reservations.show',
};

/**
 * Where an entry's record opens, or null where there is nothing to open: no record (a sign-in, a
 * sort), an area without a screen per record, or a record that is gone (the log says which). The
 * settings are one record, so every settings entry opens them.
 */
export function recordHref(entry: ActivityEntry): string | null {
  if (entry.area === 'settings') return hrefTo('settings');
  if (!entry.record || entry.record.deleted) return null;
  const route = EDIT_ROUTES[entry.area];
  return route ? hrefTo(route, { id: entry.record.id }) : null;
}

/**
 * Where the revision an entry's change stored opens: the record's edit screen with its History
 * panel comparing that version with the current one. Null where there is none to open.
 */
export function revisionHref(entry: ActivityEntry): string | null {
  const href = entry.revision_id === null ? null : recordHref(entry);
  if (!href || (historyAreas as readonly string[]).indexOf(entry.area) < 0) return null;
  return `${href}?${REVISION_PARAM}=${entry.revision_id}`;
}
