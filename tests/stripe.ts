import Stripe from 'stripe';

/**
 * Stripe's objects and deliveries as Stripe sends them, for the API and browser tests: a Charge,
 * a Refund and the Event around them carry the fields of Stripe's API reference (checked against
 * the `stripe` package's own types), and each delivery is signed by the `stripe` package itself.
 */

/** Only the library's webhook helpers are used: no key, no network. */
const stripe = new Stripe('sk_test_unused');

/** Every field optional at every depth, but no field Stripe's type does not have. */
type Shape<T> = T extends (infer U)[] ? Shape<U>[] : T extends object ? { [K in keyof T]?: Shape<T[K]> } : T;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

let serial = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++serial).toString(36)}`;

export interface ChargeOptions {
  id?: string;
  amount?: number;
  amountRefunded?: number;
  currency?: string;
  created?: number;
  name?: string | null;
  email?: string | null;
  receiptEmail?: string | null;
  registration?: string | null;
  /** A payment without a card (a bank debit): no card details. */
  withoutCard?: boolean;
}

/** A captured card charge as Stripe's API reference shows one. */
export function stripeCharge(options: ChargeOptions = {}) {
  const amount = options.amount ?? 19900;
  const amountRefunded = options.amountRefunded ?? 0;
  const metadata: Record<string, string> = { order: 'web-checkout' };
  if (options.registration !== null) metadata.registration = options.registration ?? 'yd24 kxa';
  return {
    id: options.id ?? unique('ch_3Q'),
    object: 'charge' as const,
    amount,
    amount_captured: amount,
    amount_refunded: amountRefunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: 'txn_3QnVtYLkdIwHu7ix0v2W9X5p',
    billing_details: {
      address: {
        city: 'Leeds',
        country: 'GB',
        line1: '12 Kirkstall Road',
        line2: null,
        postal_code: 'LS4 2AZ',
        state: null,
      },
      email: options.email === undefined ? 'priya.shah@example.com' : options.email,
      name: options.name === undefined ? 'Priya Shah' : options.name,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'DEALER GROUP',
    captured: true,
    created: options.created ?? nowSeconds() - 60,
    currency: options.currency ?? 'gbp',
    customer: null,
    description: 'Vehicle reservation deposit',
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 32,
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: 'pi_3QnVtYLkdIwHu7ix0S6w8dZk',
    payment_method: 'pm_1QnVtXLkdIwHu7ixfP0n6Q2c',
    payment_method_details: options.withoutCard
      ? { type: 'bacs_debit', bacs_debit: { fingerprint: 'gY1x', last4: '2345', sort_code: '108800' } }
      : {
          type: 'card',
          card: {
            amount_authorized: amount,
            authorization_code: '123456',
            brand: 'visa',
            checks: { address_line1_check: null, address_postal_code_check: 'pass', cvc_check: 'pass' },
            country: 'GB',
            exp_month: 8,
            exp_year: 2029,
            fingerprint: 'Xt5EWLLDS7FJjR1c',
            funding: 'credit',
            installments: null,
            last4: '4242',
            mandate: null,
            network: 'visa',
            network_token: { used: false },
            three_d_secure: null,
            wallet: null,
          },
        },
    receipt_email: options.receiptEmail === undefined ? null : options.receiptEmail,
    receipt_number: null,
    receipt_url: 'https://pay.stripe.com/receipts/payment/CAcaFwoVYWNjdF8x',
    refunded: amountRefunded >= amount,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded' as const,
    transfer_data: null,
    transfer_group: null,
  } satisfies Shape<Stripe.Charge>;
}

/** One refund of a charge, as `charge.refund.updated` carries it. */
export function stripeRefund(options: {
  charge: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  id?: string;
  created?: number;
  currency?: string;
}) {
  return {
    id: options.id ?? unique('re_3Q'),
    object: 'refund' as const,
    amount: options.amount,
    balance_transaction: 'txn_3QnVu2LkdIwHu7ix1bV5mY4s',
    charge: options.charge,
    created: options.created ?? nowSeconds() - 30,
    currency: options.currency ?? 'gbp',
    destination_details: {
      card: { reference_status: 'available', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    },
    metadata: {},
    payment_intent: 'pi_3QnVtYLkdIwHu7ix0S6w8dZk',
    reason: 'requested_by_customer' as const,
    receipt_number: null,
    source_transfer_reversal: null,
    status: options.status,
    transfer_reversal: null,
  } satisfies Shape<Stripe.Refund>;
}

/** An Event of the given type around an object, as a webhook endpoint receives it. */
export function stripeEvent(
  type: Stripe.Event['type'],
  object: object,
  options: { id?: string; created?: number } = {},
) {
  return {
    id: options.id ?? unique('evt_3Q'),
    object: 'event' as const,
    api_version: '2025-10-29.clover',
    created: options.created ?? nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_Vq0cL2w5rY8pTz', idempotency_key: '5c1c5a0e-8b0f-4b7a-9d3e-2f6a1b9c0d11' },
    type,
  } satisfies Shape<Stripe.EventBase>;
}

/** The body and headers of one delivery, signed as Stripe signs it (or with the given header). */
export function signedDelivery(
  event: unknown,
  secret: string,
  options: { timestamp?: number; header?: string; payload?: string } = {},
) {
  const payload = options.payload ?? JSON.stringify(event, null, 2);
  const header =
    options.header ??
    stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
  return {
    body: payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
  };
}
