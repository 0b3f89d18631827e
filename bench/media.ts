/**
 * The media library (issue #26) with 20,000 items: its first page and a search, p95 under 50 ms,
 * and "where used" of an item, p95 under 20 ms, on PGlite and on PostgreSQL (DATABASE_URL, or the
 * local server, in a scratch database of its own).
 */
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { createScratchDatabase } from '../server/db/scratch';
import { seedIfEmpty } from '../server/db/seed/index';
import type { Benchmark, Budget } from './benchmark';
import { postgresUrl } from './server';

const PASSWORD = 'Bench-Password-123!';
const ITEMS = 20_000;
const CALLS = 40;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

const p50 = (samples: number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** Wall time p50 and p95, and the median CPU time of the API's process (PGlite's work included). */
async function timed(
  call: () => Promise<{ statusCode: number }>,
): Promise<{ p50: number; p95: number; cpu: number }> {
  // Warm-up: the first call prepares the plan.
  await call();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const cpuStart = cpuMs();
    const res = await call();
    samples.push(performance.now() - start);
    cpu.push(cpuMs() - cpuStart);
    if (res.statusCode !== 200) throw new Error(`media bench: answered ${res.statusCode}`);
  }
  return { p50: p50(samples), p95: p95(samples), cpu: p50(cpu) };
}

async function measure(postgres: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'console-media-bench-'));
  const scratch = postgres ? await createScratchDatabase(postgresUrl(), 'console_media_bench') : null;
  const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir, durable: false });
  const config = readConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'error' });
  const { app } = await buildApp({ config, database });
  try {
    await seedIfEmpty(database.db, { adminEmail: 'admin@example.com', adminPassword: PASSWORD, demo: false });
    const { db } = database;
    await db.execute(
      sql`insert into brands (name, slug, sort_order) select 'Brand ' || n, 'brand-' || n, n from generate_series(1, 20) n`,
    );
    await db.execute(sql`
      insert into media (name, mime, size, width, height, sha256, storage_key, alt, tags, folder_id)
      select 'photo-' || n || '.jpg', 'image/jpeg', 100000 + n, 1920, 1080, md5(n::text) || md5((n + 1)::text),
        'media/' || md5(n::text) || md5((n + 1)::text), case when n % 3 = 0 then 'A car, view ' || n end,
        array['stock', 'view-' || (n % 50)], (select id from media_folders order by id limit 1 offset (n % 20))
      from generate_series(1, ${ITEMS}) n`);
    // Every tenth item is used by a few brands.
    await db.execute(sql`
      insert into media_uses (media_id, area, record_id)
      select m.id, 'brands', b.id from media m cross join (select id from brands order by id limit 3) b
      where m.id % 10 = 0`);
    // As PostgreSQL's autovacuum leaves a table after a bulk insert (and the seed does on PGlite,
    // which runs none): statistics, and the visibility map that lets a count read an index alone.
    await db.execute(sql`vacuum analyze media`);
    await db.execute(sql`vacuum analyze media_uses`);
    await db.execute(sql`vacuum analyze media_folders`);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
    const get = (url: string) => app.inject({ method: 'GET', url, headers });
    const used = (
      (await get('/api/media?search=photo-1230.jpg')).json() as { media: { data: { id: number }[] } }
    ).media.data[0]?.id;
    return {
      // The same server's answer about the signed-in user (one small statement): what the load
      // leaves of any call, to read the others against.
      baseline: await timed(() => get('/api/auth/me')),
      firstPage: await timed(() => get('/api/media')),
      search: await timed(() => get('/api/media?search=view%2017')),
      whereUsed: await timed(() => get(`/api/media/show/${used}`)),
    };
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
  }
}

export const mediaBenchmark: Benchmark = {
  name: 'media',
  description: `the media library with ${ITEMS} items: first page, search and where used`,
  async run() {
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(1))
        .join(' ');
    console.log(`load average ${load()}`);
    const pglite = await measure(false);
    console.log(`load average ${load()}`);
    const postgres = await measure(true);
    console.log(`load average ${load()}`);
    const budgets: Budget[] = [];
    for (const [db, figures] of Object.entries({ PGlite: pglite, PostgreSQL: postgres })) {
      for (const [name, f] of Object.entries(figures)) {
        console.log(
          `${db.padEnd(10)} ${name.padEnd(9)} p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, ` +
            `API process CPU ${f.cpu.toFixed(1)} ms`,
        );
      }
    }
    for (const [db, figures] of [
      ['PGlite', pglite],
      ['PostgreSQL', postgres],
    ] as const) {
      budgets.push(
        {
          label: `/media first page, 20,000 items, p95 (${db})`,
          actual: figures.firstPage.p95,
          limit: 50,
          unit: 'ms',
        },
        {
          label: `/media search, 20,000 items, p95 (${db})`,
          actual: figures.search.p95,
          limit: 50,
          unit: 'ms',
        },
        { label: `where used of an item, p95 (${db})`, actual: figures.whereUsed.p95, limit: 20, unit: 'ms' },
      );
    }
    return { result: { items: ITEMS, calls: CALLS, loadAverage: loadavg(), pglite, postgres }, budgets };
  },
};
