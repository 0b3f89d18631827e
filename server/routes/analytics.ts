import type { FastifyInstance } from 'fastify';
import { analyticsCollect, analyticsDates, analyticsTables, analyticsTotals } from '@/api/contract/analytics';
import type { Db } from '../db/open';
import { collectView, defaultRange, metricTables, metricTotals } from '../domain/analytics';
import { HttpError } from '../http/errors';
import { createRateLimiter } from '../http/rateLimit';
import { registerCall } from '../http/route';

export function analyticsRoutes(app: FastifyInstance, opts: { db: Db; visitorSalt: Uint8Array }) {
  const { db } = opts;
  // A visitor browsing fast sends a view a second at most; more is a script.
  const limiter = createRateLimiter({ max: 60, windowMs: 60_000 });

  registerCall(app, analyticsDates, async () => defaultRange());
  registerCall(app, analyticsTotals, async ({ body }) => ({ data: await metricTotals(db, body) }));
  registerCall(app, analyticsTables, async ({ body }) => ({ data: await metricTables(db, body) }));

  registerCall(app, analyticsCollect, async ({ raw }) => {
    if (!limiter.take(raw.ip)) throw new HttpError(429, 'Too many page views from this address.');
    await collectView(db, { ip: raw.ip, agent: String(raw.headers['user-agent'] ?? '') }, opts.visitorSalt);
    return { ok: true as const };
  });
}
