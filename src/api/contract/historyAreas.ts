/**
 * The areas that keep revisions, by name. A module of its own, without zod: the activity log links
 * to a record's history without building the contract's schemas.
 */
import { oneOf } from '../../shared/oneOf';

/** The areas whose records keep revisions: each has an edit screen with a History panel. */
export const historyAreas = [
  'pages',
  'forms',
  'templates',
  'brands',
  'dealerships',
  'settings',
  'roles',
] as const;
export type HistoryArea = (typeof historyAreas)[number];

export const isHistoryArea = oneOf(historyAreas);
