import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/open';
import { setRetention } from '../domain/history/retention';
import { scheduleChanges } from '../domain/pages/schedule';
import { PresenceHub } from '../domain/presence/hub';
import { createStripe } from '../domain/stripeClient';
import { analyticsRoutes } from '../routes/analytics';
import { authRoutes } from '../routes/auth';
import { brandsRoutes } from '../routes/brands';
import { builderRoutes } from '../routes/builder';
import { commentsRoutes } from '../routes/comments';
import { dealershipsRoutes } from '../routes/dealerships';
import { exportsRoutes } from '../routes/exports';
import { formsRoutes } from '../routes/forms';
import { historyRoutes } from '../routes/history';
import { importsRoutes } from '../routes/imports';
import { mediaRoutes } from '../routes/media';
import { notificationsRoutes } from '../routes/notifications';
import { pagesRoutes } from '../routes/pages';
import { presenceRoutes } from '../routes/presence';
import { reservationsRoutes } from '../routes/reservations';
import { responsesRoutes } from '../routes/responses';
import { rolesRoutes } from '../routes/roles';
import { settingsRoutes } from '../routes/settings';
import { templatesRoutes } from '../routes/templates';
import { usersRoutes } from '../routes/users';
import { webhooksRoutes } from '../routes/webhooks';
import { workflowsRoutes } from '../routes/workflows';
import { enqueueOn } from './jobs';

/** Every call of the contract under /api/, each area's routes from its own file. */
export async function apiRoutes(
  api: FastifyInstance,
  { config, database }: { config: Config; database: Database },
) {
  const { db } = database;
  const { tokens, storage, mailer } = api;
  const enqueue = enqueueOn(api.jobs);
  /** Queues the jobs for these pages' or forms' scheduled times (all when not given), after a write that may set them. */
  const schedule = (ids?: readonly number[]) => scheduleChanges(db, api.jobs, ids);
  api.get(
    '/api/health',
    {
      schema: {
        operationId: 'health',
        summary: 'Answers 200 while the API is up: for load balancers and uptime checks',
        tags: ['health'],
        security: [],
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => ({ ok: true as const }),
  );
  api.get('/api/docs', { schema: { hide: true } }, async () => api.swagger());
  authRoutes(api, { db, tokens, refreshTtl: config.refreshTokenTtl });
  usersRoutes(api, { db, mailer });
  rolesRoutes(api, { db });
  brandsRoutes(api, { db });
  dealershipsRoutes(api, { db });
  mediaRoutes(api, { db, storage, queueRenditions: enqueue.renditions });
  /** How notices go out by e-mail (review moves, mentions). */
  const noticeMail = { enqueueMail: enqueue.mail, publicUrl: config.publicUrl };
  pagesRoutes(api, { db, tokens, publicUrl: config.publicUrl, mail: noticeMail, schedule });
  formsRoutes(api, { db, mail: noticeMail, schedule });
  templatesRoutes(api, { db });
  builderRoutes(api);
  settingsRoutes(api, { db, enqueueExport: enqueue.exportFile });
  exportsRoutes(api, { db });
  importsRoutes(api, { db, dir: config.importsDir, enqueueImport: enqueue.importFile });
  reservationsRoutes(api, {
    db,
    webhookSecret: config.stripeWebhookSecret,
    stripe: createStripe(config),
    enqueueMail: enqueue.mail,
  });
  responsesRoutes(api, { db, enqueueExport: enqueue.exportFile, enqueueMail: enqueue.mail });
  analyticsRoutes(api, { db });
  webhooksRoutes(api, { db, allowPrivate: config.webhooksAllowPrivate });
  workflowsRoutes(api, { db });
  setRetention({ keepLast: config.historyKeepLast, keepDays: config.historyKeepDays });
  historyRoutes(api, { db });
  const hub = new PresenceHub(database.notices);
  await hub.start();
  api.addHook('onClose', () => hub.stop());
  presenceRoutes(api, { db, hub });
  commentsRoutes(api, { db, mail: noticeMail });
  notificationsRoutes(api, { db });
}
