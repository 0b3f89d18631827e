import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/open';
import { exportSourceFor } from '../domain/exportSources';
import { EXPORT_QUEUE, type ExportJobData, runExport } from '../domain/exports';
import { holdingImport, recoverImports } from '../domain/imports/orphans';
import { IMPORT_QUEUE, type ImportJobData, runImport } from '../domain/imports/run';
import { type Jobs, startJobs } from '../domain/jobs';
import { MAIL_QUEUE, type MailJobData, sendQueuedMail } from '../domain/mailQueue';
import { LEGACY_MEDIA_QUEUE, realiseLegacyMedia } from '../domain/media/legacy';
import {
  makeRenditions,
  RENDITIONS_QUEUE,
  type RenditionJobData,
  renditionJob,
} from '../domain/media/renditionJobs';
import { pruneNotices } from '../domain/notifications/store';
import {
  applyScheduledChange,
  SCHEDULE_QUEUE,
  type ScheduleJobData,
  scheduleChanges,
} from '../domain/pages/schedule';
import { statisticsRefresher } from '../domain/statistics';
import { WEBHOOK_SEND_QUEUE, type WebhookSendJob } from '../domain/webhooks/outbox';
import { kickWaiting, pruneDeliveries, releaseAllLeases, sendWaiting } from '../domain/webhooks/send';

/**
 * The job that forgets webhook deliveries past 30 days and read notices past their retention, and
 * runs again an hour later.
 */
const WEBHOOK_PRUNE_QUEUE = 'webhook-prune';
const HOUR_MS = 60 * 60 * 1000;
/** Mail jobs a worker takes at each poll (one a second while there are fewer). */
const MAIL_BATCH = 100;

declare module 'fastify' {
  interface FastifyInstance {
    /** The background queues (exports, mail, imports, scheduled publishing), in the database. */
    jobs: Jobs;
  }
}

/** What the routes may queue, each on its own queue. */
export interface Enqueue {
  /** Each is queued in the given transaction: exactly when what the transaction stores is. */
  exportFile(data: ExportJobData, within: Db): Promise<string>;
  mail(data: MailJobData, within: Db): Promise<string>;
  importFile(data: ImportJobData, within: Db): Promise<string>;
  /** Every rendition of an uploaded image, one job per width (the whole image unless given an aspect). */
  renditions(item: Parameters<typeof renditionJob>[0], within?: Db): Promise<string | null>;
}

export function enqueueOn(jobs: Jobs): Enqueue {
  return {
    exportFile: (data, within) => jobs.enqueue(EXPORT_QUEUE, data, within),
    mail: (data, within) => jobs.enqueue(MAIL_QUEUE, data, within),
    importFile: (data, within) => jobs.enqueue(IMPORT_QUEUE, data, within),
    renditions: async (item, within) => {
      const data = renditionJob(item);
      return data ? jobs.enqueue(RENDITIONS_QUEUE, data, within) : null;
    },
  };
}

/**
 * Starts the job workers (exports, queued mail, imports, scheduled publishing) and stops them
 * when the app closes. On start, scheduled times that passed while no server ran are brought up
 * to date, and any scheduled time without its job gets one.
 */
