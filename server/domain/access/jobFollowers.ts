import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type AccessArea, can, isGroupWide } from '@/shared/access';
import type { AuthUser } from '../auth/guard';

/**
 * The background jobs (exports, imports) a user may follow, as a condition on the jobs' rows. A job
 * belongs to no brand or dealership, yet what it answers is read from its whole area (how many
 * enquiries were exported, an import's file name and refused rows): it is a group-level record
 * (decision 019). So whoever asked for it follows it, and besides them only a group-wide user whose
 * role may view the area of its kind (`areaOf`); to anyone else it does not exist (404).
 */
export function followedBy<Kind extends string>(
  user: AuthUser,
  job: { userId: PgColumn; kind: PgColumn },
  areaOf: Record<Kind, AccessArea>,
): SQL {
  const own = eq(job.userId, user.id);
  if (!isGroupWide(user.access.scope)) return own;
  const viewed = (Object.keys(areaOf) as Kind[]).filter((kind) => can(user.access, 'view', areaOf[kind]));
  return viewed.length > 0 ? (or(own, inArray(job.kind, viewed)) as SQL) : own;
}
