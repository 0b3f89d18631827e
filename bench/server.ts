/** Starting the real server for a benchmark: its own process, data directory and (optionally) database. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase } from '../server/db/scratch';

export const root = resolve(import.meta.dirname, '..');
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Bench-Password-123!';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/** Starts `node --import tsx <args>` and resolves once it prints `Listening on ...` (that line too). */
export function startListening(
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; line: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => fail(new Error(`${args[0]} did not start within 120 s`)), 120_000);
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const line = /Listening on [^\n]*/.exec(printed)?.[0];
      if (line) {
        clearTimeout(timer);
        done({ child, line });
      }
    });
    child.once('exit', (code) => fail(new Error(`${args[0]} exited with ${code}`)));
  });
}

/** Stops a process started by `startListening`, waiting for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

export interface BenchServer {
  base: string;
  /** A fresh access token for the first admin. */
  token(): Promise<string>;
  stop(): Promise<void>;
}

export interface BenchData {
  /** The scratch PostgreSQL database's URL, when the data lives in PostgreSQL. */
  databaseUrl: string | null;
  /** Starts a server on the data; `databaseUrl` reaches the same database another way (a proxy). */
  start(options?: {
    console?: boolean;
    databaseUrl?: string;
    /** Options for the server's node, e.g. `--cpu-prof` to profile it. */
    nodeArgs?: string[];
  }): Promise<BenchServer>;
  drop(): Promise<void>;
}

export interface DataOptions {
  /** A PostgreSQL server to make a scratch database on; PGlite without one. */
  postgresUrl?: string | null;
  size?: 'normal' | 'large';
}

/** A seeded data set (data directory, and scratch database on PostgreSQL) that servers can start on. */
export async function seedBenchData(options: DataOptions = {}): Promise<BenchData> {
  const dataDir = await mkdtemp(join(tmpdir(), 'console-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
  };
  const postgres = options.postgresUrl
    ? await createScratchDatabase(options.postgresUrl, 'console_bench')
    : null;
  if (postgres) env.DATABASE_URL = postgres.url;
  else delete env.DATABASE_URL;
  console.log(
    `Database: ${postgres ? 'PostgreSQL' : 'PGlite'}; seeding the ${options.size ?? 'normal'} data set...`,
  );
  await runScript(['server/db/seed/cli.ts', '--size', options.size ?? 'normal'], env);
  return {
    databaseUrl: postgres?.url ?? null,
    async start(startOptions = {}) {
      const port = await freePort();
      const { child } = await startListening(
        ['server/main.ts'],
        {
          ...env,
          PORT: String(port),
          // BENCH_CONSOLE_DIR serves another build, e.g. `vite build --minify false` to read a profile.
          CONSOLE_DIR: startOptions.console ? process.env.BENCH_CONSOLE_DIR || join(root, 'dist') : '',
          ...(startOptions.databaseUrl ? { DATABASE_URL: startOptions.databaseUrl } : {}),
        },
        startOptions.nodeArgs,
      );
      const base = `http://127.0.0.1:${port}`;
      return {
        base,
        async token() {
          const res = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
          });
          if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
          return ((await res.json()) as { access_token: string }).access_token;
        },
        stop: () => stopProcess(child),
      };
    },
    async drop() {
      await rm(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}

/** PostgreSQL for the benchmarks that need it: DATABASE_URL, or the local server. */
export const postgresUrl = (): string =>
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
