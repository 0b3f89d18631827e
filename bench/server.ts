/** Starting the real server for a benchmark: its own process, data directory and (optionally) database. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase } from '../server/db/scratch';
import { portOfListeningLine } from '../server/listening';

export const root = resolve(import.meta.dirname, '..');
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Bench-Password-123!';

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
    // A start on two cores that other work keeps busy has taken over two minutes. A server that does
    // not start is stopped, so a failed run leaves nothing behind.
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      fail(new Error(`${args[0]} did not start within 300 s`));
    }, 300_000);
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

/**
 * The CPU time a process has used so far (user and system), in ms, from /proc (null where it cannot
 * tell): what a request costs, read over a run as the difference, means something on a busy machine
 * where requests per second do not.
 */
export async function cpuMsOf(child: ChildProcess): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8');
    // After the command's name in parentheses: utime and stime are fields 14 and 15, in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
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
  /** The server process's resident memory now, in MB (null where /proc cannot tell). */
  memoryMb(): Promise<number | null>;
  /** The server process's CPU time so far, in ms (see cpuMsOf). */
  cpuMs(): Promise<number | null>;
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
      const { child, line } = await startListening(
        ['server/main.ts'],
        {
          ...env,
          PORT: '0',
          // BENCH_CONSOLE_DIR serves another build, e.g. `vite build --minify false` to read a profile.
          CONSOLE_DIR: startOptions.console ? process.env.BENCH_CONSOLE_DIR || join(root, 'dist') : '',
          ...(startOptions.databaseUrl ? { DATABASE_URL: startOptions.databaseUrl } : {}),
        },
        startOptions.nodeArgs,
      );
      const base = `http://127.0.0.1:${portOfListeningLine(line)}`;
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
        async memoryMb() {
          try {
            const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
            const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
            return kb ? Number(kb) / 1024 : null;
          } catch {
            return null;
          }
        },
        cpuMs: () => cpuMsOf(child),
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
