/**
 * Outgoing webhooks (issue #27), against a real receiver on this machine. A page publish to the
 * receiving site's request: p95 under 5 s. And 1,000 enquiries in a minute, each to its
 * `response.received` request: every one delivered, none twice, p95 under 5 s, all within the minute.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { pages } from '../server/db/schema/pages';
import { enquiryFormRow } from '../server/db/seed/forms';
import { seedIfEmpty } from '../server/db/seed/index';
import type { Benchmark, Budget } from './benchmark';

const PASSWORD = 'Bench-Password-123!';
const PUBLISHES = 20;
const ENQUIRIES = Number(process.env.WEBHOOK_ENQUIRIES) || 1000;
/** Between two enquiries: 1,000 of them in 54 s. */
const SPACING_MS = 54;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

interface Heard {
  at: number;
  id: string;
  body: { type: string; data: { ids: number[] } };
}

/** A receiving site: records each request's arrival time, `webhook-id` and body, and answers 204. */
async function startReceiver(): Promise<{
  url: string;
  heard: Heard[];
  waitFor: (ok: () => boolean) => Promise<void>;
  close: () => Promise<void>;
}> {
  const heard: Heard[] = [];
  let wake = () => {};
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      heard.push({
        at: performance.now(),
        id: String(req.headers['webhook-id']),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      res.writeHead(204).end();
      wake();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/revalidate`,
    heard,
    waitFor: (ok) =>
      new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('the receiver waited 120 s in vain')), 120_000);
        const check = () => {
          if (!ok()) return;
          clearTimeout(timer);
          done();
        };
        wake = check;
        check();
      }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function run() {
  const dataDir = await mkdtemp(join(tmpdir(), 'console-webhooks-bench-'));
  const database = await openDatabase({ databaseUrl: null, dataDir, durable: false });
  const config = readConfig({
    DATA_DIR: dataDir,
    CONSOLE_DIR: '',
    LOG_LEVEL: 'error',
    WEBHOOKS_ALLOW_PRIVATE: '1',
  });
  const { app } = await buildApp({ config, database });
  const receiver = await startReceiver();
  try {
    await seedIfEmpty(database.db, { adminEmail: 'admin@example.com', adminPassword: PASSWORD, demo: false });
    await database.db.insert(pages).values(enquiryFormRow('newsletter', 'Newsletter'));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url, payload, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, unknown>;
    };
    await post('/api/webhooks/create', {
      url: receiver.url,
      events: ['page.published', 'response.received'],
      brand_ids: [],
      dealership_ids: [],
      enabled: true,
    });

    // A page publish to the site's revalidation request.
    const brand = await post('/api/brands/create', {
      name: 'Northway',
      slug: 'northway',
      live: true,
      is_fake: false,
      manufacturer_id: 0,
      lcv_manufacturer_id: 0,
      logo: null,
    });
    const page = await post('/api/pages/store', {
      data: {
        name: 'Spring offers',
        slug: 'x',
        brand_id: brand.id,
        meta: { title: 'Spring offers', description: 'Offers' },
        published: 0,
        is_allowed_children: 1,
      },
      parent: null,
    });
    const publishMs: number[] = [];
    for (let i = 0; i < PUBLISHES; i++) {
      const before = receiver.heard.length;
      const started = performance.now();
      await post('/api/pages/publishable', { id: page.id as number }); // published
      await receiver.waitFor(() => receiver.heard.length > before);
      publishMs.push(receiver.heard.at(-1)!.at - started);
      await post('/api/pages/publishable', { id: page.id as number }); // and down again, unheard
    }

    // 1,000 enquiries spread over the minute (less the last seconds, for the last to arrive), each
    // from its own visitor, as a busy minute of a large group's sites sends them.
    const sentAt = new Map<number, number>();
    const firstStarted = performance.now();
    const submit = async (n: number) => {
      await sleep(Math.max(0, firstStarted + n * SPACING_MS - performance.now()));
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/responses/submit',
        remoteAddress: `198.18.${(n >> 8) & 255}.${n & 255}`,
        payload: {
          handle: 'newsletter',
          fields: { name: `Visitor ${n}`, email: `visitor${n}@example.org`, subscribe: true },
        },
      });
      if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
      sentAt.set((res.json() as { id: number }).id, started);
    };
    await Promise.all(Array.from({ length: ENQUIRIES }, (_, n) => submit(n)));
    const enquiries = () => receiver.heard.filter((h) => h.body.type === 'response.received');
    await receiver.waitFor(() => new Set(enquiries().map((h) => h.body.data.ids[0])).size >= ENQUIRIES);
    const allDone = performance.now() - firstStarted;
    const got = enquiries();
    const distinctIds = new Set(got.map((h) => h.id)).size;
    const enquiryMs = got.map((h) => h.at - (sentAt.get(h.body.data.ids[0]!) ?? h.at));
    const lost = [...sentAt.keys()].filter((id) => !got.some((h) => h.body.data.ids[0] === id)).length;
    const twice = got.length - distinctIds;
    return {
      result: {
        publishes: PUBLISHES,
        publishP95Ms: p95(publishMs),
        enquiries: ENQUIRIES,
        enquiryP95Ms: p95(enquiryMs),
        allDeliveredMs: Math.round(allDone),
        lost,
        twice,
      },
      budgets: [
        {
          label: 'page publish to the receiver’s request, p95',
          actual: p95(publishMs),
          limit: 5000,
          unit: 'ms',
        },
        {
          label: `${ENQUIRIES} enquiries to their requests, p95`,
          actual: p95(enquiryMs),
          limit: 5000,
          unit: 'ms',
        },
        {
          label: `${ENQUIRIES} enquiries sent in a minute, the last delivered`,
          actual: allDone,
          limit: 60_000,
          unit: 'ms',
        },
        { label: 'enquiries lost', actual: lost, limit: 0, unit: 'ratio' },
        { label: 'enquiries delivered twice', actual: twice, limit: 0, unit: 'ratio' },
      ] satisfies Budget[],
    };
  } finally {
    await receiver.close();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const webhooksBenchmark: Benchmark = {
  name: 'webhooks',
  description: 'a page publish and 1,000 enquiries to a real receiver: latency, none lost, none twice',
  run,
};
