/**
 * API latency: an authenticated, searched, paged list call on a large data set (design §7:
 * lists under 50 ms at p95), with a bare route's figures beside it for scale. The server runs in
 * its own process, as in production; the load comes from this one. What the API costs over its
 * own SQL is measured on PostgreSQL (bench/postgres.ts).
 */
import autocannon from 'autocannon';
import type { Benchmark } from './benchmark';
import { seedBenchData } from './server';

const SECONDS = 5;

/** Latency is read with one client at a time; throughput with ten at once. */
async function load(url: string, headers: Record<string, string> = {}, connections = 10) {
  const result = await autocannon({ url, headers, connections, duration: SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP97_5: result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

export const apiBenchmark: Benchmark = {
  name: 'api',
  description: 'authenticated list calls on a large data set against a bare route',
  async run() {
    // With DATABASE_URL the bench runs on PostgreSQL, in a database of its own.
    const data = await seedBenchData({ postgresUrl: process.env.DATABASE_URL || null, size: 'large' });
    const postgres = data.databaseUrl;
    const server = await data.start();
    try {
      const base = server.base;
      const auth = { authorization: `Bearer ${await server.token()}`, accept: 'application/json' };

      const bare = await load(`${base}/api/health`);
      const list = await load(`${base}/api/users?page=3`, auth);
      const listLatency = await load(`${base}/api/users?page=3`, auth, 1);
      const searchLatency = await load(`${base}/api/users?search=smith&page=2`, auth, 1);
      for (const [name, figures] of Object.entries({ bare, list, listLatency, searchLatency })) {
        console.log(
          `${name.padEnd(13)} ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.latencyP50} ms, p97.5 ${figures.latencyP97_5} ms, ${figures.errors} errors`,
        );
      }
      return {
        result: {
          database: postgres ? 'postgres' : 'pglite',
          seconds: SECONDS,
          bare,
          list,
          listLatency,
          searchLatency,
        },
        budgets: [
          { label: 'users list p97.5 latency', actual: listLatency.latencyP97_5, limit: 50, unit: 'ms' },
          { label: 'users search p97.5 latency', actual: searchLatency.latencyP97_5, limit: 50, unit: 'ms' },
          {
            label: 'failed requests',
            actual: bare.errors + list.errors + listLatency.errors + searchLatency.errors,
            limit: 0,
            unit: 'ratio',
          },
        ],
      };
    } finally {
      await server.stop();
      await data.drop();
    }
  },
};
