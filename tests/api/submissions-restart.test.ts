import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@server/db/open';
import { outboundMails } from '@server/db/schema/mail';
import { pages } from '@server/db/schema/pages';
import { responses } from '@server/db/schema/responses';
import { createScratchDatabase, type ScratchDatabase } from '@server/db/scratch';
import { enquiryFormRow } from '@server/db/seed/forms';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';
import { type SmtpCatcher, startSmtp } from './smtp';

let dataDir: string;
let scratch: ScratchDatabase | null = null;
let smtp: SmtpCatcher;
let env: Record<string, string>;
const started: ServerProcess[] = [];

const openTestDatabase = () =>
  openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: scratch ? null : dataDir });

/** An SMTP server that takes a message in but never says it was accepted, as one that hangs would. */
async function startHangingSmtp() {
  let arrived: () => void = () => {};
  const messageArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream) {
      stream.on('data', () => {});
      stream.on('end', arrived);
    },
  });
  // A sender that goes away mid-message resets its connection: not a failure of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messageArrived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'console-submit-restart-'));
  const pgUrl = process.env.DATABASE_URL;
  scratch = pgUrl ? await createScratchDatabase(pgUrl, 'console_submit_restart') : null;
  const database = await openTestDatabase();
  await database.db.insert(pages).values(enquiryFormRow('newsletter', 'Newsletter'));
  await database.close();
  smtp = await startSmtp();
  env = {
    DATA_DIR: dataDir,
    SEED: '0',
    CONSOLE_DIR: '',
    LOG_LEVEL: 'error',
    // On PostgreSQL the job of a dead process is taken over once it expires.
    ...(scratch ? { DATABASE_URL: scratch.url, JOB_EXPIRE_SECONDS: '5' } : {}),
  };
}, 120_000);

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  await smtp?.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(extra: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ ...env, ...extra });
  started.push(server);
  return server;
}

describe(`an enquiry when the server dies after storing it (${databaseKind})`, () => {
  it("sends the form's mail exactly once after a restart", async () => {
    const hanging = await startHangingSmtp();
    const first = await start({ SMTP_URL: hanging.url });
    const res = await fetch(`${first.baseURL}/api/responses/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        handle: 'newsletter',
        fields: { name: 'Kofi Mensah', email: 'kofi@example.org', subscribe: true },
      }),
    });
    expect(res.status).toBe(200);
    // The mail job is sending when the process dies: the enquiry is stored, its mail is not sent.
    await hanging.messageArrived;
    first.child.kill('SIGKILL');
    await first.exited;
    await hanging.close();

    const second = await start({ SMTP_URL: smtp.url });
    try {
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['enquiries@northway.example.co.uk']);
      expect(mail!.raw).toContain('Name: Kofi Mensah');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }

    const database = await openTestDatabase();
    try {
      expect(await database.db.select().from(responses)).toHaveLength(1);
      const [queued] = await database.db.select().from(outboundMails);
      expect(queued!.sentAt).not.toBeNull();
      const jobs = await database.query(`SELECT state FROM pgboss.job WHERE name = 'mail'`);
      expect(jobs.rows.map((row) => row.state)).toEqual(['completed']);
    } finally {
      await database.close();
    }
    expect(smtp.received).toHaveLength(1);
  }, 120_000);
});
