/**
 * API throughput and latency: an authenticated, searched, paged list call against a bare
 * route of the same server, on a large data set (design §7: lists under 50 ms at p95, and at
 * least a quarter of a bare route's throughput). The server runs in its own process, as in
 * production; the load comes from this one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../server/db/scratch';
import type { Benchmark } from './benchmark';

const root = resolve(import.meta.dirname, '..');
const PASSWORD = 'Bench-Password-123!';
const SECONDS = 5;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => fail(new Error('the server did not start within 120 s')), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Listening on')) {
        clearTimeout(timer);
        done(child);
      }
    });
    child.once('exit', (code) => fail(new Error(`the server exited with ${code}`)));
  });
}

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
    const dataDir = await mkdtemp(join(tmpdir(), 'console-bench-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: PASSWORD,
      CONSOLE_DIR: '',
      LOG_LEVEL: 'error',
    };
    // With DATABASE_URL the bench runs on PostgreSQL, in a database of its own.
    const postgres = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, 'console_bench')
      : null;
    if (postgres) env.DATABASE_URL = postgres.url;
    else delete env.DATABASE_URL;
    console.log(`Database: ${postgres ? 'PostgreSQL' : 'PGlite'}`);
    console.log('Seeding the large data set...');
    await run(['server/db/seed/cli.ts', '--size', 'large'], env);
    const server = await startServer(env);
    try {
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };

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
            label: 'authenticated list throughput / bare route',
            actual: list.requestsPerSecond / bare.requestsPerSecond,
            limit: 0.25,
            unit: 'ratio',
            atLeast: true,
          },
          {
            label: 'failed requests',
            actual: bare.errors + list.errors + listLatency.errors + searchLatency.errors,
            limit: 0,
            unit: 'ratio',
          },
        ],
      };
    } finally {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
      await rm(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  },
};
