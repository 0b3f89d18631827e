import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { analyticsAddresses, analyticsDaily, analyticsVisitors } from '../db/schema/analytics';
import { isoDay } from './analytics';
import { dailySalts, hashOf } from './dailySalts';
import { createSharedRateLimiter } from './rateLimits';

/** Visitors one address may add in a day, whatever browser strings it sends. */
export const VISITORS_PER_ADDRESS = 3;

/** Page views one address may send in a minute: a visitor browsing fast sends one a second at most. */
export const VIEWS_PER_MINUTE = 60;

/**
 * Words in the User-Agent of crawlers and tools that say what they are (Googlebot, bingbot,
 * AhrefsBot, Baiduspider, Yahoo! Slurp, HeadlessChrome, Chrome-Lighthouse,
 * facebookexternalhit…). Their views count nothing.
 */
export const BOT_AGENT_WORDS = [
  'bot',
  'crawl',
  'spider',
  'slurp',
  'headless',
  'lighthouse',
  'facebookexternalhit',
] as const;

const BOT_AGENT = new RegExp(BOT_AGENT_WORDS.join('|'), 'i');

/** A crawler or tool that declares itself, or a caller with no User-Agent at all (no browser). */
export function isDeclaredBot(agent: string): boolean {
  return agent.trim() === '' || BOT_AGENT.test(agent);
}

/** Counts one view, and the visitor when new today and the address has not added its share yet. */
async function countView(db: Db, day: string, visitorHash: string, addressHash: string) {
  await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(analyticsVisitors)
      .values({ day, hash: visitorHash })
      .onConflictDoNothing()
      .returning({ day: analyticsVisitors.day });
    let newVisitor = 0;
    if (fresh.length > 0) {
      // One statement, so concurrent calls from one address (in any process) cannot pass the cap.
      const counted = await tx
        .insert(analyticsAddresses)
        .values({ day, hash: addressHash, visitors: 1 })
        .onConflictDoUpdate({
          target: [analyticsAddresses.day, analyticsAddresses.hash],
          set: { visitors: sql`${analyticsAddresses.visitors} + 1` },
          setWhere: sql`${analyticsAddresses.visitors} < ${VISITORS_PER_ADDRESS}`,
        })
        .returning({ visitors: analyticsAddresses.visitors });
      newVisitor = counted.length;
    }
    await tx
      .insert(analyticsDaily)
      .values({ day, views: 1, visitors: newVisitor })
      .onConflictDoUpdate({
        target: analyticsDaily.day,
        set: {
          views: sql`${analyticsDaily.views} + 1`,
          visitors: sql`${analyticsDaily.visitors} + ${newVisitor}`,
        },
      });
  });
}

export type Collected = { status: 'counted' | 'ignored' } | { status: 'limited'; retryAfterSeconds: number };

/**
 * The website's page view counter, cookie-less: a visitor is a hash of address and browser under
 * a salt of the day, an address a hash of the address alone. Limits are kept in the database, so
 * every API process counts against the same allowance.
 */
export function createPageViewCounter(db: Db) {
  const saltOf = dailySalts(db);
  const limiter = createSharedRateLimiter(db, { name: 'collect', max: VIEWS_PER_MINUTE, windowSeconds: 60 });

  return {
    async collect(visitor: { ip: string; agent: string }, now = new Date()): Promise<Collected> {
      if (isDeclaredBot(visitor.agent)) return { status: 'ignored' };
      const day = isoDay(now);
      const salt = await saltOf(day);
      const addressHash = hashOf(salt, `address|${visitor.ip}`);
      const taken = await limiter.take(addressHash);
      if (!taken.allowed) return { status: 'limited', retryAfterSeconds: taken.retryAfterSeconds };
      await countView(db, day, hashOf(salt, `visitor|${visitor.ip}|${visitor.agent}`), addressHash);
      return { status: 'counted' };
    },
  };
}
