/**
 * The activity log's areas and actions by name. A module of its own, without zod: the log's filters
 * offer them and read them from the address without building the contract's schemas.
 */
import { oneOf } from '../../shared/oneOf';

/** The areas a change can belong to, as the activity log's area filter offers them. */
export const ACTIVITY_AREAS = [
  'auth',
  'users',
  'roles',
  'brands',
  'dealerships',
  'pages',
  'forms',
  'templates',
  'responses',
  'reservations',
  'settings',
  'webhooks',
] as const;
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];

/** What was done, as the action filter offers it. */
export const ACTIVITY_ACTIONS = [
  'signed_in',
  'sign_in_failed',
  'created',
  'updated',
  'deleted',
  'restored',
  'deleted_forever',
  'published',
  'unpublished',
  'moved',
  'sorted',
  'duplicated',
  'imported',
  'import_requested',
  'export_requested',
  'submitted',
  'approved',
  'changes_requested',
  'refunded',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const isActivityArea = oneOf(ACTIVITY_AREAS);

export const isActivityAction = oneOf(ACTIVITY_ACTIONS);
