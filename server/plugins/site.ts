import type { FastifyInstance } from 'fastify';
import { fileUrlFrom } from '@/shared/site';
import type { Config } from '../config';
import type { Database } from '../db/open';
import { createEnquiryDesk } from '../domain/submissions';
import { createContentVersionReader } from '../site/contentVersion';
import { deliveryApiRoutes } from '../site/deliveryApi';
import { htmlSiteRoutes } from '../site/htmlSite';
import { createSiteReader } from '../site/reader';
import { enqueueOn } from './jobs';

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
  // One read of the content version for the whole site: what every kept answer is checked against.
  const contentVersion = createContentVersionReader(database.db, (text) => database.query(text));
  deliveryApiRoutes(app, {
    contentVersion,
    reader,
    origins: config.siteOrigins,
  });
  htmlSiteRoutes(app, {
    reader,
    desk: createEnquiryDesk({ db: database.db, enqueueMail: enqueueOn(app.jobs).mail }),
    tokens: app.tokens,
    contentVersion,
  });
}
