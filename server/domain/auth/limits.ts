import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { loginFailures } from '../../db/schema';

export const LOGIN_WINDOW_MINUTES = 15;
/** Failures allowed per account, and per address, within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

export const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

const limitOf = (key: string) =>
  key.startsWith('email:') ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_ADDRESS;

/** Minutes until sign-in is allowed again for any of the keys, or 0 when it is allowed now. */
export async function minutesUntilAllowed(db: Db, keys: string[]): Promise<number> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  let wait = 0;
  for (const row of rows) {
    const ends = row.windowStart.getTime() + LOGIN_WINDOW_MINUTES * 60_000;
    if (row.failures >= limitOf(row.key) && ends > Date.now()) {
      wait = Math.max(wait, Math.ceil((ends - Date.now()) / 60_000));
    }
  }
  return wait;
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db
      .insert(loginFailures)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.windowStart} < now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) then 1 else ${loginFailures.failures} + 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} < now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) then now() else ${loginFailures.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}
