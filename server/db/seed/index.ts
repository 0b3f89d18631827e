import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { GROUP_ADMINISTRATOR } from '@/shared/access';
import { roleNamed } from '../../domain/access/roleNamed';
import { hashPassword } from '../../domain/auth/passwords';
import type { Storage } from '../../domain/storage';
import type { Db } from '../open';
import { users } from '../schema/users';
import { seedAnalytics } from './analytics';
import { seedDealerGroup } from './dealerGroup';
import { demoRole, seedDemoStaff } from './demoStaff';
import { seedPages } from './pages';
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES } from './people';
import { seedReservations } from './reservations';
import { seedResponses } from './responses';
import { recordSeededBlockUses } from './seedMedia';
import { seedSettings } from './settings';
import { seedTemplates } from './templates';
import { seedVehicles } from './vehicles';

export interface SeedOptions {
  adminEmail: string | null;
  adminPassword: string | null;
  /** Demo data besides the first admin. */
  demo: boolean;
  size?: 'normal' | 'large';
  /** Where demo brand logos and banners are written (library items); without it brands have no images. */
  storage?: Storage;
}

export interface SeedResult {
  seeded: boolean;
  adminEmail: string;
  /** Set only when the password was made up here: it is shown once. */
  generatedPassword: string | null;
}

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}

export function demoUsers(total: number, passwordHash: string, offset = 0) {
  const now = Date.now();
  return Array.from({ length: total }, (_, i) => {
    const n = i + offset;
    const first = pick(FIRST_NAMES, n * 7 + 3);
    const last = pick(LAST_NAMES, n * 5 + 1);
    const created = new Date(now - (total - i) * 36 * 3600_000);
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}${n > 0 ? n : ''}@example.co.uk`.toLowerCase(),
      passwordHash,
      roleId: demoRole(n),
      meta: {
        telephone: `07700 9${String(n).padStart(5, '0')}`,
        job_title: pick(JOB_TITLES, n),
        avatar: null,
      },
      createdAt: created,
      updatedAt: created,
    };
  });
}

/** On an empty database: the first admin and a realistic demo group. Does nothing otherwise. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<SeedResult> {
  const adminEmail = options.adminEmail ?? 'admin@example.com';
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false, adminEmail, generatedPassword: null };

  const generatedPassword = options.adminPassword ? null : randomBytes(12).toString('base64url');
  const adminHash = await hashPassword(options.adminPassword ?? generatedPassword!);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      name: 'Site Administrator',
      email: adminEmail,
      passwordHash: adminHash,
      roleId: roleNamed(GROUP_ADMINISTRATOR),
      meta: { job_title: 'Group Web Manager', telephone: null, avatar_id: null },
    });
    if (options.demo) {
      // Demo staff cannot sign in: their password is random and thrown away.
      const demoHash = await hashPassword(randomBytes(24).toString('base64url'));
      const total = options.size === 'large' ? 5000 : 36;
      const rows = demoUsers(total, demoHash);
      for (let i = 0; i < rows.length; i += 500) await tx.insert(users).values(rows.slice(i, i + 500));
      // A few former staff wait in the bin.
      const binned = demoUsers(4, demoHash, total + 1).map((row) => ({ ...row, deletedAt: new Date() }));
      await tx.insert(users).values(binned);
      await seedDealerGroup(tx as unknown as Db, {
        storage: options.storage,
        total: options.size === 'large' ? 5000 : 36,
      });
      await seedDemoStaff(tx as unknown as Db, adminHash);
      await seedPages(tx as unknown as Db, options.size ?? 'normal');
      await seedTemplates(tx as unknown as Db);
      await recordSeededBlockUses(tx as unknown as Db);
      await seedVehicles(tx as unknown as Db, options.size === 'large' ? 50_000 : 240);
      await seedReservations(tx as unknown as Db, options.size === 'large' ? 100_000 : 80);
      await seedResponses(tx as unknown as Db, options.size === 'large' ? 1_000_000 : 400, 365);
      await seedAnalytics(tx as unknown as Db);
      await seedSettings(tx as unknown as Db);
    }
  });
  // Fresh statistics for the planner, and the visibility map index-only scans read (lists count
  // off late pages in their indexes): PGlite runs no autovacuum, and PostgreSQL's would come later.
  if (options.demo) await db.execute(sql`vacuum analyze`);
  return { seeded: true, adminEmail, generatedPassword };
}
