/**
 * The delivery API at scale (design §7 website side): `site/pages` by path on the 100,000-page
 * tree (10,000 children under one parent) under 10 ms at p95, and a 304 revalidation under 3 ms.
 * Timed one request at a time through the real app (routes, validation, JSON, ETag). Runs on
 * PGlite, or on PostgreSQL when DATABASE_URL is set (in a scratch database of its own).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { createScratchDatabase } from '../server/db/scratch';
import { seedIfEmpty } from '../server/db/seed/index';
import type { Benchmark } from './benchmark';

const ROUNDS = 200;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

export const deliveryBenchmark: Benchmark = {
  name: 'delivery',
  description: 'delivery API: site/pages by path and 304 revalidation on 100,000 pages',
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'console-site-bench-'));
    const postgres = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, 'console_site_bench')
      : null;
    const databaseKind = postgres ? 'postgres' : 'pglite';
    console.log(`Database: ${databaseKind}`);
    const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir, durable: false });
    const config = readConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'error' });
    const { app } = await buildApp({ config, database });
    try {
      console.log('Seeding the large tree...');
      await seedIfEmpty(database.db, {
        adminEmail: 'admin@example.com',
        adminPassword: 'Bench-Password-123!',
        demo: true,
        size: 'large',
      });
      // Pages under the parent with the most children, whose whole way up is published.
      const found = await database.db.execute(sql`
        with big as (
          select parent_id from pages where parent_id is not null and deleted_at is null
          group by parent_id order by count(*) desc limit 1
        )
        select p.slug from pages p join big on p.parent_id = big.parent_id
        where p.published and p.deleted_at is null and (p.published_at is null or p.published_at <= now())
        order by p.id limit ${ROUNDS}`);
      const slugs = (found as unknown as { rows: { slug: string }[] }).rows.map((r) => r.slug);
      if (slugs.length === 0) throw new Error('No published page under the largest parent');
      const get = (path: string, headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url: `/api/site/pages?path=${encodeURIComponent(path)}`, headers });

      const full: number[] = [];
      const revalidated: number[] = [];
      const tags = new Map<string, string>();
      // One pass to warm up, then the timed passes.
      for (const slug of slugs.slice(0, 20)) await get(`/${slug}`);
      for (let i = 0; i < ROUNDS; i++) {
        const path = `/${slugs[i % slugs.length]}`;
        const started = performance.now();
        const res = await get(path);
        full.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
        tags.set(path, String(res.headers.etag));
      }
      for (let i = 0; i < ROUNDS; i++) {
        const path = `/${slugs[i % slugs.length]}`;
        const started = performance.now();
        const res = await get(path, { 'if-none-match': tags.get(path)! });
        revalidated.push(performance.now() - started);
        if (res.statusCode !== 304) throw new Error(`${path} revalidated with ${res.statusCode}`);
      }
      const pagesP95 = p95(full);
      const notModifiedP95 = p95(revalidated);
      console.log(
        `site/pages by path p95 ${pagesP95.toFixed(2)} ms; 304 revalidation p95 ${notModifiedP95.toFixed(2)} ms`,
      );
      return {
        result: { database: databaseKind, rounds: ROUNDS, pagesP95, notModifiedP95 },
        budgets: [
          { label: `site/pages by path p95 (${databaseKind})`, actual: pagesP95, limit: 10, unit: 'ms' },
          {
            label: `site/pages 304 revalidation p95 (${databaseKind})`,
            actual: notModifiedP95,
            limit: 3,
            unit: 'ms',
          },
        ],
      };
    } finally {
      await app.close();
      await database.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
