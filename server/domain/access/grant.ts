import { eq, inArray } from 'drizzle-orm';
import { isGroupWide, type Scope, wholeGroup } from '@/shared/access';
import type { Db } from '../../db/open';
import { brands } from '../../db/schema/brands';
import { dealerships } from '../../db/schema/dealerships';
import { roles } from '../../db/schema/roles';
import { invalid } from '../../http/errors';
import type { AuthUser } from '../auth/guard';
import type { RoleRow } from '../roles';
import { activeRole } from '../roles';
import { readTogether } from '../transaction';
import { requireWithinOwn } from './beyond';
import { forbidden } from './require';
import { choicesWithin, readScopeChoices } from './scopeChoices';

/** A role and scope someone is given, as read and checked: the role's row and the names in the scope. */
export interface Grant {
  role: RoleRow;
  scope: Scope;
  brands: { id: number; name: string }[];
  dealerships: { id: number; name: string; brandId: number | null }[];
}

export const SCOPE_BEYOND = 'You cannot give a scope beyond your own.';

/**
 * Reads and checks the role and scope a user is to be given: 422 under `role_id`,
 * `scope.brand_ids` or `scope.dealership_ids` for what does not exist (or is in the bin) and the
 * user does not already hold (`held`); then 403 when the role has a permission the giver's role
 * lacks, or the scope reaches beyond theirs (each dealership's brand read from the database).
 */
export async function checkGrant(
  db: Db,
  giver: AuthUser,
  roleId: number,
  scope: Scope,
  held: Scope = wholeGroup,
): Promise<Grant> {
  const [role, choices] = await readTogether(db, [
    () => activeRole(db, roleId),
    () => readScopeChoices(db, scope, held),
  ]);
  const errors: Record<string, string> = {};
  if (!role) errors.role_id = 'Choose a role from the list.';
  if (choices.refused.brands) errors['scope.brand_ids'] = 'Choose brands from the list.';
  if (choices.refused.dealerships) errors['scope.dealership_ids'] = 'Choose dealerships from the list.';
  if (!role || Object.keys(errors).length) throw invalid(errors);
  requireWithinOwn(giver, role.permissions, 'give anyone');
  if (!choicesWithin(giver.access.scope, scope, held, choices)) throw forbidden(SCOPE_BEYOND);
  return { role, scope, brands: choices.brands, dealerships: choices.dealerships };
}

/** A scope in words, for the activity log: 'Whole group', or 'Brands: Audi; dealerships: Leeds'. */
export function describeScope(grant: Pick<Grant, 'scope' | 'brands' | 'dealerships'>): string {
  if (isGroupWide(grant.scope)) return 'Whole group';
  const parts = [];
  if (grant.brands.length) parts.push(`brands: ${grant.brands.map((b) => b.name).join(', ')}`);
  if (grant.dealerships.length) parts.push(`dealerships: ${grant.dealerships.map((d) => d.name).join(', ')}`);
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The role and scope a user holds now, in words, for the activity log's account of a change. */
export async function describeHeld(
  db: Db,
  roleId: number,
  scope: Scope,
): Promise<{ role: string; scope: string }> {
  const [role] = await db.select({ name: roles.name }).from(roles).where(eq(roles.id, roleId));
  const [heldBrands, heldDealerships] = await Promise.all([
    scope.brand_ids.length
      ? db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(inArray(brands.id, scope.brand_ids))
      : [],
    scope.dealership_ids.length
      ? db
          .select({ id: dealerships.id, name: dealerships.name, brandId: dealerships.brandId })
          .from(dealerships)
          .where(inArray(dealerships.id, scope.dealership_ids))
      : [],
  ]);
  return {
    role: role?.name ?? '',
    scope: describeScope({ scope, brands: heldBrands, dealerships: heldDealerships }),
  };
}
