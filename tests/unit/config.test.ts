import { readConfig } from '@server/config';
import { listeningLine, portOfListeningLine } from '@server/listening';
import { describe, expect, it } from 'vitest';

describe('Stripe webhook secret in the environment', () => {
  it('reads STRIPE_WEBHOOK_SECRET and says nothing', () => {
    const config = readConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_new' });
    expect(config.stripeWebhookSecret).toBe('whsec_new');
    expect(config.warnings).toEqual([]);
  });

  it('still reads the old PAYMENTS_WEBHOOK_SECRET, and warns at start-up to rename it', () => {
    const config = readConfig({ PAYMENTS_WEBHOOK_SECRET: 'whsec_old' });
    expect(config.stripeWebhookSecret).toBe('whsec_old');
    expect(config.warnings).toEqual([
      'PAYMENTS_WEBHOOK_SECRET is read as STRIPE_WEBHOOK_SECRET: rename it to STRIPE_WEBHOOK_SECRET.',
    ]);
  });

  it('takes STRIPE_WEBHOOK_SECRET when both are set, and warns that the old name is ignored', () => {
    const config = readConfig({ PAYMENTS_WEBHOOK_SECRET: 'whsec_old', STRIPE_WEBHOOK_SECRET: 'whsec_new' });
    expect(config.stripeWebhookSecret).toBe('whsec_new');
    expect(config.warnings).toEqual([
      'PAYMENTS_WEBHOOK_SECRET is ignored: STRIPE_WEBHOOK_SECRET is set. Remove PAYMENTS_WEBHOOK_SECRET.',
    ]);
  });

  it('leaves the webhook off when neither is set', () => {
    const config = readConfig({});
    expect(config.stripeWebhookSecret).toBeNull();
    expect(config.warnings).toEqual([]);
  });
});

describe("Stripe's API for refunds", () => {
  it('reaches Stripe itself unless STRIPE_API_BASE names a stand-in', () => {
    expect(readConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toMatchObject({
      stripeSecretKey: 'sk_test_1',
      stripeApiBase: null,
    });
    expect(readConfig({}).stripeSecretKey).toBeNull();
    expect(readConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripeApiBase).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    expect(readConfig({ STRIPE_API_BASE: 'https://stripe-mock.internal/' }).stripeApiBase).toEqual({
      protocol: 'https',
      host: 'stripe-mock.internal',
      port: 443,
    });
  });

  it('refuses to start with a STRIPE_API_BASE that is no http(s) origin', () => {
    for (const value of ['localhost:12111', 'ftp://127.0.0.1', 'http://127.0.0.1:12111/v1']) {
      expect(() => readConfig({ STRIPE_API_BASE: value }), value).toThrow(/STRIPE_API_BASE must be/);
    }
  });
});

describe('the port', () => {
  it('listens on PORT, on 3000 without one or for one that is not a port, and PORT=0 leaves it to the system', () => {
    expect(readConfig({ PORT: '8080' }).port).toBe(8080);
    expect(readConfig({}).port).toBe(3000);
    expect(readConfig({ PORT: 'eighty' }).port).toBe(3000);
    expect(readConfig({ PORT: '0' }).port).toBe(0);
  });

  it('is read back from the line a started server prints, and from no other line', () => {
    expect(portOfListeningLine(listeningLine(41234, 'PostgreSQL'))).toBe(41234);
    expect(portOfListeningLine('Warning: Listening soon')).toBeNull();
  });
});
