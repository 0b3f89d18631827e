import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@server/db/open';
import { exports, users } from '@server/db/schema';
import { createScratchDatabase, type ScratchDatabase } from '@server/db/scratch';
import { seedVehicles } from '@server/db/seed/vehicles';
import { hashPassword } from '@server/domain/auth/passwords';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKind } from './harness';
import { callProcess, followJob, serverProcesses, signInTo } from './process-calls';
import type { ServerProcess } from './server-process';
import { type SmtpCatcher, startSmtp } from './smtp';

const VEHICLES = 15_000;

let dataDir: string;
let scratch: ScratchDatabase | null = null;
let smtp: SmtpCatcher;
let env: Record<string, string>;
const servers = serverProcesses(() => env);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'console-restart-'));
  const pgUrl = process.env.DATABASE_URL;
  scratch = pgUrl ? await createScratchDatabase(pgUrl, 'console_restart') : null;
  const database = await openDatabase({
    databaseUrl: scratch?.url ?? null,
    dataDir: scratch ? null : dataDir,
  });
  await database.db
    .insert(users)
    .values({ name: ADMIN.name, email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
  await seedVehicles(database.db, VEHICLES);
  await database.close();
  smtp = await startSmtp();
  env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    SEED: '0',
    CONSOLE_DIR: '',
    LOG_LEVEL: 'error',
    // On PostgreSQL a job of a dead process is taken over once it expires (pg-boss also stops waiting
    // for a handler then): short here, yet longer than this export takes.
    ...(scratch ? { DATABASE_URL: scratch.url, JOB_EXPIRE_SECONDS: '20' } : {}),
  };
}, 120_000);

afterAll(async () => {
  await servers.stopAll();
  await smtp?.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Progress {
  status: string;
  rows_done: number;
  mailed: boolean;
}

const follow = (server: ServerProcess, token: string, id: number, done: (p: Progress) => boolean) =>
  followJob<Progress>(server, token, `exports/${id}`, done);

describe(`an export when the server is killed (${databaseKind})`, () => {
  it('finishes after a restart and mails the file exactly once', async () => {
    const first = await servers.start();
    let token = await signInTo(first);
    const queued = await callProcess(first, 'vehicles/export', {
      token,
      body: { name: 'vehicles', email: 'stock@example.com' },
    });
    expect(queued.status).toBe(200);
    const id = queued.json.export_id as number;

    const midway = await follow(first, token, id, (p) => p.rows_done > 0);
    await servers.kill(first);
    expect(midway.status).toBe('running');
    expect(midway.rows_done).toBeLessThan(VEHICLES);
    expect(smtp.received).toHaveLength(0);

    const second = await servers.start();
    try {
      token = await signInTo(second);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['stock@example.com']);
      const finished = await follow(second, token, id, (p) => p.status === 'done');
      expect(finished, JSON.stringify(finished)).toMatchObject({ rows_done: VEHICLES, mailed: true });
    } finally {
      await servers.stop(second);
    }

    // Nothing is left to run again: the queue holds the job as completed, after two attempts.
    const database = await openDatabase({
      databaseUrl: scratch?.url ?? null,
      dataDir: scratch ? null : dataDir,
    });
    try {
      const jobs = await database.query(`SELECT state FROM pgboss.job WHERE name = 'export'`);
      expect(jobs.rows.map((row) => row.state)).toEqual(['completed']);
      const [record] = await database.db.select().from(exports).where(eq(exports.id, id));
      expect(record).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await database.close();
    }
    expect(smtp.received).toHaveLength(1);
  }, 240_000);
});
