import { describe, expect, it } from 'vitest';
import { databaseKind } from './harness';
import { callProcess, processFixture, signInTo } from './process-calls';
import { type Receiver, startReceiver } from './receiver';

const { servers } = processFixture('webhooks_restart', async () => {}, {
  WEBHOOKS_ALLOW_PRIVATE: '1',
  WEBHOOKS_RETRY_BASE_MS: '100',
  // On PostgreSQL the delivery the kill cut off is taken over once its job expires, and sent once
  // the dead sender's hold on the endpoint runs out: sooner here than a server's default.
  JOB_EXPIRE_SECONDS: '8',
  WEBHOOKS_LEASE_SECONDS: '10',
});

const EVENTS = 20;

describe(`webhook deliveries when the server is killed (${databaseKind})`, () => {
  it('loses nothing across kill -9 mid-delivery, and sends again only with the same webhook-id', async () => {
    const receiver: Receiver = await startReceiver();
    // A slow site: each request waits before its answer, so the kill lands while one is on its way.
    receiver.answer = { status: 200, delayMs: 150 };
    try {
      const first = await servers.start();
      const token = await signInTo(first);
      const created = await callProcess(first, 'webhooks/create', {
        token,
        body: {
          url: receiver.url,
          events: ['brand.updated'],
          brand_ids: [],
          dealership_ids: [],
          enabled: true,
        },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      const ids: number[] = [];
      for (let i = 0; i < EVENTS; i++) {
        const res = await callProcess(first, 'brands/create', {
          token,
          body: {
            name: `Brand ${i}`,
            slug: `brand-${i}`,
            live: true,
            is_fake: false,
            manufacturer_id: 0,
            lcv_manufacturer_id: 0,
            logo: null,
          },
        });
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        ids.push(res.json.id as number);
      }
      // Killed while a request is out (taken in by the site, its answer not yet back).
      await receiver.waitFor(3);
      await servers.kill(first);
      const beforeRestart = receiver.received.length;
      expect(beforeRestart).toBeLessThan(EVENTS);

      receiver.answer = { status: 200 };
      const second = await servers.start();
      try {
        const distinct = () => new Set(receiver.received.map((r) => r.headers['webhook-id'])).size;
        // On PostgreSQL the killed sender's hold on the endpoint (10 s here) runs out first: another
        // process may still be sending, and only the hold's end says it is not.
        await expect.poll(distinct, { timeout: 150_000, interval: 100 }).toBe(EVENTS);
      } finally {
        await servers.stop(second);
      }
      // Every event, in the order of the changes; a request sent twice is the same message.
      const firstSeen = new Map<string, number[]>();
      for (const r of receiver.received) {
        const id = String(r.headers['webhook-id']);
        const known = firstSeen.get(id);
        if (known) expect(r.json.data.ids, 'a repeat carries the same event').toEqual(known);
        else firstSeen.set(id, r.json.data.ids);
      }
      expect([...firstSeen.values()].map((v) => v[0])).toEqual(ids);
      expect(receiver.received.length - EVENTS).toBeLessThanOrEqual(2);
    } finally {
      await receiver.close();
    }
  }, 240_000);
});
