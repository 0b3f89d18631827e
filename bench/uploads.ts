/**
 * 200 photographs uploaded in one batch as the console sends them (one request each, in turn, over
 * HTTP), into a running API whose renditions jobs work meanwhile: every upload must be stored
 * (goal: no failed upload), with each upload's time and how much the API's memory grew. On PGlite
 * and on PostgreSQL (DATABASE_URL, or the local server, in a scratch database of its own).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { createScratchDatabase } from '../server/db/scratch';
import { seedIfEmpty } from '../server/db/seed/index';
import type { Benchmark, Budget } from './benchmark';
import { syntheticPhoto } from './photos';
import { postgresUrl } from './server';

const PASSWORD = 'Bench-Password-123!';
const PHOTOS = 200;
const MB = 1024 * 1024;

/**
 * The same photograph with a comment of its own after the JPEG's start marker: other bytes (so
 * another library item), the same pixels (so the same work for the pipeline).
 */
function numbered(photo: Buffer, n: number): Buffer {
  const text = Buffer.from(`photo ${n}`, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([photo.subarray(0, 2), segment, text, photo.subarray(2)]);
}

const percentile = (samples: number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
};

async function measure(photo: Buffer, postgres: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'console-uploads-bench-'));
  const scratch = postgres ? await createScratchDatabase(postgresUrl(), 'console_uploads_bench') : null;
  const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir, durable: false });
  const config = readConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'error' });
  const { app } = await buildApp({ config, database });
  try {
    await seedIfEmpty(database.db, { adminEmail: 'admin@example.com', adminPassword: PASSWORD, demo: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    const renderedBefore = app.renderer.rendered;
    const times: number[] = [];
    const failures: string[] = [];
    const start = performance.now();
    for (let n = 1; n <= PHOTOS; n++) {
      const body = new FormData();
      body.append(
        'files[]',
        new Blob([new Uint8Array(numbered(photo, n))], { type: 'image/jpeg' }),
        `photo-${n}.jpg`,
      );
      const sent = performance.now();
      const res = await fetch(`${base}/api/media/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      const answer = (await res.json()) as { data?: { error: string | null; duplicate: boolean }[] };
      times.push(performance.now() - sent);
      const item = answer.data?.[0];
      if (res.status !== 200 || !item || item.error || item.duplicate) {
        failures.push(`photo ${n}: ${res.status} ${item?.error ?? JSON.stringify(answer).slice(0, 200)}`);
      }
    }
    const totalMs = performance.now() - start;
    clearInterval(sampler);
    return {
      failed: failures.length,
      failures: failures.slice(0, 5),
      totalMs,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      rssGrowthMb: (rssPeak - rssBefore) / MB,
      renditionsMeanwhile: app.renderer.rendered - renderedBefore,
    };
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const uploadsBenchmark: Benchmark = {
  name: 'uploads',
  description: `${PHOTOS} photographs (24 MP) uploaded in one batch while their renditions are made`,
  async run() {
    console.log('Drawing a 24-megapixel photograph...');
    const photo = await syntheticPhoto(6000, 4000, 31);
    const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    const budgets: Budget[] = [];
    for (const [db, postgres] of [
      ['PGlite', false],
      ['PostgreSQL', true],
    ] as const) {
      console.log(
        `${db}: load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
      );
      const r = await measure(photo, postgres);
      results[db] = r;
      console.log(
        `${db.padEnd(10)} ${PHOTOS} uploads in ${(r.totalMs / 1000).toFixed(1)} s, each p50 ${r.p50.toFixed(0)} ms, ` +
          `p95 ${r.p95.toFixed(0)} ms; ${r.failed} failed; RSS +${r.rssGrowthMb.toFixed(0)} MB; ` +
          `${r.renditionsMeanwhile} renditions made meanwhile`,
      );
      for (const failure of r.failures) console.log(`  ${failure}`);
      budgets.push({
        label: `Failed uploads of ${PHOTOS} in one batch (${db})`,
        actual: r.failed,
        limit: 0,
        unit: 'count',
      });
    }
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    return { result: { photos: PHOTOS, photoBytes: photo.length, ...results }, budgets };
  },
};
