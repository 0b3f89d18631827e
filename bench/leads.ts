/**
 * Leads to a dealership's CRM (issue #27, design §7 integrations): from a visitor's submit to the
 * lead's arrival at the CRM's mail server, p95 under 5 s on an idle server; and 1,000 enquiries
 * sent within a minute all delivered, none lost and none twice. The real app (routes, the enquiry's
 * transaction, the pg-boss mail queue, nodemailer over SMTP) and a real SMTP server on this
 * machine. Runs on PGlite, or on PostgreSQL when DATABASE_URL is set (in a scratch database).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { dealerships } from '../server/db/schema/dealerships';
import { pages } from '../server/db/schema/pages';
import { createScratchDatabase } from '../server/db/scratch';
import { enquiryFormRow } from '../server/db/seed/forms';
import type { Benchmark } from './benchmark';

const IDLE_ROUNDS = 40;
const BURST = 1000;
const BURST_SECONDS = 60;
/** How long the bench waits for the mail queue to empty after the burst's last submit. */
const DRAIN_LIMIT_MS = 10 * 60_000;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/** A CRM's mail server: notes when each lead (by its enquiry's reference) arrives, and how often. */
async function startCrmMailbox() {
  const arrivals = new Map<number, number[]>();
  const waiters = new Map<number, () => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = Number(/>enquiry-(\d+)</.exec(text)?.[1] ?? Number.NaN);
        if (Number.isInteger(id)) {
          arrivals.set(id, [...(arrivals.get(id) ?? []), performance.now()]);
          waiters.get(id)?.();
        }
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    arrived(id: number): Promise<void> {
      if (arrivals.has(id)) return Promise.resolve();
      return new Promise((resolve) => waiters.set(id, resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const leadsBenchmark: Benchmark = {
  name: 'leads',
  description: "enquiry to its dealership's CRM e-mail: p95 when idle, and 1,000 in a minute",
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'console-leads-bench-'));
    const postgres = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, 'console_leads_bench')
      : null;
    const databaseKind = postgres ? 'postgres' : 'pglite';
    console.log(`Database: ${databaseKind}`);
    const mailbox = await startCrmMailbox();
    const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir, durable: false });
    const config = readConfig({
      DATA_DIR: dataDir,
      CONSOLE_DIR: '',
      LOG_LEVEL: 'error',
      SMTP_URL: mailbox.url,
      TRUST_PROXY: '1',
    });
    const { app } = await buildApp({ config, database });
    try {
      const [dealership] = await database.db
        .insert(dealerships)
        .values({
          name: 'Northway Kia Leeds',
          slug: 'kia-leeds',
          email: 'leeds@northway.example.co.uk',
          telephone: '0113 496 0000',
          address: {
            address_line_1: '1 Kirkstall Road',
            address_line_2: null,
            city: 'Leeds',
            postcode: 'LS3 1AA',
            county: 'West Yorkshire',
            lat: 53.8,
            lng: -1.56,
          },
          pinnacleEnquiryId: 'P1',
          pinnacleUsedEnquiryId: 'P2',
          publishedAt: new Date(),
          crmEmails: ['leads@crm.example'],
          crmFormat: 'adf',
        })
        .returning({ id: dealerships.id });
      // The form mails nobody itself: each enquiry sends exactly one mail, its lead.
      const form = enquiryFormRow('test-drive', 'Test Drive');
      await database.db.insert(pages).values({ ...form, emails: { ...form.emails!, send_email: 0 } });

      let visitor = 0;
      const submit = async (n: number): Promise<number> => {
        // Each from its own address: the per-visitor limit is not what is measured.
        visitor += 1;
        const res = await app.inject({
          method: 'POST',
          url: '/api/responses/submit',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
          },
          payload: {
            handle: 'test-drive',
            fields: { name: `Visitor ${n}`, email: `visitor${n}@example.org`, dealership: dealership!.id },
          },
        });
        if (res.statusCode !== 200) throw new Error(`submit answered ${res.statusCode}: ${res.body}`);
        return res.json().id as number;
      };

      console.log(`Idle: ${IDLE_ROUNDS} enquiries one at a time, each until its lead arrives...`);
      const idle: number[] = [];
      for (let i = 0; i < IDLE_ROUNDS; i++) {
        const started = performance.now();
        const id = await submit(i);
        await mailbox.arrived(id);
        idle.push(mailbox.arrivals.get(id)![0]! - started);
      }
      const idleP95 = p95(idle);
      console.log(
        `  p95 ${idleP95.toFixed(0)} ms, median ${[...idle].sort((a, b) => a - b)[idle.length >> 1]!.toFixed(0)} ms`,
      );

      console.log(`Burst: ${BURST} enquiries spread over ${BURST_SECONDS} s...`);
      const burstStart = performance.now();
      const gap = (BURST_SECONDS * 1000) / BURST;
      const sentAt = new Map<number, number>();
      const submits: Promise<void>[] = [];
      for (let i = 0; i < BURST; i++) {
        const due = burstStart + i * gap;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const started = performance.now();
        submits.push(
          submit(IDLE_ROUNDS + i).then((id) => {
            sentAt.set(id, started);
          }),
        );
      }
      await Promise.all(submits);
      const submitted = performance.now() - burstStart;
      const drainBy = performance.now() + DRAIN_LIMIT_MS;
      const ids = [...sentAt.keys()];
      // Until every mail job is done: a lead still queued is late, not lost.
      for (;;) {
        const open = await database.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND state NOT IN ('completed', 'failed')`,
        );
        if (Number(open.rows[0]?.n) === 0 || performance.now() > drainBy) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // A moment more, so a lead sent twice would have arrived twice.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const delivered = ids.filter((id) => mailbox.arrivals.has(id)).length;
      const twice = ids.filter((id) => (mailbox.arrivals.get(id)?.length ?? 0) > 1).length;
      const burstLatency = ids
        .filter((id) => mailbox.arrivals.has(id))
        .map((id) => mailbox.arrivals.get(id)![0]! - sentAt.get(id)!);
      const lastArrival = Math.max(...ids.map((id) => mailbox.arrivals.get(id)?.[0] ?? 0));
      const allIn = lastArrival - burstStart;
      const drained = lastArrival - (burstStart + submitted);
      console.log(
        `  submitted in ${(submitted / 1000).toFixed(1)} s; ${delivered} delivered, ${twice} twice, ` +
          `all in by ${(allIn / 1000).toFixed(1)} s; p95 submit to CRM under load ${p95(burstLatency).toFixed(0)} ms`,
      );

      return {
        result: {
          database: databaseKind,
          idleRounds: IDLE_ROUNDS,
          idleP95Ms: idleP95,
          burst: BURST,
          burstSubmitSeconds: submitted / 1000,
          delivered,
          lost: BURST - delivered,
          deliveredTwice: twice,
          allDeliveredSeconds: allIn / 1000,
          drainedAfterLastSubmitSeconds: drained / 1000,
          burstP95Ms: p95(burstLatency),
        },
        budgets: [
          { label: 'Enquiry to its CRM e-mail, idle (p95)', actual: idleP95, limit: 5000, unit: 'ms' },
          { label: `Burst of ${BURST}: leads lost`, actual: BURST - delivered, limit: 0, unit: 'ratio' },
          { label: `Burst of ${BURST}: leads sent twice`, actual: twice, limit: 0, unit: 'ratio' },
          {
            label: `Burst of ${BURST}: last lead delivered after the last submit`,
            actual: drained,
            limit: 60_000,
            unit: 'ms',
          },
          {
            label: `Burst of ${BURST}: time to submit them all`,
            actual: submitted,
            limit: (BURST_SECONDS + 5) * 1000,
            unit: 'ms',
          },
        ],
      };
    } finally {
      await app.close();
      await database.close();
      await mailbox.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
