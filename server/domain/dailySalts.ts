import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/open';
import { analyticsAddresses, analyticsSalts, analyticsVisitors } from '../db/schema/analytics';
import { isoDay } from './analytics';

export const hashOf = (salt: string, text: string) =>
  createHash('sha256').update(salt).update(text).digest('base64url');

/**
 * Today's salt of the visitor hashes, made once for all API processes. The first call of a new
 * day deletes the salts and hashes of the days before it, so no stored hash can be matched to an
 * address afterwards.
 */
export function dailySalts(db: Db) {
  let current: { day: string; salt: Promise<string> } | null = null;

  async function open(day: string): Promise<string> {
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(eq(analyticsSalts.day, day));
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    await db.delete(analyticsVisitors).where(lt(analyticsVisitors.day, day));
    await db.delete(analyticsAddresses).where(lt(analyticsAddresses.day, day));
    return row!.salt;
  }

  return (day: string): Promise<string> => {
    if (current?.day !== day) {
      const salt = open(day);
      current = { day, salt };
      // A failed read is tried again by the next call.
      salt.catch(() => {
        if (current?.salt === salt) current = null;
      });
    }
    return current.salt;
  };
}

/**
 * An address as the limits keep it: a hash under the salt of the day, so the database never holds
 * the address itself and yesterday's hashes cannot be matched to it once the salt is gone.
 */
export function createAddressHasher(db: Db): (ip: string, now?: Date) => Promise<string> {
  const saltOf = dailySalts(db);
  return async (ip, now = new Date()) => hashOf(await saltOf(isoDay(now)), `address|${ip}`);
}