export const jobs = fp(
  async (app: FastifyInstance, { config, database }: { config: Config; database: Database }) => {
    const { db } = database;
    const { mailer } = app;
    const refreshStatistics = statisticsRefresher(database);
    let ready: (jobs: Jobs) => void = () => {};
    const queueReady = new Promise<Jobs>((resolve) => {
      ready = resolve;
    });
    const started = await startJobs({
      database,
      expireInSeconds: config.jobExpireSeconds,
      // Up to MAIL_BATCH mails a second per process, sent at once over the mailer's pool of
      // connections: a thousand enquiries in a minute (about 17 leads a second, more in a rush,
      // besides the other mail) go out as they come rather than queueing behind a fixed 20 a second.
      batchSizes: { [MAIL_QUEUE]: MAIL_BATCH },
      concurrent: [MAIL_QUEUE],
      // A mail server that is down for a while is tried again, less and less often, before a
      // mail shows as failed (a lead to a CRM among them).
      retries: { [MAIL_QUEUE]: { limit: config.mailRetries, delaySeconds: 2, backoff: true } },
      // One waiting job per page, change and time, however many processes or saves queue it.
      // One waiting send per webhook endpoint, however many changes ask for it.
      policies: {
        [SCHEDULE_QUEUE]: 'short',
        [WEBHOOK_SEND_QUEUE]: 'short',
        [WEBHOOK_PRUNE_QUEUE]: 'short',
        [LEGACY_MEDIA_QUEUE]: 'short',
      },
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
        [IMPORT_QUEUE]: async (data: ImportJobData, context) => {
          const logFailure = (err: unknown, importId: number) =>
            app.log.error({ err, importId }, 'an import stopped on an unforeseen error');
          // An import waiting at start runs as soon as the workers do: before `started` is set.
          const jobs = await queueReady;
          const schedule = (ids: readonly number[]) => scheduleChanges(db, jobs, ids);
          await holdingImport(database, data.importId, () =>
            runImport({ db, mailer, schedule, refreshStatistics, logFailure }, data, context),
          );
        },
        [RENDITIONS_QUEUE]: (data: RenditionJobData) => makeRenditions(app.renderer, data),
        [LEGACY_MEDIA_QUEUE]: async () => {
          const jobs = await queueReady;
          const outcomes = await realiseLegacyMedia(db, app.storage, enqueueOn(jobs).renditions);
          for (const outcome of outcomes.filter((o) => o.result !== 'made real')) {
            app.log.warn(outcome, `legacy media item ${outcome.id} left as it was: ${outcome.result}`);
          }
        },
        [SCHEDULE_QUEUE]: async (data: ScheduleJobData, context) => {
          await applyScheduledChange(db, data, context);
        },
        [WEBHOOK_SEND_QUEUE]: async (data: WebhookSendJob, context) => {
          const jobs = await queueReady;
          await sendWaiting(
            db,
            {
              allowPrivate: config.webhooksAllowPrivate,
              retryBaseMs: config.webhooksRetryBaseMs,
              leaseSeconds: config.webhooksLeaseSeconds,
              enqueueMail: (mail, within) => jobs.enqueue(MAIL_QUEUE, mail, within),
              publicUrl: config.publicUrl,
            },
            data,
            context,
          );
        },
        [WEBHOOK_PRUNE_QUEUE]: async () => {
          const jobs = await queueReady;
          await pruneDeliveries(db);
          await pruneNotices(db);
          await kickWaiting(db);
          await jobs.schedule(
            WEBHOOK_PRUNE_QUEUE,
            {},
            { startAfter: new Date(Date.now() + HOUR_MS), key: 'prune' },
          );
        },
      },
    });
    ready(started);
    // An import whose process died shows as failed now, not as running until its job expires.
    await recoverImports(database, started, IMPORT_QUEUE);
    await scheduleChanges(db, started);
    // A webhook endpoint held by a process that died is free again (PGlite: only this process runs),
    // and every endpoint with deliveries waiting gets its job, whatever happened to the one it had.
    if (database.kind === 'pglite') await releaseAllLeases(db);
    await kickWaiting(db);
    await started.schedule(WEBHOOK_PRUNE_QUEUE, {}, { startAfter: new Date(), key: 'prune' });
    // Files uploaded before the library that are still legacy items are read once more at each start.
    await started.schedule(LEGACY_MEDIA_QUEUE, {}, { startAfter: new Date(), key: 'legacy' });
    app.decorate('jobs', started);
    app.addHook('onClose', () => started.stop());
  },
  { name: 'jobs', dependencies: ['services', 'renditions'] },
);
