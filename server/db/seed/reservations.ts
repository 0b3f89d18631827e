import { storeReservations } from '../../domain/reservations';
import type { Db } from '../open';
import { FIRST_NAMES, LAST_NAMES } from './people';
import { TOWNS } from './towns';
import { registrationFor } from './vehicles';

const BRANDS = ['visa', 'mastercard', 'amex', 'visa', 'mastercard', 'visa'];
const DEPOSITS = [9900, 19900, 25000, 49900, 10000];

/**
 * Paid reservations spread over the past year, newest last: about one in eight refunded in full,
 * one in eight partly, one in twenty-five paid in euros, one in thirty paid without a card.
 */
export function demoReservations(total: number, offset = 0, now = Date.now()) {
  const span = 365 * 24 * 3600_000;
  return Array.from({ length: total }, (_, i) => {
    const n = i + offset;
    const first = FIRST_NAMES[(n * 7 + 1) % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(n * 3 + 2) % LAST_NAMES.length]!;
    const reservedAt = new Date(now - span + Math.floor(((i + 1) / (total + 1)) * span) - (n % 7) * 3600_000);
    const amount = DEPOSITS[n % DEPOSITS.length]!;
    const amountRefunded = n % 8 === 3 ? amount : n % 8 === 6 ? Math.round(amount / 4) : 0;
    const refundedAt =
      amountRefunded > 0 ? new Date(reservedAt.getTime() + (2 + (n % 5)) * 24 * 3600_000) : null;
    const card = n % 30 !== 17;
    const town = TOWNS[n % TOWNS.length]!;
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}${n}@example.com`.toLowerCase(),
      // Some buyers leave no phone or postcode at the checkout.
      phone: n % 5 === 0 ? null : `07700 ${String(900000 + ((n * 37) % 100000)).slice(-6)}`,
      postalCode: n % 6 === 0 ? null : town.postcode,
      registration: registrationFor(n + 7),
      reservedAt,
      refundedAt,
      amount,
      currency: n % 25 === 12 ? 'eur' : 'gbp',
      amountRefunded,
      chargeRefunded: amountRefunded,
      chargeSeenAt: refundedAt ?? reservedAt,
      // Paid by bank debit: Stripe's charge has no card details.
      brand: card ? BRANDS[n % BRANDS.length]! : null,
      expYear: card ? 2026 + (n % 5) : null,
      last4: card ? String(1000 + ((n * 7919) % 9000)) : null,
      chargeId: `ch_demo${String(n).padStart(8, '0')}`,
    };
  });
}

export async function seedReservations(db: Db, total: number): Promise<void> {
  const batch = 2000;
  for (let i = 0; i < total; i += batch) {
    await storeReservations(db, demoReservations(Math.min(batch, total - i), i));
  }
}
