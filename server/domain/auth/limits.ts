import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { loginFailures } from '../../db/schema/users';

export const LOGIN_WINDOW_MINUTES = 15;
/** Password checks that may fail within the window, per key. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const MAX_FAILURES_PER_DEVICE = 10;

/** Unknown clients are counted per account they try and per address they come from. */
export const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
/** Keyed by the address's hash of the day (createAddressHasher), never by the address. */
export const addressKey = (addressHash: string) => `ip:${addressHash}`;
/** A browser that signed in to the account before is counted on its own. */
export const deviceKey = (deviceId: string) => `device:${deviceId}`;

export interface Limit {
  key: string;
  max: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const windowOver = sql`${loginFailures.windowStart} < now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`;

/**
 * Takes one attempt from the key's allowance in a single statement, before the password is
 * checked, so parallel guesses cannot all pass a check that runs before any failure is counted.
 * A refused attempt does not move the window, so hammering does not extend the wait.
 */
async function reserveOne(db: Db, limit: Limit): Promise<Reservation> {
  const [row] = await db
    .insert(loginFailures)
    .values({ key: limit.key, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${windowOver} then now() else ${loginFailures.windowStart} end`,
      },
    })
    .returning({
      failures: loginFailures.failures,
      // Measured by the database's clock, which also started the window.
      secondsLeft: sql<number>`ceil(extract(epoch from ${loginFailures.windowStart} + make_interval(mins => ${LOGIN_WINDOW_MINUTES}) - now()))::int`,
    });
  if (row!.failures <= limit.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row!.secondsLeft)) };
}

/** Gives an attempt back: it was refused elsewhere, or its password was right. */
async function releaseOne(db: Db, key: string): Promise<void> {
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(eq(loginFailures.key, key));
}

/** Reserves an attempt under every limit, or none of them. */
export async function reserveAttempt(db: Db, limits: Limit[]): Promise<Reservation> {
  const taken: string[] = [];
  for (const limit of limits) {
    const result = await reserveOne(db, limit);
    taken.push(limit.key);
    if (!result.allowed) {
      for (const key of taken) await releaseOne(db, key);
      return result;
    }
  }
  return { allowed: true };
}

/** A right password: the attempt does not count as a failure. */
export async function releaseAttempt(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await releaseOne(db, limit.key);
}

/**
 * Forgets counters whose window has ended: a row per address and per e-mail ever tried would
 * otherwise grow the table without bound. An ended window counts as zero anyway (see windowOver),
 * so deleting it changes no answer. Returns how many rows went.
 */
export async function pruneLoginFailures(db: Db): Promise<number> {
  const gone = await db.delete(loginFailures).where(windowOver).returning({ key: loginFailures.key });
  return gone.length;
}
