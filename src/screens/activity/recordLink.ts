import type { ActivityEntry } from '@/api/contract/activity';
import { isHistoryArea } from '@/api/contract/historyAreas';
import { areas } from '@/shared/areas';
import { REVISION_PARAM } from '@/ui/history/revisionLink';

/**
 * Where an entry's record opens (its area says where), or null where there is nothing to open: no
 * record (a sign-in, a sort), an area without a screen per record, or a record that is gone (the
 * log says which). An area that is one record (the settings) opens from every entry.
 */
export function recordHref(entry: ActivityEntry): string | null {
  const opens: { record: (id: number) => string } | { one: string } | null = areas[entry.area].opens;
  if (opens && 'one' in opens) return opens.one;
  if (!opens || !entry.record || entry.record.deleted) return null;
  return opens.record(entry.record.id);
}

/**
 * Where the revision an entry's change stored opens: the record's edit screen with its History
 * panel comparing that version with the current one. Null where there is none to open.
 */
export function revisionHref(entry: ActivityEntry): string | null {
  const href = entry.revision_id === null ? null : recordHref(entry);
  if (!href || !isHistoryArea(entry.area)) return null;
  return `${href}?${REVISION_PARAM}=${entry.revision_id}`;
}
