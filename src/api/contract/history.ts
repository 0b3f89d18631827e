import { z } from 'zod';
import { id, idQuery, pageNumber, paginator, timestamp } from './common';
import { defineCall } from './define';
import type { HistoryArea } from './historyAreas';

export { type HistoryArea, historyAreas, isHistoryArea } from './historyAreas';

/**
 * What kind of change stored a revision. `restored` is a record brought back from the bin; a
 * revision loaded into the editor and saved again is an `updated` like any other save.
 */
export const revisionAction = z.enum([
  'created',
  'updated',
  'published',
  'unpublished',
  'moved',
  'duplicated',
  'imported',
  'restored',
  'submitted',
  'approved',
  'changes_requested',
]);
export type RevisionAction = z.infer<typeof revisionAction>;

/**
 * Who made a change; null when nobody signed in made it (the demo data, a scheduled publish). A
 * reviewer without an account, acting through a signed review link, has no id: their e-mail names them.
 */
export const actor = z.object({ id: z.number().int().nullable(), name: z.string() }).nullable();

/** One revision in a record's history, newest first. */
export const revisionSummary = z.object({
  id: z.number().int(),
  created_at: timestamp,
  action: revisionAction,
  user: actor,
});
export type RevisionSummary = z.infer<typeof revisionSummary>;

/** `?id=&page=`: one record's revisions. Settings have one record and ignore `id`. */
export const historyQuery = z.object({ id: id.optional(), page: pageNumber });
/** `?id=&revision=`: one revision of one record. */
export const historyShowQuery = idQuery.partial().extend({ revision: id });

/**
 * `<area>/history` and `<area>/history/show` for an area whose edit call answers `{data: record}`:
 * a revision's record comes in that same shape, so the editor can compare it with what it holds
 * and load it as unsaved changes.
 */
export function historyCalls<const Area extends HistoryArea, R extends z.ZodType>(area: Area, record: R) {
  return {
    history: defineCall({
      method: 'GET',
      path: `${area}/history`,
      query: historyQuery,
      response: paginator(revisionSummary),
      summary: `The revisions of one of the ${area}, newest first (not in the spec)`,
    }),
    historyShow: defineCall({
      method: 'GET',
      path: `${area}/history/show`,
      query: historyShowQuery,
      response: z.object({ revision: revisionSummary, data: record }),
      summary: `One revision of one of the ${area}, as its edit call answers (not in the spec)`,
    }),
  };
}
