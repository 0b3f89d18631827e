/**
 * An enquiry's way out of the console (issue #27, design §7 integrations), end to end: a visitor's
 * submit over HTTP to the running server, to its lead at the dealership's CRM mail server and its
 * `response.received` request at a site's webhook endpoint, both in a separate process. Goals: p95
 * under 5 s for each when the server is idle; and 1,000 enquiries sent within a minute all
 * delivered within that minute, both ways, none lost and none twice (the real routes, the
 * enquiry's transaction, pg-boss, nodemailer's pooled SMTP, the webhook sender). Runs on PGlite, or
 * on PostgreSQL when DATABASE_URL is set (in a scratch database).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { dealerships } from '../server/db/schema/dealerships';
import { pages } from '../server/db/schema/pages';
import { createScratchDatabase } from '../server/db/scratch';
import { enquiryFormRow } from '../server/db/seed/forms';
import { seedIfEmpty } from '../server/db/seed/index';
import { dealershipRow } from '../tests/dealershipRow';
import type { Benchmark, Budget } from './benchmark';
import { type Arrival, startReceiverProcess } from './receiverProcess';

const PASSWORD = 'Bench-Password-123!';
const IDLE_ROUNDS = 20;
const BURST = Number(process.env.LEADS_BURST) || 1000;
/** Between two submits: 1,000 of them in 54 s, so the last has 6 s of the minute to arrive. */
const SPACING_MS = 54;
const MINUTE_MS = 60_000;
/** How long the bench waits for the last arrival after the burst's last submit. */
const DRAIN_LIMIT_MS = 5 * 60_000;

const epochNow = () => performance.timeOrigin + performance.now();

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/** The arrivals of each enquiry, one list per way out. */
function byEnquiry(arrivals: Arrival[]) {
  const mail = new Map<number, number[]>();
  const hook = new Map<number, number[]>();
  const hookIds = new Map<number, Set<string>>();
  for (const a of arrivals) {
    if (a.ref === null) continue;
    if (a.kind === 'mail') mail.set(a.ref, [...(mail.get(a.ref) ?? []), a.at]);
    else if (a.type === 'response.received') {
      hook.set(a.ref, [...(hook.get(a.ref) ?? []), a.at]);
      hookIds.set(a.ref, (hookIds.get(a.ref) ?? new Set()).add(a.messageId ?? ''));
    }
  }
  return { mail, hook, hookIds };
}

