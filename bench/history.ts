/**
 * History (issue: revisions and the activity log). A page of 300 blocks saved 1,000 times through
 * the API, one block edited each time: its history (revisions and their stored blocks) must stay
 * within 50 times the page's own row. And the activity list on 100,000 entries, with and without
 * filters and deep pages: p95 under 50 ms on PGlite and on PostgreSQL (DATABASE_URL, or the local
 * server, in a scratch database of its own).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { type Database, openDatabase } from '../server/db/open';
import { brands } from '../server/db/schema/brands';
import { createScratchDatabase } from '../server/db/scratch';
import { seedIfEmpty } from '../server/db/seed/index';
import { DEMO_TEMPLATES } from '../server/db/seed/templates';
import type { Benchmark, Budget } from './benchmark';
import { postgresUrl } from './server';

const PASSWORD = 'Bench-Password-123!';
const BLOCKS = 300;
const SAVES = Number(process.env.HISTORY_SAVES) || 1000;
const ENTRIES = 100_000;
const CALLS = 40;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

const numberOf = async (database: Database, query: ReturnType<typeof sql>) => {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
};

/** One app on its own database; `postgres` picks a scratch PostgreSQL database over PGlite. */
async function openApp(postgres: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'console-history-bench-'));
  const scratch = postgres ? await createScratchDatabase(postgresUrl(), 'console_history_bench') : null;
  const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir, durable: false });
  const config = readConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'error' });
  const { app } = await buildApp({ config, database });
  await seedIfEmpty(database.db, { adminEmail: 'admin@example.com', adminPassword: PASSWORD, demo: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: PASSWORD },
  });
  const token = (login.json() as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    database,
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, payload, headers }),
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The page saved SAVES times, one block renamed each time; the history's bytes against the row's. */
async function historySize() {
  const app = await openApp(false);
  try {
    const [brand] = await app.database.db
      .insert(brands)
      .values({ name: 'Kia', slug: 'kia' })
      .returning({ id: brands.id });
    const kinds = DEMO_TEMPLATES.flatMap((t) => t.items) as { name: string }[];
    const items = Array.from({ length: BLOCKS }, (_, i) => ({
      ...kinds[i % kinds.length]!,
      name: `Block ${i}`,
    }));
    const data = {
      name: 'Long page',
      slug: 'long-page',
      brand_id: brand!.id,
      meta: { title: 'Long page', description: 'A page of many blocks.' },
      items,
    };
    const stored = await app.post('/api/pages/store', { data, parent: null });
    if (stored.statusCode !== 200) throw new Error(`pages/store: ${stored.statusCode} ${stored.body}`);
    const id = (stored.json() as { id: number }).id;
    const started = performance.now();
    for (let n = 0; n < SAVES; n++) {
      items[n % BLOCKS] = { ...items[n % BLOCKS]!, name: `Block ${n % BLOCKS}, edit ${n}` };
      const res = await app.post('/api/pages/update', { id, data: { ...data, items } });
      if (res.statusCode !== 200) throw new Error(`pages/update: ${res.statusCode} ${res.body}`);
    }
    const perSave = (performance.now() - started) / SAVES;
    const row = await numberOf(
      app.database,
      sql`select pg_column_size(p.*) as n from pages p where id = ${id}`,
    );
    const revisions = await numberOf(
      app.database,
      sql`select coalesce(sum(pg_column_size(r.*)), 0) as n from revisions r where area = 'pages' and record = ${String(id)}`,
    );
    const blocks = await numberOf(
      app.database,
      sql`select coalesce(sum(pg_column_size(b.*)), 0) as n from revision_blocks b where area = 'pages' and record = ${String(id)}`,
    );
    const kept = await numberOf(
      app.database,
      sql`select count(*) as n from revisions where area = 'pages' and record = ${String(id)}`,
    );
    console.log(
      `${SAVES} saves (${perSave.toFixed(1)} ms each): page row ${row} B, ${kept} revisions ${revisions} B + blocks ${blocks} B`,
    );
    return { row, revisions, blocks, kept, ratio: (revisions + blocks) / row, perSave };
  } finally {
    await app.close();
  }
}

/** The activity list on ENTRIES entries: the first page, filtered pages and a deep page. */
async function activityP95(postgres: boolean): Promise<number> {
  const app = await openApp(postgres);
  try {
    await app.database.db.execute(sql`
      insert into activity (created_at, user_id, user_name, area, action, record_id, record_name)
      select now() - (g || ' seconds')::interval, 1 + g % 7, 'User ' || (1 + g % 7),
        (array['pages','brands','dealerships','forms','users','auth'])[1 + g % 6],
        (array['created','updated','deleted','published','signed_in'])[1 + g % 5],
        g, 'Record ' || g
      from generate_series(1, ${ENTRIES}) g`);
    // As the seed does after its bulk data: PGlite runs no autovacuum, so the visibility map that
    // lets counts read the index alone is set here, as PostgreSQL's autovacuum would set it.
    await app.database.db.execute(sql`vacuum analyze activity`);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const urls = [
      '/api/activity?page=1',
      '/api/activity?page=1&user=3',
      '/api/activity?page=1&area=brands',
      '/api/activity?page=1&action=deleted',
      '/api/activity?page=1&user=3&area=pages',
      `/api/activity?page=1&from=${day}&to=${day}`,
      '/api/activity?page=200',
    ];
    for (const url of urls) await app.get(url);
    const samples: number[] = [];
    const byUrl = new Map<string, number[]>(urls.map((url) => [url, []]));
    for (let round = 0; round < CALLS; round++) {
      for (const url of urls) {
        const start = performance.now();
        const res = await app.get(url);
        const took = performance.now() - start;
        samples.push(took);
        byUrl.get(url)!.push(took);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      }
    }
    for (const [url, times] of byUrl)
      console.log(`  ${url.replace('/api/activity?', '')}: p95 ${p95(times).toFixed(1)} ms`);
    const result = p95(samples);
    console.log(
      `activity list on ${ENTRIES} entries (${postgres ? 'PostgreSQL' : 'PGlite'}): p95 ${result.toFixed(1)} ms`,
    );
    return result;
  } finally {
    await app.close();
  }
}

export const historyBenchmark: Benchmark = {
  name: 'history',
  description: `history of a ${BLOCKS}-block page saved ${SAVES} times, and the activity list on ${ENTRIES} entries`,
  async run() {
    const size = await historySize();
    const pglite = await activityP95(false);
    const postgres = await activityP95(true);
    const budgets: Budget[] = [
      {
        label: `history of a ${BLOCKS}-block page saved ${SAVES} times, times the page`,
        actual: size.ratio,
        limit: 50,
        unit: 'ratio',
      },
      { label: 'activity list on 100,000 entries, p95 (PGlite)', actual: pglite, limit: 50, unit: 'ms' },
      {
        label: 'activity list on 100,000 entries, p95 (PostgreSQL)',
        actual: postgres,
        limit: 50,
        unit: 'ms',
      },
    ];
    return {
      result: {
        blocks: BLOCKS,
        saves: SAVES,
        page_row_bytes: size.row,
        revisions_kept: size.kept,
        revision_bytes: size.revisions,
        block_bytes: size.blocks,
        history_times_page: size.ratio,
        save_ms_mean: size.perSave,
        activity_entries: ENTRIES,
        activity_p95_ms_pglite: pglite,
        activity_p95_ms_postgres: postgres,
      },
      budgets,
    };
  },
};
