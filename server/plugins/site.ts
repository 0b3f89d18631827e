import type { FastifyInstance } from 'fastify';
import { fileUrlFrom } from '@/shared/site';
import type { Config } from '../config';
import type { Database } from '../db/open';
import { scheduleChanges } from '../domain/pages/schedule';
import { createEnquiryDesk } from '../domain/submissions';
import { createContentVersionReader } from '../site/contentVersion';
import { deliveryApiRoutes } from '../site/deliveryApi';
import { htmlSiteRoutes } from '../site/htmlSite';
import { createSiteReader } from '../site/reader';
import { enqueueOn } from './jobs';

/**
 * How long the site uses a content version it read before it reads it again, for what other API
 * processes on the same PostgreSQL database commit (this process's own commits show at the next
 * request): a few milliseconds, one read shared by every request in that time.
 */
const OTHER_PROCESSES_MS = 5;

/**
 * The website, from server/site: the delivery API (`/api/site/*`, JSON, for any site) and the HTML
 * site (`/site/*`, the reference website and its share-preview links), both reading published
 * content through one reader made here once. Not wrapped in fastify-plugin: the HTML site's form
 * body parser and the delivery API's CORS hook stay inside.
 */
export async function site(
  app: FastifyInstance,
  { config, database }: { config: Config; database: Database },
) {
  const reader = createSiteReader(database.db, { fileUrl: fileUrlFrom(config.publicUrl) });
  // One content version for the whole site, kept in memory: what every kept answer is checked against.
  const contentVersion = createContentVersionReader(database.db, {
    plain: (text) => database.quietQuery(text),
    finished: database.finished,
    otherProcessesMs: database.kind === 'postgres' ? OTHER_PROCESSES_MS : 0,
  });
  deliveryApiRoutes(app, {
    contentVersion,
    reader,
    origins: config.siteOrigins,
  });
  const enqueueMail = enqueueOn(app.jobs).mail;
  htmlSiteRoutes(app, {
    reader,
    desk: createEnquiryDesk({ db: database.db, enqueueMail }),
    tokens: app.tokens,
    contentVersion,
    review: {
      db: database.db,
      mail: { enqueueMail, publicUrl: config.publicUrl },
      schedule: (ids) => scheduleChanges(database.db, app.jobs, ids),
    },
  });
}
