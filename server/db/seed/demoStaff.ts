import { asc, eq, isNull, sql } from 'drizzle-orm';
import { roleNamed } from '../../domain/access/roleNamed';
import type { Db } from '../open';
import { brands } from '../schema/brands';
import { dealerships } from '../schema/dealerships';
import { users } from '../schema/users';

/**
 * One member of staff per role template besides the Group administrator, each with a scope (the
 * group's first brand, or that brand's first dealership), who signs in with the first admin's
 * password (README: "Signing in as each role"): whoever can sign in as the admin can try each
 * role, and nobody else can, as a password written in the README would let them.
 */
export async function seedDemoStaff(db: Db, passwordHash: string): Promise<void> {
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(isNull(brands.deletedAt))
    .orderBy(asc(brands.sortOrder), asc(brands.id))
    .limit(1);
  if (!brand) return;
  const [dealership] = await db
    .select({ id: dealerships.id })
    .from(dealerships)
    .where(sql`${eq(dealerships.brandId, brand.id)} and ${isNull(dealerships.deletedAt)}`)
    .orderBy(asc(dealerships.sortOrder), asc(dealerships.id))
    .limit(1);
  const atBrand = { scopeBrandIds: [brand.id], scopeDealershipIds: [] };
  const atDealership = dealership ? { scopeBrandIds: [], scopeDealershipIds: [dealership.id] } : atBrand;
  const staff = [
    {
      name: 'Morgan Marketing',
      email: 'marketing@example.com',
      role: 'Marketing',
      scope: {},
      job: 'Marketing Manager',
    },
    {
      name: 'Bailey Brand',
      email: 'brand.manager@example.com',
      role: 'Brand manager',
      scope: atBrand,
      job: 'Brand Manager',
    },
    {
      name: 'Dana Dealer',
      email: 'dealership.manager@example.com',
      role: 'Dealership manager',
      scope: atDealership,
      job: 'General Manager',
    },
    {
      name: 'Sam Sales',
      email: 'sales@example.com',
      role: 'Sales',
      scope: atDealership,
      job: 'Sales Executive',
    },
    {
      name: 'Riley Reader',
      email: 'read.only@example.com',
      role: 'Read only',
      scope: atBrand,
      job: 'Analyst',
    },
  ];
  await db.insert(users).values(
    staff.map((s) => ({
      name: s.name,
      email: s.email,
      passwordHash,
      roleId: roleNamed(s.role),
      ...s.scope,
      meta: { job_title: s.job, telephone: null, avatar: null },
    })),
  );
}

/** The role a demo member of staff who cannot sign in is given, by their place in the list. */
export const demoRole = (n: number) =>
  roleNamed(['Sales', 'Marketing', 'Read only', 'Sales', 'Dealership manager'][n % 5] ?? 'Read only');
