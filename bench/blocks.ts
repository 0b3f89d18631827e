/**
 * Saving a long page (design §7): a page of 300 blocks of every page block type is checked
 * against the catalogue (the editor's schema) and saved through the real app, 40 times over.
 * The check alone must take under 20 ms at p95, the whole pages/update call under 150 ms.
 * Runs on PGlite, or on PostgreSQL when DATABASE_URL is set (in a scratch database of its own).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { brands } from '../server/db/schema/brands';
import { createScratchDatabase } from '../server/db/scratch';
import { seedIfEmpty } from '../server/db/seed/index';
import { DEMO_TEMPLATES } from '../server/db/seed/templates';
import { checkBlocks } from '../server/domain/blocks';
import type { Benchmark } from './benchmark';

const PASSWORD = 'Bench-Password-123!';
const ROUNDS = 40;
const BLOCKS = 300;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

export const blocksBenchmark: Benchmark = {
  name: 'blocks',
  description: `checking and saving a page of ${BLOCKS} blocks`,
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'console-blocks-bench-'));
    const postgres = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, 'console_blocks_bench')
      : null;
    console.log(`Database: ${postgres ? 'PostgreSQL' : 'PGlite'}`);
    const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir, durable: false });
    const config = readConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'error' });
    const { app } = await buildApp({ config, database });
    try {
      await seedIfEmpty(database.db, {
        adminEmail: 'admin@example.com',
        adminPassword: PASSWORD,
        demo: false,
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@example.com', password: PASSWORD },
      });
      const token = (login.json() as { access_token: string }).access_token;
      const post = (url: string, payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });

      const [brand] = await database.db
        .insert(brands)
        .values({ name: 'Kia', slug: 'kia' })
        .returning({ id: brands.id });
      const kinds = DEMO_TEMPLATES.flatMap((t) => t.items);
      const items = Array.from({ length: BLOCKS }, (_, i) => kinds[i % kinds.length]!);
      const data = {
        name: 'Long page',
        slug: 'long-page',
        brand_id: brand!.id,
        meta: { title: 'Long page', description: 'A page of many blocks.' },
        items,
      };

      // Warmed up first, as a running server is: the first calls compile the schemas' code.
      for (let round = 0; round < 10; round++) checkBlocks({ items });
      const checks: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const start = performance.now();
        checkBlocks({ items });
        checks.push(performance.now() - start);
      }

      const stored = await post('/api/pages/store', { data, parent: null });
      if (stored.statusCode !== 200) throw new Error(`pages/store: ${stored.statusCode} ${stored.body}`);
      const id = (stored.json() as { id: number }).id;
      for (let round = 0; round < 5; round++) await post('/api/pages/update', { id, data });
      const saves: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const start = performance.now();
        const res = await post('/api/pages/update', { id, data });
        saves.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`pages/update: ${res.statusCode} ${res.body}`);
      }
      const check = p95(checks);
      const save = p95(saves);
      console.log(`check p95 ${check.toFixed(1)} ms, pages/update p95 ${save.toFixed(1)} ms`);
      return {
        result: { blocks: BLOCKS, rounds: ROUNDS, check_p95_ms: check, update_p95_ms: save },
        budgets: [
          { label: `check of ${BLOCKS} blocks, p95`, actual: check, limit: 20, unit: 'ms' },
          { label: `pages/update of ${BLOCKS} blocks, p95`, actual: save, limit: 150, unit: 'ms' },
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
