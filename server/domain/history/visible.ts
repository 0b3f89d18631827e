import { type SQL, sql } from 'drizzle-orm';
import { type ActivityArea, activityArea } from '@/api/contract/activity';
import { type Access, type AccessArea, can, isGroupWide } from '@/shared/access';
import { activity } from '../../db/schema/history';
import { inScope } from '../access/scope';

/** The permission area whose view shows an activity area's entries (sign-ins are the users'). */
const viewedAs: Record<ActivityArea, AccessArea> = {
  auth: 'users',
  users: 'users',
  roles: 'roles',
  brands: 'brands',
  dealerships: 'dealerships',
  pages: 'pages',
  forms: 'forms',
  templates: 'templates',
  responses: 'responses',
  reservations: 'reservations',
  settings: 'settings',
  webhooks: 'webhooks',
};

/**
 * The entries of the activity log a user may read, as a condition on its rows: only the areas
 * their role may view, and for a scoped user only entries about records in their scope (the owner
 * each entry keeps), and the group-level entries they made themselves (a sort, an export asked
 * for), which name nothing outside their scope. A group-wide user who may view every area gets no
 * condition: the log's statement stays as it was.
 */
export function visibleActivity(access: Access, viewer: number): SQL | undefined {
  const areas = activityArea.options.filter((area) => can(access, 'view', viewedAs[area]));
  const byArea =
    areas.length === activityArea.options.length
      ? undefined
      : sql`${activity.area} = any(${`{${areas.join(',')}}`}::text[])`;
  const owned = isGroupWide(access.scope)
    ? undefined
    : sql`(${inScope(access.scope, { brand: activity.brandId, dealership: activity.dealershipId })}
        or (${activity.userId} = ${viewer} and ${activity.brandId} is null and ${activity.dealershipId} is null))`;
  if (!byArea) return owned;
  return owned ? sql`(${byArea} and ${owned})` : byArea;
}
