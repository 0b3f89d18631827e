import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds, signedDelivery, stripeCharge, stripeEvent, stripeRefund } from '../stripe';
import { createTestServer, databaseKind, type TestServer } from './harness';

const SECRET = 'whsec_refunds_1b3d5f7a9c2e4a6c8e0a2c4e6a8c0e2a';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer({ STRIPE_WEBHOOK_SECRET: SECRET });
  token = await server.login();
});
afterAll(() => server.close());

/** What happens to a charge at Stripe, one step a second: a refund is made, or an earlier one fails. */
type Step = { kind: 'refund'; share: number } | { kind: 'fail'; pick: number };

const steps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('refund' as const), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
    fc.record({ kind: fc.constant('fail' as const), pick: fc.nat() }),
  ),
  { minLength: 1, maxLength: 5 },
);

/**
 * The events Stripe sends for a charge's history, and the refunded amount it ends with: the charge
 * event when it succeeds, `charge.refunded` (the whole charge) with each refund, and
 * `charge.refund.updated` (the refund) as a refund succeeds or fails.
 */
function history(history: Step[]) {
  const start = nowSeconds() - 200;
  const charge = stripeCharge({ amount: 20000, created: start });
  const events: object[] = [stripeEvent('charge.succeeded', charge, { created: start })];
  const refunds: Array<{ refund: ReturnType<typeof stripeRefund>; active: boolean }> = [];
  const total = () => refunds.filter((r) => r.active).reduce((sum, r) => sum + r.refund.amount, 0);
  let at = start;
  for (const step of history) {
    at += 1;
    if (step.kind === 'refund') {
      const amount = Math.floor((charge.amount - total()) * step.share);
      if (amount < 1) continue;
      const refund = stripeRefund({ charge: charge.id, amount, status: 'pending', created: at });
      refunds.push({ refund, active: true });
      const refunded = total();
      events.push(
        stripeEvent(
          'charge.refunded',
          { ...charge, amount_refunded: refunded, refunded: refunded === charge.amount },
          { created: at },
        ),
      );
      at += 1;
      events.push(stripeEvent('charge.refund.updated', { ...refund, status: 'succeeded' }, { created: at }));
    } else {
      const live = refunds.filter((r) => r.active);
      const failing = live[step.pick % Math.max(live.length, 1)];
      if (!failing) continue;
      failing.active = false;
      events.push(
        stripeEvent('charge.refund.updated', { ...failing.refund, status: 'failed' }, { created: at }),
      );
    }
  }
  return { charge, events, refunded: total() };
}

async function deliver(event: object) {
  const res = await server.call('POST', '/api/payments/webhook', signedDelivery(event, SECRET));
  expect(res.statusCode, res.body).toBe(200);
}

describe(`Stripe refunds in any order (${databaseKind})`, () => {
  it('ends with the refunded amount Stripe ends with, however the events arrive and repeat', async () => {
    await fc.assert(
      fc.asyncProperty(
        steps.chain((s) => {
          const made = history(s);
          // Any order, and any event retried.
          return fc.record({
            made: fc.constant(made),
            order: fc.shuffledSubarray(made.events, { minLength: made.events.length }),
            repeats: fc.subarray(made.events),
          });
        }),
        async ({ made, order, repeats }) => {
          for (const event of [...order, ...repeats]) await deliver(event);
          const list = await server.call(
            'GET',
            `/api/reservations?search=${encodeURIComponent('YD24 KXA')}`,
            {
              token,
            },
          );
          const found = (list.json().reservations.data as Array<{ id: number; charge_id: string }>).find(
            (r) => r.charge_id === made.charge.id,
          );
          expect(found).toBeDefined();
          const shown = (await server.call('GET', `/api/reservations/${found!.id}`, { token })).json().data;
          expect(shown.amount_refunded).toBe(made.refunded);
          expect(shown.refunded).toBe(made.refunded === made.charge.amount);
          expect(shown.refunded_at === null).toBe(made.refunded === 0);
        },
      ),
      { numRuns: 12 },
    );
  });
});
