/**
 * The page tree at scale (design §7): 100,000 pages with one parent holding 10,000 children.
 * Every tree call is timed one at a time through the real app (routes, validation, JSON) and
 * must answer under 50 ms at p95; duplicating a subtree of 1,000 pages must take under 2 s.
 * Runs on PGlite, or on PostgreSQL when DATABASE_URL is set (in a scratch database of its own).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { pages } from '../server/db/schema/pages';
import { createScratchDatabase } from '../server/db/scratch';
import { seedIfEmpty } from '../server/db/seed/index';
import type { Benchmark, Budget } from './benchmark';

const PASSWORD = 'Bench-Password-123!';
const ROUNDS = 60;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

export const treeBenchmark: Benchmark = {
  name: 'tree',
  description: 'page tree calls on 100,000 pages (10,000 children under one parent)',
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'console-tree-bench-'));
    const postgres = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, 'console_tree_bench')
      : null;
    console.log(`Database: ${postgres ? 'PostgreSQL' : 'PGlite'}`);
    const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir, durable: false });
    const config = readConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'error' });
    const { app } = await buildApp({ config, database });
    try {
      console.log('Seeding the large tree...');
      const seeding = performance.now();
      await seedIfEmpty(database.db, {
        adminEmail: 'admin@example.com',
        adminPassword: PASSWORD,
        demo: true,
        size: 'large',
      });
      const seedMs = performance.now() - seeding;
      const [{ n: total } = { n: 0 }] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(pages);
      console.log(`${total} pages and forms, seeded in ${(seedMs / 1000).toFixed(1)} s`);

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@example.com', password: PASSWORD },
      });
      const token = (login.json() as { access_token: string }).access_token;
      const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
        const res = await app.inject({
          method,
          url: `/api/${url}`,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
        if (res.statusCode !== 200)
          throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
        return res.json() as Record<string, unknown>;
      };

      // The parent with the most children (the used stock) and a leaf to move about.
      const biggest = await database.db.execute(
        sql`select parent_id as id, count(*)::int as n from pages where parent_id is not null group by parent_id order by n desc limit 1`,
      );
      const big = (biggest as unknown as { rows: { id: number; n: number }[] }).rows[0]!;
      console.log(`Largest parent: #${big.id} with ${big.n} children`);
      const top = (await call('GET', 'pages/list')).data as { id: number; name: string }[];
      const offers = top.find((p) => p.name === 'Offers')!.id;
      const servicing = top.find((p) => p.name === 'Servicing')!.id;
      const bigChildren = (await call('GET', `pages/children?id=${big.id}&page=1&perPage=100`)).data as {
        id: number;
      }[];
      const mover = bigChildren[0]!.id;

      const timings: Record<string, number[]> = {};
      const time = async (name: string, work: (round: number) => Promise<unknown>) => {
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const start = performance.now();
          await work(round);
          samples.push(performance.now() - start);
        }
        timings[name] = samples;
      };

      await time('pages', () => call('GET', 'pages'));
      await time('pages/children (100 of 10,000)', (r) =>
        call('GET', `pages/children?id=${big.id}&page=${(r % 100) + 1}&perPage=100`),
      );
      await time('pages/children (small parent)', () => call('GET', `pages/children?id=${offers}`));
      await time('pages/list', () => call('GET', `pages/list?default=${offers}`));
      await time('pages/show', (r) =>
        call('GET', `pages/show?id=${bigChildren[r % bigChildren.length]!.id}`),
      );
      await time('pages/slug', (r) =>
        call('GET', `pages/slug?name=${encodeURIComponent(`Red Kia ${r}`)}&parent=${big.id}`),
      );
      await time('pages/search', (r) =>
        call('GET', `pages/search?search=${['story 2019', 'kia suv', 'leeds', 'mot'][r % 4]}`),
      );
      await time('pages/sort (in 10,000)', (r) =>
        call('POST', 'pages/sort', { data: [{ id: mover, index: ((r * 97) % big.n) + 1 }] }),
      );
      await time('pages/move', (r) =>
        call('POST', 'pages/move', { id: mover, parent: r % 2 === 0 ? offers : big.id }),
      );

      // A subtree of 1,000 pages: a section with 999 pages below it, copied whole.
      const [section] = await database.db
        .insert(pages)
        .values({
          name: 'Bench section',
          slug: 'bench-section',
          sortOrder: 1_000_000,
          isAllowedChildren: true,
        })
        .returning({ id: pages.id });
      await database.db.insert(pages).values(
        Array.from({ length: 999 }, (_, i) => ({
          name: `Bench page ${i + 1}`,
          slug: `bench-section/bench-page-${i + 1}`,
          parentId: section!.id,
          sortOrder: i + 1,
        })),
      );
      const duplicating = performance.now();
      await call('POST', 'pages/duplicate', {
        id: section!.id,
        parent: servicing,
        fields: { name: 'Bench section copy', children: true },
      });
      const duplicateMs = performance.now() - duplicating;

      const figures = Object.fromEntries(
        Object.entries(timings).map(([name, samples]) => [name, p95(samples)]),
      );
      for (const [name, value] of Object.entries(figures))
        console.log(`${name.padEnd(34)} p95 ${value.toFixed(1)} ms`);
      console.log(`${'pages/duplicate (1,000 pages)'.padEnd(34)} ${duplicateMs.toFixed(0)} ms`);
      const budgets: Budget[] = [
        ...Object.entries(figures).map(([name, value]) => ({
          label: `${name} p95`,
          actual: value,
          limit: 50,
          unit: 'ms' as const,
        })),
        { label: 'pages/duplicate of 1,000 pages', actual: duplicateMs, limit: 2000, unit: 'ms' },
        { label: 'pages in the large tree', actual: total, limit: 100_000, unit: 'ratio', atLeast: true },
        {
          label: 'children of the largest parent',
          actual: big.n,
          limit: 10_000,
          unit: 'ratio',
          atLeast: true,
        },
      ];
      return {
        result: {
          database: postgres ? 'postgres' : 'pglite',
          pages: total,
          seedMs,
          p95: figures,
          duplicateMs,
        },
        budgets,
      };
    } finally {
      await app.close();
      await database.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
