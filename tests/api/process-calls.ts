import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@server/db/open';
import { users } from '@server/db/schema/users';
import { createScratchDatabase, type ScratchDatabase } from '@server/db/scratch';
import { hashPassword } from '@server/domain/auth/passwords';
import { afterAll, beforeAll } from 'vitest';
import { GROUP_ADMINISTRATOR } from '@/shared/access';
import { roleNamed } from '../../server/domain/access/roleNamed';
import { ADMIN, pgliteSnapshot } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';
import { type SmtpCatcher, startSmtp } from './smtp';

export interface ProcessAnswer {
  status: number;
  json: Record<string, unknown>;
}

/** Calls the API of a server running as its own process: JSON, or multipart when `form` is given. */
export async function callProcess(
  server: ServerProcess,
  path: string,
  init: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<ProcessAnswer> {
  const post = init.body !== undefined || init.form !== undefined;
  const res = await fetch(`${server.baseURL}/api/${path}`, {
    method: post ? 'POST' : 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

export async function signInTo(server: ServerProcess): Promise<string> {
  const res = await callProcess(server, 'auth/login', {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  return res.json.access_token as string;
}

/** Reads a job's progress until `done` says it has got far enough; each answer is the server's own record. */
export async function followJob<P>(
  server: ServerProcess,
  token: string,
  path: string,
  done: (progress: P) => boolean,
): Promise<P> {
  for (;;) {
    const res = await callProcess(server, path, { token });
    const progress = res.json.data as P;
    if (done(progress)) return progress;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Servers started as processes by one test file, so that a failed test leaves none running. */
export function serverProcesses(env: () => Record<string, string>) {
  const started: ServerProcess[] = [];
  return {
    async start(): Promise<ServerProcess> {
      const server = await startServerProcess(env());
      started.push(server);
      return server;
    },
    /** kill -9: no shutdown hook runs, as when the machine loses power. */
    async kill(server: ServerProcess): Promise<void> {
      server.child.kill('SIGKILL');
      await server.exited;
    },
    async stop(server: ServerProcess): Promise<void> {
      server.child.kill('SIGTERM');
      await server.exited;
    },
    async stopAll(): Promise<void> {
      for (const server of started) {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
        await server.exited;
      }
    },
  };
}

/**
 * Data of a test file's own for servers started as processes: a folder (PGlite), or a scratch database
 * when DATABASE_URL is set, holding the admin and what `seed` adds; a mail catcher; and the servers,
 * all gone after the file. `name` tells the folder and database apart from other files'.
 */
export function processFixture(
  name: string,
  seed: (db: Database['db']) => Promise<unknown>,
  extraEnv: Record<string, string> = {},
) {
  let dataDir: string;
  let scratch: ScratchDatabase | null = null;
  let smtp: SmtpCatcher | undefined;
  let env: Record<string, string>;
  const servers = serverProcesses(() => env);
  const openData = () =>
    openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: scratch ? null : dataDir });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `console-${name.replaceAll('_', '-')}-`));
    scratch = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, `console_${name}`)
      : null;
    // On PGlite the folder starts from the run's migrated database, as an in-memory test database
    // does: migrating one from nothing took seconds of CPU per file.
    const database = scratch
      ? await openData()
      : await openDatabase({ dataDir, pgliteSnapshot: pgliteSnapshot() });
    await database.db.insert(users).values({
      name: ADMIN.name,
      email: ADMIN.email,
      passwordHash: await hashPassword(ADMIN.password),
      roleId: roleNamed(GROUP_ADMINISTRATOR),
    });
    await seed(database.db);
    await database.close();
    smtp = await startSmtp();
    env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SEED: '0',
      CONSOLE_DIR: '',
      LOG_LEVEL: 'error',
      // On PostgreSQL a job of a dead process is taken over once it expires (pg-boss also stops waiting
      // for a handler then): short here, yet longer than a test's job takes.
      ...(scratch ? { DATABASE_URL: scratch.url, JOB_EXPIRE_SECONDS: '20' } : {}),
      ...extraEnv,
    };
    // Beside the browser tests, at the lower priority the run gives this lane, a fresh database
    // migrated from nothing once took over two minutes on PGlite.
  }, 300_000);

  afterAll(async () => {
    await servers.stopAll();
    await smtp?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const started = (): SmtpCatcher => {
    if (!smtp) throw new Error('the mail catcher starts before the first test');
    return smtp;
  };
  /** The mail catcher, started before the file's first test. */
  const mail: Pick<SmtpCatcher, 'received' | 'waitFor'> = {
    get received() {
      return started().received;
    },
    waitFor: (count) => started().waitFor(count),
  };
  return { servers, openData, smtp: mail };
}
