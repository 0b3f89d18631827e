/**
 * The daily screens at scale (design §7): `seed --size large` (1,000,000 enquiries over a year,
 * 100,000 reservations, a year of page views) is timed, then every call of the responses and
 * reservations screens and their totals is timed one at a time through the real app (routes,
 * validation, JSON) and must answer under 50 ms at p95; the dashboard's two calls for a year
 * against the year before under 200 ms. Last, every form's enquiries are exported (1,000,000 rows
 * through the export job, written as .xlsx and mailed to the outbox): rows per second, and the
 * process's peak memory over what it held before, under 256 MB. Runs on PGlite, or on PostgreSQL
 * when DATABASE_URL is set (in a scratch database of its own).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { responseHandles } from '@/api/contract/responses';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { type ExportKind, exports } from '../server/db/schema/jobs';
import { reservations } from '../server/db/schema/reservations';
import { responses } from '../server/db/schema/responses';
import { createScratchDatabase } from '../server/db/scratch';
import { seedIfEmpty } from '../server/db/seed/index';
import { exportSourceFor } from '../server/domain/exportSources';
import { runExport } from '../server/domain/exports';
import { createMailer } from '../server/domain/mail';
import type { Benchmark, Budget } from './benchmark';

const PASSWORD = 'Bench-Password-123!';
const ROUNDS = 60;
const DAY_MS = 86_400_000;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Samples the process's resident memory until stopped; answers the highest seen. */
function watchMemory(everyMs = 25) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

export const scaleBenchmark: Benchmark = {
  name: 'scale',
  description:
    'responses, reservations and the dashboard on the large data set; exporting 1,000,000 enquiries',
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'console-scale-bench-'));
    const postgres = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, 'console_scale_bench')
      : null;
    const databaseKind = postgres ? 'postgres' : 'pglite';
    console.log(`Database: ${postgres ? 'PostgreSQL' : 'PGlite'}`);
    const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir, durable: false });
    const config = readConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'error' });
    const { app } = await buildApp({ config, database });
    const db = database.db;
    try {
      console.log('Seeding the large data set...');
      const seeding = performance.now();
      await seedIfEmpty(db, {
        adminEmail: 'admin@example.com',
        adminPassword: PASSWORD,
        demo: true,
        size: 'large',
      });
      const seedMs = performance.now() - seeding;
      const [{ n: responseCount } = { n: 0 }] = await db.select({ n: count() }).from(responses);
      const [{ n: reservationCount } = { n: 0 }] = await db.select({ n: count() }).from(reservations);
      console.log(
        `${responseCount} enquiries and ${reservationCount} reservations (and the rest of the large set) seeded in ${(seedMs / 1000).toFixed(1)} s`,
      );

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@example.com', password: PASSWORD },
      });
      const token = (login.json() as { access_token: string }).access_token;
      const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
        const res = await app.inject({
          method,
          url: `/api/${url}`,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          ...(payload === undefined ? {} : { payload }),
        });
        if (res.statusCode !== 200)
          throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
        return res;
      };
      const time = async (run: () => Promise<unknown>) => {
        // Unmeasured: the first calls warm the statement and buffer caches.
        for (let i = 0; i < 3; i++) await run();
        const samples: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const started = performance.now();
          await run();
          samples.push(performance.now() - started);
        }
        const sorted = [...samples].sort((a, b) => a - b);
        return { p50: sorted[Math.floor(sorted.length / 2)] ?? 0, p95: p95(samples) };
      };

      const today = Date.now();
      const year = { start: isoDay(today - 364 * DAY_MS), end: isoDay(today) };
      const yearBefore = { start: isoDay(today - 729 * DAY_MS), end: isoDay(today - 365 * DAY_MS) };
      const dashboardBody = {
        ...year,
        comparison_start: yearBefore.start,
        comparison_end: yearBefore.end,
      };
      const calls: Array<[string, () => Promise<unknown>, number]> = [
        ['responses list, first page', () => call('GET', 'responses?handle=new-car-enquiry'), 50],
        ['responses list, page 200', () => call('GET', 'responses?handle=used-vehicle-enquiry&page=200'), 50],
        ['responses totals', () => call('GET', 'responses/totals'), 50],
        ['one response', () => call('GET', 'responses/show?id=500000'), 50],
        ['reservations list, first page', () => call('GET', 'reservations'), 50],
        ['reservations list, page 200', () => call('GET', 'reservations?page=200'), 50],
        ['reservations search', () => call('GET', 'reservations?search=smith'), 50],
        ['one reservation', () => call('GET', 'reservations/50000'), 50],
        [
          "dashboard's calls, a year against the year before",
          () =>
            Promise.all([
              call('POST', 'analytics/totals', dashboardBody),
              call('POST', 'analytics/tables', dashboardBody),
            ]),
          200,
        ],
      ];
      const latencies: Record<string, { p50: number; p95: number }> = {};
      const budgets: Budget[] = [];
      for (const [label, run, limit] of calls) {
        const figures = await time(run);
        latencies[label] = figures;
        console.log(`${label.padEnd(52)} p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`);
        budgets.push({ label: `${label} p95`, actual: figures.p95, limit, unit: 'ms' });
      }

      // Every form's enquiries through the export job, one form after another: a million rows.
      const mailer = createMailer({
        smtpUrl: null,
        outboxDir: join(dataDir, 'outbox'),
        from: 'bench@example.com',
      });
      const deps = {
        db,
        mailer,
        dir: join(dataDir, 'exports'),
        sourceFor: (kind: ExportKind, params: Record<string, string>) => exportSourceFor(db, kind, params),
      };
      const rssBefore = process.memoryUsage().rss;
      const stopWatching = watchMemory();
      const exportStarted = performance.now();
      let exported = 0;
      for (const handle of responseHandles) {
        const [row] = await db
          .insert(exports)
          .values({ kind: 'responses', email: 'bench@example.com', params: { handle } })
          .returning({ id: exports.id });
        await runExport(deps, { exportId: row!.id }, { signal: new AbortController().signal });
        const [done] = await db
          .select({ rows: exports.rowsDone })
          .from(exports)
          .where(eq(exports.id, row!.id));
        exported += done?.rows ?? 0;
      }
      const exportSeconds = (performance.now() - exportStarted) / 1000;
      const peakGrowthMb = (stopWatching() - rssBefore) / 1024 / 1024;
      mailer.close();
      const rowsPerSecond = exported / exportSeconds;
      console.log(
        `export: ${exported} rows in ${exportSeconds.toFixed(1)} s (${Math.round(rowsPerSecond)} rows/s), peak memory ${peakGrowthMb.toFixed(1)} MB over the ${(rssBefore / 1024 / 1024).toFixed(0)} MB held before`,
      );
      budgets.push(
        { label: 'enquiries seeded', actual: responseCount, limit: 1_000_000, unit: 'ratio', atLeast: true },
        {
          label: 'reservations seeded',
          actual: reservationCount,
          limit: 100_000,
          unit: 'ratio',
          atLeast: true,
        },
        { label: 'enquiries exported', actual: exported, limit: responseCount, unit: 'ratio', atLeast: true },
        { label: "export's peak memory over its start", actual: peakGrowthMb, limit: 256, unit: 'MB' },
      );
      return {
        result: {
          database: databaseKind,
          rounds: ROUNDS,
          seedSeconds: seedMs / 1000,
          responses: responseCount,
          reservations: reservationCount,
          latencies,
          export: { rows: exported, seconds: exportSeconds, rowsPerSecond, peakMemoryGrowthMb: peakGrowthMb },
        },
        budgets,
      };
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  },
};
