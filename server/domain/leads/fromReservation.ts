import type { LeadDealership, StockVehicle } from './deliveries';
import { type Lead, nameParts, phoneType } from './lead';

export interface ReservationLeadInput {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  postalCode: string | null;
  registration: string;
  reservedAt: Date;
  /** What was paid, in the currency's smallest unit, and the currency as Stripe names it. */
  amount: number;
  currency: string;
  chargeId: string;
  dealership: LeadDealership;
  stock: StockVehicle | null;
}

/** A paid reservation as a lead: the vehicle in stock it reserves, and what was paid for it. */
export function reservationLead(input: ReservationLeadInput): Lead {
  const { stock } = input;
  const currency = input.currency.toUpperCase();
  const name = input.name === 'N/A' ? '' : input.name;
  const email = input.email === 'N/A' ? null : input.email;
  return {
    id: `reservation-${input.id}`,
    requestedAt: input.reservedAt,
    title: 'Reservation',
    vehicle: {
      interest: 'buy',
      status: stock ? 'used' : null,
      registration: input.registration === 'N/A' ? null : input.registration,
      year: '',
      make: stock?.make ?? input.dealership.make,
      model: stock?.model ?? '',
      trim: stock?.derivative ?? null,
      price: stock ? { pence: stock.price, currency: 'GBP' } : null,
      paid: { pence: input.amount, currency },
      comments: null,
    },
    customer: {
      name,
      ...nameParts(name),
      email,
      phone: input.phone ? { number: input.phone, type: phoneType(input.phone) } : null,
      postcode: input.postalCode,
      comments: [
        'Reservation paid on the website.',
        `Paid: ${(input.amount / 100).toFixed(2)} ${currency}`,
        `Payment: ${input.chargeId}`,
      ].join('\n'),
    },
    vendor: input.dealership.vendor,
  };
}
