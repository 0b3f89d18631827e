import type { FastifyInstance } from 'fastify';
import { analyticsCollect, analyticsDates, analyticsTables, analyticsTotals } from '@/api/contract/analytics';
import type { Db } from '../db/open';
import { defaultRange, metricTables, metricTotals } from '../domain/analytics';
import { createPageViewCounter } from '../domain/pageViews';
import { HttpError } from '../http/errors';
import { registerCall } from '../http/route';

export function analyticsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const pageViews = createPageViewCounter(db);

  registerCall(app, analyticsDates, async () => defaultRange());
  // Enquiry and reservation figures of the user's scope, where their role may view them; traffic
  // figures for group-wide users alone.
  registerCall(app, analyticsTotals, async ({ body, user }) => ({
    data: await metricTotals(db, body, user.access),
  }));
  registerCall(app, analyticsTables, async ({ body, user }) => ({
    data: await metricTables(db, body, user.access),
  }));

  registerCall(app, analyticsCollect, async ({ raw }, reply) => {
    const collected = await pageViews.collect({ ip: raw.ip, agent: String(raw.headers['user-agent'] ?? '') });
    if (collected.status === 'limited') {
      reply.header('Retry-After', String(collected.retryAfterSeconds));
      throw new HttpError(429, 'Too many page views from this address.');
    }
    return { ok: true as const };
  });
}
