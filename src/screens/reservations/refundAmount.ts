import type { Reservation } from '@/api/contract/reservations';

/** What is left to refund, in the smallest unit: paid, less refunded and refunds on their way. */
export const refundableAmount = (r: Pick<Reservation, 'amount' | 'amount_refunded' | 'amount_pending'>) =>
  Math.max(r.amount - r.amount_refunded - r.amount_pending, 0);

/** Pence as the amount field shows it: 4975 -> '49.75'. */
export const toPounds = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

const POUNDS = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** '49.75', '£1,049.5' or '20' as pence; null when it is no amount of money. */
export function parsePounds(text: string): number | null {
  const match = POUNDS.exec(text.trim().replace(/^£/, '').replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Said instead of the Refund button where the server cannot send refunds. */
export const REFUNDS_UNAVAILABLE =
  'Refunds cannot be sent from here until a Stripe secret key (STRIPE_SECRET_KEY) is set on the server.';
