import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config';
import type { Database } from './db/open';
import { authGuard } from './domain/auth/guard';
import type { TokenService } from './domain/auth/tokens';
import type { Jobs } from './domain/jobs';
import type { Mailer } from './domain/mail';
import { statisticsRefresher } from './domain/statistics';
import { MAX_UPLOAD_BYTES, type Storage } from './domain/storage';
import { attachFrontDoor, createFrontDoor } from './http/frontDoor';
import { serializerCompiler } from './http/serializer';
import { apiRoutes } from './plugins/apiRoutes';
import { consoleApp } from './plugins/console';
import { errors } from './plugins/errors';
import { jobs } from './plugins/jobs';
import { renditionFiles, renditions } from './plugins/renditions';
import { securityHeaders } from './plugins/securityHeaders';
import { services } from './plugins/services';
import { site } from './plugins/site';
import { storedFiles } from './plugins/storedFiles';
import { sweeper } from './plugins/sweeper';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Pino log level; nothing is logged without one. */
  logLevel?: string;
}

export interface App {
  app: FastifyInstance;
  tokens: TokenService;
  storage: Storage;
  mailer: Mailer;
  jobs: Jobs;
}

/**
 * Builds the API (and, when a built console is present, serves it) from the plugins in
 * server/plugins, in order: each may use what the ones before it decorated the app with, and they
 * close in the reverse order. Tests call this with app.inject.
 */
export async function buildApp({ config, database, logLevel }: AppOptions): Promise<App> {
  // Kept site pages are answered here, ahead of Fastify (server/http/frontDoor.ts).
  const door = createFrontDoor();
  const app = Fastify({
    serverFactory: door.serverFactory,
    logger: logLevel ? { level: logLevel } : false,
    bodyLimit: 1024 * 1024,
    // Only behind a proxy may X-Forwarded-For name the client (sign-in limits count per address).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  attachFrontDoor(app, door);

  await app.register(services, { config });
  await app.register(renditions);
  await app.register(sweeper, { db: database.db, refreshStatistics: statisticsRefresher(database) });
  await app.register(jobs, { config, database });
  await app.register(errors);
  await app.register(securityHeaders);
  // Larger JSON answers (lists) shrink several times over; small ones are not worth the work.
  // Requests are read as sent: compressed request bodies are not part of the API.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(swagger, {
    openapi: {
      // 3.1: schemas are JSON Schema 2020-12, so a null is `type: [..., 'null']`, as zod writes it.
      openapi: '3.1.0',
      info: { title: 'Dealership console admin API', version: '1.0.0' },
      servers: [{ url: config.publicUrl ?? '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The presence stream only: an EventSource cannot send a header.
          accessQuery: { type: 'apiKey', in: 'query', name: 'token' },
          accessCookie: { type: 'apiKey', in: 'cookie', name: 'console_access' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });
  await app.register(authGuard, { db: database.db, tokens: app.tokens });
  await app.register(apiRoutes, { config, database });
  await app.register(storedFiles);
  await app.register(renditionFiles);
  await app.register(site, { config, database });
  await app.register(consoleApp, { config });

  return { app, tokens: app.tokens, storage: app.storage, mailer: app.mailer, jobs: app.jobs };
}