export const leadsBenchmark: Benchmark = {
  name: 'leads',
  description:
    'enquiry over HTTP to its CRM e-mail and its webhook in another process: idle p95, 1,000 in a minute',
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'console-leads-bench-'));
    const postgres = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, 'console_leads_bench')
      : null;
    const databaseKind = postgres ? 'postgres' : 'pglite';
    console.log(`Database: ${databaseKind}`);
    const receiver = await startReceiverProcess();
    const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir, durable: false });
    const config = readConfig({
      DATA_DIR: dataDir,
      CONSOLE_DIR: '',
      LOG_LEVEL: 'error',
      SMTP_URL: receiver.smtpUrl,
      TRUST_PROXY: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1',
    });
    const { app } = await buildApp({ config, database });
    try {
      await seedIfEmpty(database.db, {
        adminEmail: 'admin@example.com',
        adminPassword: PASSWORD,
        demo: false,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
      });
      const token = ((await login.json()) as { access_token: string }).access_token;
      const hook = await fetch(`${base}/api/webhooks/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          url: receiver.webhookUrl,
          events: ['response.received'],
          brand_ids: [],
          dealership_ids: [],
          enabled: true,
        }),
      });
      if (hook.status !== 200)
        throw new Error(`webhooks/create answered ${hook.status}: ${await hook.text()}`);

      const [dealership] = await database.db
        .insert(dealerships)
        .values(
          dealershipRow({
            name: 'Northway Kia Leeds',
            slug: 'kia-leeds',
            crmEmails: ['leads@crm.example'],
            crmFormat: 'adf',
          }),
        )
        .returning({ id: dealerships.id });
      // The form mails nobody itself: each enquiry sends exactly one mail, its lead.
      const form = enquiryFormRow('test-drive', 'Test Drive');
      await database.db.insert(pages).values({ ...form, emails: { ...form.emails!, send_email: 0 } });

      /** How long each submit took to be answered. */
      const answered: number[] = [];
      /** When each enquiry's submit was answered: it was stored then, and its lead and webhook queued. */
      const answeredAt = new Map<number, number>();
      /** Submits enquiry n over HTTP, from its own visitor's address: the answer's id and when it was sent. */
      const submit = async (n: number): Promise<{ id: number; at: number }> => {
        const at = epochNow();
        const res = await fetch(`${base}/api/responses/submit`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({
            handle: 'test-drive',
            fields: { name: `Visitor ${n}`, email: `visitor${n}@example.org`, dealership: dealership!.id },
          }),
        });
        if (res.status !== 200) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
        const { id } = (await res.json()) as { id: number };
        answered.push(epochNow() - at);
        answeredAt.set(id, epochNow());
        return { id, at };
      };
      const bothIn = (ids: number[]) => () => {
        const seen = byEnquiry(receiver.arrivals);
        return ids.every((id) => seen.mail.has(id) && seen.hook.has(id));
      };

      console.log(
        `Idle: ${IDLE_ROUNDS} enquiries one at a time, each until its lead and its webhook arrive...`,
      );
      const idleMail: number[] = [];
      const idleHook: number[] = [];
      for (let i = 0; i < IDLE_ROUNDS; i++) {
        const { id, at } = await submit(i);
        await receiver.waitFor(bothIn([id]));
        const seen = byEnquiry(receiver.arrivals);
        idleMail.push(seen.mail.get(id)![0]! - at);
        idleHook.push(seen.hook.get(id)![0]! - at);
      }
      console.log(`  p95 lead ${p95(idleMail).toFixed(0)} ms, webhook ${p95(idleHook).toFixed(0)} ms`);

      console.log(`Burst: ${BURST} enquiries, one every ${SPACING_MS} ms...`);
      answered.length = 0;
      const loadBefore = loadavg()[0]!;
      const cpuBefore = process.cpuUsage();
      const burstStart = epochNow();
      const sent = new Map<number, number>();
      await Promise.all(
        Array.from({ length: BURST }, async (_, i) => {
          await sleep(Math.max(0, burstStart + i * SPACING_MS - epochNow()));
          const { id, at } = await submit(IDLE_ROUNDS + i);
          sent.set(id, at);
        }),
      );
      const submitted = epochNow() - burstStart;
      const ids = [...sent.keys()];
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMsPerEnquiry = (cpu.user + cpu.system) / 1000 / BURST;
      const loadAfter = loadavg()[0]!;
      const allIn = await receiver
        .waitFor(bothIn(ids), DRAIN_LIMIT_MS)
        .then(() => true)
        .catch(() => false);
      // A moment more, so a lead or a request sent twice would have arrived twice.
      await sleep(2000);
      const seen = byEnquiry(receiver.arrivals);
      const lostMail = ids.filter((id) => !seen.mail.has(id)).length;
      const lostHook = ids.filter((id) => !seen.hook.has(id)).length;
      const twiceMail = ids.filter((id) => (seen.mail.get(id)?.length ?? 0) > 1).length;
      // At least once: a repeat with the same webhook-id is allowed by the contract, but counted here.
      const twiceHook = ids.filter((id) => (seen.hook.get(id)?.length ?? 0) > 1).length;
      const mailMs = ids
        .filter((id) => seen.mail.has(id))
        .map((id) => seen.mail.get(id)![0]! - sent.get(id)!);
      const hookMs = ids
        .filter((id) => seen.hook.has(id))
        .map((id) => seen.hook.get(id)![0]! - sent.get(id)!);
      // What the queues add: from the stored enquiry (its submit answered) to the arrival.
      const queuedMail = ids
        .filter((id) => seen.mail.has(id))
        .map((id) => seen.mail.get(id)![0]! - answeredAt.get(id)!);
      const queuedHook = ids
        .filter((id) => seen.hook.has(id))
        .map((id) => seen.hook.get(id)![0]! - answeredAt.get(id)!);
      const last = (m: Map<number, number[]>) => Math.max(...ids.map((id) => m.get(id)?.[0] ?? Number.NaN));
      const lastMail = allIn ? last(seen.mail) - burstStart : Number.POSITIVE_INFINITY;
      const lastHook = allIn ? last(seen.hook) - burstStart : Number.POSITIVE_INFINITY;
      console.log(
        `  submits answered in ${p95(answered).toFixed(0)} ms (p95); submitted in ${(submitted / 1000).toFixed(1)} s; leads: ${BURST - lostMail} in, ${twiceMail} twice, ` +
          `last at ${(lastMail / 1000).toFixed(1)} s, p95 ${p95(mailMs).toFixed(0)} ms; webhooks: ` +
          `${BURST - lostHook} in, ${twiceHook} twice, last at ${(lastHook / 1000).toFixed(1)} s, p95 ${p95(hookMs).toFixed(0)} ms`,
      );
      console.log(
        `  from the stored enquiry (submit answered) to its arrival, p95: lead ${p95(queuedMail).toFixed(0)} ms, ` +
          `webhook ${p95(queuedHook).toFixed(0)} ms; this process used ${cpuMsPerEnquiry.toFixed(1)} ms of CPU ` +
          `per enquiry while submitting; machine load ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after ` +
          '(2 cores: figures above 2 mean others were using the machine)',
      );

      const budgets: Budget[] = [
        { label: 'Enquiry to its CRM e-mail, idle (p95)', actual: p95(idleMail), limit: 5000, unit: 'ms' },
        { label: 'Enquiry to its webhook, idle (p95)', actual: p95(idleHook), limit: 5000, unit: 'ms' },
        {
          label: `${BURST} in a minute: enquiry to its CRM e-mail (p95)`,
          actual: p95(mailMs),
          limit: 5000,
          unit: 'ms',
        },
        {
          label: `${BURST} in a minute: enquiry to its webhook (p95)`,
          actual: p95(hookMs),
          limit: 5000,
          unit: 'ms',
        },
        {
          label: `${BURST} in a minute: last lead in, from the first submit`,
          actual: lastMail,
          limit: MINUTE_MS,
          unit: 'ms',
        },
        {
          label: `${BURST} in a minute: last webhook in, from the first submit`,
          actual: lastHook,
          limit: MINUTE_MS,
          unit: 'ms',
        },
        { label: `${BURST} in a minute: leads lost`, actual: lostMail, limit: 0, unit: 'ratio' },
        { label: `${BURST} in a minute: leads sent twice`, actual: twiceMail, limit: 0, unit: 'ratio' },
        { label: `${BURST} in a minute: webhooks lost`, actual: lostHook, limit: 0, unit: 'ratio' },
        { label: `${BURST} in a minute: webhooks sent twice`, actual: twiceHook, limit: 0, unit: 'ratio' },
      ];
      return {
        result: {
          database: databaseKind,
          idleRounds: IDLE_ROUNDS,
          idleLeadP95Ms: p95(idleMail),
          idleWebhookP95Ms: p95(idleHook),
          burst: BURST,
          burstSubmitSeconds: submitted / 1000,
          burstSubmitAnswerP95Ms: p95(answered),
          burstStoredToLeadP95Ms: p95(queuedMail),
          burstStoredToWebhookP95Ms: p95(queuedHook),
          cpuMsPerEnquiry,
          loadBefore,
          loadAfter,
          leadsLost: lostMail,
          leadsTwice: twiceMail,
          webhooksLost: lostHook,
          webhooksTwice: twiceHook,
          lastLeadSeconds: lastMail / 1000,
          lastWebhookSeconds: lastHook / 1000,
          burstLeadP95Ms: p95(mailMs),
          burstWebhookP95Ms: p95(hookMs),
        },
        budgets,
      };
    } finally {
      await app.close();
      await database.close();
      await receiver.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
