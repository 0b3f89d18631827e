import { and, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { rateWindows } from '../db/schema/rateWindows';

export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SharedRateLimiter {
  /** Counts one call against the key's allowance; true when it may go ahead. */
  take(key: string): Promise<Take>;
}

/** Counted calls between two sweeps of windows that are over. */
const SWEEP_EVERY = 500;

/**
 * A fixed-window counter per key, kept in the database so every API process counts against the
 * same allowance. Each call is counted with one atomic `insert ... on conflict do update ...
 * returning`, so a burst spread over processes cannot slip past a check made before counting.
 * A refused call does not move the window, so hammering does not extend the wait.
 */
export function createSharedRateLimiter(
  db: Db,
  options: { name: string; max: number; windowSeconds: number },
): SharedRateLimiter {
  const window = sql`make_interval(secs => ${options.windowSeconds})`;
  const over = sql`${rateWindows.windowStart} <= now() - ${window}`;
  let counted = 0;

  async function sweep() {
    await db
      .delete(rateWindows)
      .where(
        and(like(rateWindows.key, `${options.name}:%`), lt(rateWindows.windowStart, sql`now() - ${window}`)),
      );
  }

  return {
    async take(key) {
      counted += 1;
      if (counted % SWEEP_EVERY === 0) await sweep();
      const [row] = await db
        .insert(rateWindows)
        .values({ key: `${options.name}:${key}`, hits: 1 })
        .onConflictDoUpdate({
          target: rateWindows.key,
          set: {
            hits: sql`case when ${over} then 1 else ${rateWindows.hits} + 1 end`,
            windowStart: sql`case when ${over} then now() else ${rateWindows.windowStart} end`,
          },
        })
        .returning({
          hits: rateWindows.hits,
          // Measured by the database's clock, which also started the window.
          secondsLeft: sql<number>`ceil(extract(epoch from ${rateWindows.windowStart} + ${window} - now()))::int`,
        });
      if (row!.hits <= options.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Number(row!.secondsLeft)) };
    },
  };
}
