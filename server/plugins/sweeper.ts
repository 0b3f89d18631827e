import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/open';
import { pruneLoginFailures } from '../domain/auth/limits';
import type { RefreshStatistics } from '../domain/statistics';

/** How often the sweep runs, besides at start. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Sign-in counters whose window ended are forgotten (uploaded files are the media library's: they
 * stay until deleted from its bin). A round runs as the app
 * starts and then every hour; a failed one is logged and the next tries again. The hourly rounds
 * also refresh the planner's statistics of every table where the database does not (PGlite): the
 * steady writes of submissions, page views and reservations add up as surely as an import does.
 */
export const sweeper = fp(
  async (
    app: FastifyInstance,
    { db, refreshStatistics }: { db: Db; refreshStatistics: RefreshStatistics },
  ) => {
    const sweep = () =>
      pruneLoginFailures(db).catch((error: unknown) => {
        app.log.error({ err: error }, 'sign-in counter sweep failed');
        return 0;
      });
    const hourly = () =>
      Promise.all([
        sweep(),
        refreshStatistics().catch((error: unknown) => {
          app.log.error({ err: error }, 'refreshing the statistics failed');
        }),
      ]);
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      // Statistics are kept with the data: a start has nothing new to count.
      await sweep();
      timer = setInterval(hourly, SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'sweeper', dependencies: ['services'] },
);
