import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Config, fastifyTrustProxy } from './config';
import { isDataException } from './db/errors';
import type { Database, Db } from './db/open';
import { authGuard } from './domain/auth/guard';
import { pruneLoginFailures } from './domain/auth/limits';
import { createTokenService, loadSecret, type TokenService } from './domain/auth/tokens';
import { exportSourceFor } from './domain/exportSources';
import { EXPORT_QUEUE, type ExportJobData, runExport } from './domain/exports';
import { sweepStorage } from './domain/files/cleanup';
import { IMPORT_QUEUE, type ImportJobData, runImport } from './domain/imports/run';
import { type Jobs, startJobs } from './domain/jobs';
import { createMailer, type Mailer } from './domain/mail';
import { MAIL_QUEUE, type MailJobData, sendQueuedMail } from './domain/mailQueue';
import { createStorage, MAX_UPLOAD_BYTES, type Storage } from './domain/storage';
import { consoleCsp } from './http/csp';
import { dottedErrors, HttpError, summarize } from './http/errors';
import { analyticsRoutes } from './routes/analytics';
import { authRoutes } from './routes/auth';
import { brandsRoutes } from './routes/brands';
import { builderRoutes } from './routes/builder';
import { dealershipsRoutes } from './routes/dealerships';
import { exportsRoutes } from './routes/exports';
import { filesRoutes } from './routes/files';
import { formsRoutes } from './routes/forms';
import { importsRoutes } from './routes/imports';
import { pagesRoutes } from './routes/pages';
import { reservationsRoutes } from './routes/reservations';
import { responsesRoutes } from './routes/responses';
import { settingsRoutes } from './routes/settings';
import { templatesRoutes } from './routes/templates';
import { usersRoutes } from './routes/users';

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

const INVALID = 'The given data was invalid.';

/** `/storage/<handle>/<server-made name>`, as files/upload answers it (see storedPath in the contract). */
const STORED_FILE_URL = /^\/storage\/[a-z_]+\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?$/;
/** How often unreferenced uploads are looked for, besides at start. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Builds the API (and, when a built console is present, serves it). Tests call this with app.inject. */
export async function buildApp({ config, database, logLevel }: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logLevel ? { level: logLevel } : false,
    bodyLimit: 1024 * 1024,
    // Only behind a proxy may X-Forwarded-For name the client (sign-in limits count per address).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = createTokenService(
    loadSecret(config.jwtSecret, join(config.dataDir, 'jwt-secret')),
    config.accessTokenTtl,
  );
  const storage = createStorage(config.storageDir);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    from: config.mailFrom,
  });
  // Uploads nothing refers to (a form left unsaved, a replaced picture) go after a grace period.
  // Sign-in counters whose window ended are forgotten on the same round.
  const sweep = () =>
    Promise.all([
      sweepStorage(database.db, storage).catch((error: unknown) => {
        app.log.error({ err: error }, 'storage sweep failed');
        return 0;
      }),
      pruneLoginFailures(database.db).catch((error: unknown) => {
        app.log.error({ err: error }, 'sign-in counter sweep failed');
        return 0;
      }),
    ]);
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(sweep, SWEEP_EVERY_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
  mkdirSync(storage.root, { recursive: true });
  const { db } = database;
  app.decorate('publicUrl', config.publicUrl);
  const jobs = await startJobs({
    database,
    expireInSeconds: config.jobExpireSeconds,
    batchSizes: { [MAIL_QUEUE]: 20 },
    handlers: {
      [EXPORT_QUEUE]: (data: ExportJobData, context) =>
        runExport(
          {
            db,
            mailer,
            dir: config.exportsDir,
            sourceFor: (kind, params) => exportSourceFor(db, kind, params),
          },
          data,
          context,
        ),
      [MAIL_QUEUE]: (data: MailJobData, context) => sendQueuedMail({ db, mailer }, data, context),
      [IMPORT_QUEUE]: (data: ImportJobData, context) => runImport({ db, mailer }, data, context),
    },
  });
  // Jobs stop before the mailer closes: a job that is still sending finishes its message.
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });
  const enqueueExport = (data: ExportJobData) => jobs.enqueue(EXPORT_QUEUE, data);
  const enqueueMail = (data: MailJobData, within: Db) => jobs.enqueue(MAIL_QUEUE, data, within);
  const enqueueImport = (data: ImportJobData) => jobs.enqueue(IMPORT_QUEUE, data);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.'),
        message: v.message ?? INVALID,
      }));
      // A path id that is not a number names nothing that exists.
      if (error.validationContext === 'params') return reply.status(404).send({ message: 'Not found.' });
      const errors = dottedErrors(issues);
      return reply.status(422).send({ message: summarize(errors), errors });
    }
    if (isDataException(error)) {
      return reply.status(422).send({ message: INVALID, errors: {} });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match the contract');
      return reply.status(500).send({ message: 'Something went wrong on our side.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request as application/json.'
              : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side.' });
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    return payload;
  });

  // Larger JSON answers (lists) shrink several times over; small ones are not worth the work.
  // Requests are read as sent: compressed request bodies are not part of the API.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });

  await app.register(swagger, {
    openapi: {
      // 3.1: schemas are JSON Schema 2020-12, so a null is `type: [..., 'null']`, as zod writes it.
      openapi: '3.1.0',
      info: { title: 'Dealership console admin API', version: '1.0.0' },
      servers: [{ url: config.publicUrl ?? '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });
  await app.register(authGuard, { db, tokens });

  await app.register(async (api) => {
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
    api.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
    authRoutes(api, { db, tokens, refreshTtl: config.refreshTokenTtl });
    usersRoutes(api, { db, storage, mailer });
    brandsRoutes(api, { db, storage });
    dealershipsRoutes(api, { db, storage });
    filesRoutes(api, { storage });
    pagesRoutes(api, { db });
    formsRoutes(api, { db });
    templatesRoutes(api, { db });
    builderRoutes(api, { storage });
    settingsRoutes(api, { db, enqueueExport });
    exportsRoutes(api, { db });
    importsRoutes(api, { db, dir: config.importsDir, enqueueImport });
    reservationsRoutes(api, { db, webhookSecret: config.stripeWebhookSecret });
    responsesRoutes(api, { db, enqueueExport, enqueueMail });
    analyticsRoutes(api, { db });
  });

  // Only names files/upload makes are served: no hidden files, no encoded separators or dots.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/storage/')) return;
    const path = request.url.split('?')[0] ?? '';
    if (!STORED_FILE_URL.test(path)) return reply.status(404).send({ message: 'Not found.' });
  });

  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/storage/',
    decorateReply: false,
    index: false,
    // Uploaded files are data, never pages: no sniffing, no scripts.
    setHeaders: (res) => {
      res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  const consoleDir =
    config.consoleDir && existsSync(join(config.consoleDir, 'index.html')) ? config.consoleDir : null;
  const csp = consoleCsp({ maps: config.mapsEnabled, apiUrl: config.consoleApiUrl });
  if (consoleDir) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build wrote .br and .gz beside each script and style sheet.
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.endsWith('.html')) res.header('Content-Security-Policy', csp);
        if (path.includes(`${join(consoleDir, 'assets')}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path.startsWith('/storage/') || !consoleDir || request.method !== 'GET') {
      return reply.status(404).send({ message: 'Not found.' });
    }
    // History-mode routes: the console decides what an unknown path shows.
    reply.header('Cache-Control', 'no-cache');
    reply.header('Content-Security-Policy', csp);
    return reply.type('text/html').sendFile('index.html', consoleDir);
  });

  return { app, tokens, storage, mailer, jobs };
}
