import { describe, expect, it, vi } from 'vitest';
import { databaseBefore, MIGRATION_TEST_TIMEOUT_MS } from './migrations';

vi.setConfig({ testTimeout: MIGRATION_TEST_TIMEOUT_MS });

describe('the migration to Stripe charges', () => {
  it('keeps every stored reservation as it was: in pounds, a refund the whole amount', async () => {
    const { client, migrate } = await databaseBefore('_stripe-charges');
    await client.query(`
      insert into reservations (name, email, registration, reserved_at, refunded_at, amount, brand, exp_year, last4, charge_id)
      values ('Kept Buyer', 'kept@example.com', 'AB12 CDE', '2025-05-01T10:00:00Z', null, 19900, 'visa', 2028, '4242', 'ch_kept'),
             ('Refunded Buyer', 'back@example.com', 'XY34 ZZZ', '2025-05-02T10:00:00Z', '2025-05-04T09:00:00Z', 25000, 'amex', 2027, '0005', 'ch_back')`);

    await migrate();
    const { rows } = await client.query<Record<string, unknown>>(
      'select charge_id, currency, amount, amount_refunded, refunded_at from reservations order by charge_id',
    );
    expect(rows).toEqual([
      {
        charge_id: 'ch_back',
        currency: 'gbp',
        amount: 25000,
        amount_refunded: 25000,
        refunded_at: new Date('2025-05-04T09:00:00Z'),
      },
      { charge_id: 'ch_kept', currency: 'gbp', amount: 19900, amount_refunded: 0, refunded_at: null },
    ]);
    await client.close();
  });
});
