import Stripe from 'stripe';
import type { Config } from '../config';

/** The calls the product makes to Stripe: only refunds. */
export type StripeRefunds = Pick<Stripe, 'refunds'>;

/**
 * The `stripe` package with the secret key, reaching Stripe itself or the stand-in that
 * STRIPE_API_BASE names; null without a key, when refunds cannot be made from the console.
 */
export function createStripe(
  config: Pick<Config, 'stripeSecretKey' | 'stripeApiBase'>,
): StripeRefunds | null {
  if (!config.stripeSecretKey) return null;
  return new Stripe(config.stripeSecretKey, {
    ...(config.stripeApiBase ?? {}),
    // A refund is asked for while someone waits: a slow answer is retried (with the same
    // idempotency key) rather than left hanging.
    timeout: 20_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'Dealership Console' },
  });
}
