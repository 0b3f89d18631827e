import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@server/db/open';
import { dealerships } from '@server/db/schema/dealerships';
import { leadDeliveries } from '@server/db/schema/leads';
import { outboundMails } from '@server/db/schema/mail';
import { pages } from '@server/db/schema/pages';
import { responses } from '@server/db/schema/responses';
import { createScratchDatabase, type ScratchDatabase } from '@server/db/scratch';
import { enquiryFormRow } from '@server/db/seed/forms';
import { asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealershipRow } from '../dealershipRow';
import { adfErrors } from './adf';
import { databaseKind } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';
import { type SmtpCatcher, singlePart, startSmtp } from './smtp';

let dataDir: string;
let scratch: ScratchDatabase | null = null;
let smtp: SmtpCatcher;
let env: Record<string, string>;
let dealershipId: number;
const started: ServerProcess[] = [];
const CRM = ['leads@crm-one.example', 'sales@crm-two.example'];

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
  // A sender killed mid-message resets its connection: that is what these tests do, not a failure.
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
  dataDir = mkdtempSync(join(tmpdir(), 'console-leads-restart-'));
  const pgUrl = process.env.DATABASE_URL;
  scratch = pgUrl ? await createScratchDatabase(pgUrl, 'console_leads_restart') : null;
  const database = await openTestDatabase();
  const [dealership] = await database.db
    .insert(dealerships)
    .values(
      dealershipRow({
        name: 'Northway Kia Leeds',
        slug: 'kia-leeds',
        crmEmails: CRM,
      }),
    )
    .returning({ id: dealerships.id });
  dealershipId = dealership!.id;
  // The form mails nobody itself: what is sent is the dealership's leads alone.
  const row = enquiryFormRow('test-drive', 'Test Drive');
  await database.db.insert(pages).values({ ...row, emails: { ...row.emails!, send_email: 0 } });
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
}, 300_000);

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

describe(`an enquiry's CRM leads when the server dies before they are sent (${databaseKind})`, () => {
  it('sends each lead exactly once after a restart', async () => {
    const hanging = await startHangingSmtp();
    const first = await start({ SMTP_URL: hanging.url });
    const res = await fetch(`${first.baseURL}/api/responses/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        handle: 'test-drive',
        fields: { name: 'Kofi Mensah', email: 'kofi@example.org', dealership: dealershipId },
      }),
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    // A lead is being sent when the process dies: the enquiry is stored, no lead has been sent.
    await hanging.messageArrived;
    first.child.kill('SIGKILL');
    await first.exited;
    await hanging.close();

    const second = await start({ SMTP_URL: smtp.url });
    try {
      const mails = await smtp.waitFor(2);
      expect(mails.map((m) => m.to).sort()).toEqual(CRM.map((to) => [to]));
      for (const mail of mails) {
        const { body } = singlePart(mail.raw);
        expect(body).toContain(`>enquiry-${id}<`);
        expect(await adfErrors(body)).toBe('');
      }
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }

    const database = await openTestDatabase();
    try {
      expect(await database.db.select().from(responses)).toHaveLength(1);
      const sent = await database.db
        .select({ to: leadDeliveries.to, sentAt: outboundMails.sentAt })
        .from(leadDeliveries)
        .innerJoin(outboundMails, eq(outboundMails.id, leadDeliveries.mailId))
        .where(eq(leadDeliveries.responseId, id))
        .orderBy(asc(leadDeliveries.id));
      expect(sent.map((row) => row.to)).toEqual(CRM);
      for (const row of sent) expect(row.sentAt).not.toBeNull();
      const jobs = await database.query(`SELECT state FROM pgboss.job WHERE name = 'mail'`);
      expect(jobs.rows.map((row) => row.state)).toEqual(['completed', 'completed']);
    } finally {
      await database.close();
    }
    // Nothing more arrives once every job is done: each lead went exactly once.
    expect(smtp.received).toHaveLength(2);
  }, 400_000);
});
